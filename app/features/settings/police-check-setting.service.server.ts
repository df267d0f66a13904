import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import {
  DEFAULT_POLICE_CHECK_YEARS,
  POLICE_CHECK_YEARS_SETTING,
  StoredPoliceCheckYearsSchema,
} from "./police-check-setting";
import { saveAuditedSetting } from "./audited-setting.server";
import { findSettingValue } from "./settings.repository.server";

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
  await saveAuditedSetting(db, {
    key: POLICE_CHECK_YEARS_SETTING,
    value: StoredPoliceCheckYearsSchema.parse(years),
    read: getPoliceCheckYears,
    action: "settings.police_check_years_updated",
    details: (from, to) => JSON.stringify({ from, to }),
    actor,
    now,
  });
}
