import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database } from "~/server/database";
import {
  DEFAULT_POLICE_CHECK_YEARS,
  POLICE_CHECK_YEARS_SETTING,
  StoredPoliceCheckYearsSchema,
} from "./police-check-setting";
import { findSettingValue, upsertSetting } from "./settings.repository.server";

// docs/decisions/0042-who-is-free-for-a-job.md: the police check's validity in years, kept under
// a key of its own beside the business profile.

/** The years a police check stays valid: the saved setting, else the default (3). */
export async function getPoliceCheckYears(db: Kysely<Database>) {
  return (
    (await findSettingValue(db, POLICE_CHECK_YEARS_SETTING, StoredPoliceCheckYearsSchema)) ??
    DEFAULT_POLICE_CHECK_YEARS
  );
}

/** Saves the validity an owner chose, with an audit entry when it changed. */
export async function updatePoliceCheckYears(
  db: Kysely<Database>,
  years: number,
  actor: { staffId: string; ip: string | null },
  now = new Date(),
) {
  const valid = StoredPoliceCheckYearsSchema.parse(years);
  await db.transaction().execute(async (trx) => {
    const before = await getPoliceCheckYears(trx);
    const at = now.toISOString();
    await upsertSetting(trx, {
      key: POLICE_CHECK_YEARS_SETTING,
      value: JSON.stringify(valid),
      updated_at: at,
      updated_by: actor.staffId,
    });
    if (before === valid) return;
    await insertAuditEntry(trx, {
      id: newId(),
      actor_type: "staff",
      actor_id: actor.staffId,
      action: "settings.police_check_years_updated",
      subject_type: "settings",
      subject_id: POLICE_CHECK_YEARS_SETTING,
      details: JSON.stringify({ from: before, to: valid }),
      ip: actor.ip,
      created_at: at,
    });
  });
}
