import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import { saveAuditedSetting } from "./audited-setting.server";
import {
  CARD_RETRY_HOURS_SETTING,
  DEFAULT_CARD_RETRY_HOURS,
  StoredCardRetryHoursSchema,
} from "./card-retry-setting";
import { findSettingValue } from "./settings.repository.server";

/** Hours before each new try of a declined saved card: the saved setting, else 24 then 72. */
export async function getCardRetryHours(db: Kysely<Database>): Promise<number[]> {
  const saved = await findSettingValue(db, CARD_RETRY_HOURS_SETTING, StoredCardRetryHoursSchema);
  return saved ?? [...DEFAULT_CARD_RETRY_HOURS];
}

/** Saves the schedule, with an audit entry when it changed. */
export async function updateCardRetryHours(
  db: Kysely<Database>,
  hours: number[],
  actor: { staffId: string; ip: string | null },
  now = new Date(),
) {
  await saveAuditedSetting(db, {
    key: CARD_RETRY_HOURS_SETTING,
    value: hours,
    read: getCardRetryHours,
    action: "settings.card_retry_hours_updated",
    details: (from, to) => JSON.stringify({ from, to }),
    actor,
    now,
  });
}
