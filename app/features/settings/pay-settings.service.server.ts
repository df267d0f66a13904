import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database } from "~/server/database";
import {
  DEFAULT_PAY_SETTINGS,
  PAY_SETTINGS_KEY,
  PaySettingsSchema,
  type PaySettings,
} from "./pay-settings";
import { findSettingValue, upsertSetting } from "./settings.repository.server";

// docs/decisions/0080-pay-rules.md: the pay settings, one JSON value under a key of its own.

const StoredPaySettingsSchema = PaySettingsSchema.partial();

/** The pay settings in force: the saved ones over the defaults. */
export async function getPaySettings(db: Kysely<Database>): Promise<PaySettings> {
  const saved = await findSettingValue(db, PAY_SETTINGS_KEY, StoredPaySettingsSchema);
  return { ...DEFAULT_PAY_SETTINGS, ...saved };
}

/**
 * Saves the pay settings an owner edited, with an audit entry naming the fields that changed
 * (names only: the bank details stay out of the log).
 */
export async function updatePaySettings(
  db: Kysely<Database>,
  settings: PaySettings,
  actor: { staffId: string; ip: string | null },
  now = new Date(),
) {
  const valid = PaySettingsSchema.parse(settings);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await getPaySettings(trx);
    const changed = (Object.keys(valid) as Array<keyof PaySettings>).filter(
      (key) => before[key] !== valid[key],
    );
    await upsertSetting(trx, {
      key: PAY_SETTINGS_KEY,
      value: JSON.stringify(valid),
      updated_at: at,
      updated_by: actor.staffId,
    });
    if (changed.length === 0) return;
    await insertAuditEntry(trx, {
      id: newId(),
      actor_type: "staff",
      actor_id: actor.staffId,
      action: "settings.pay_updated",
      subject_type: "settings",
      subject_id: PAY_SETTINGS_KEY,
      details: JSON.stringify({ changed }),
      ip: actor.ip,
      created_at: at,
    });
  });
}
