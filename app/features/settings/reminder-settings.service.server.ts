import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import { saveAuditedSetting } from "./audited-setting.server";
import {
  DEFAULT_QUOTE_FOLLOW_UP_DAYS,
  DEFAULT_REMINDER_HOURS,
  QUOTE_FOLLOW_UP_DAYS_SETTING,
  REMINDER_HOURS_SETTING,
  StoredQuoteFollowUpDaysSchema,
  StoredReminderHoursSchema,
  type ReminderSettings,
} from "./reminder-settings";
import { findSettingValue } from "./settings.repository.server";

/** Hours before a clean that its reminder goes: the saved setting, else 48. */
export async function getReminderHours(db: Kysely<Database>) {
  return (
    (await findSettingValue(db, REMINDER_HOURS_SETTING, StoredReminderHoursSchema)) ??
    DEFAULT_REMINDER_HOURS
  );
}

/** Days a quote waits unbooked before its follow-up: the saved setting, else 2. */
export async function getQuoteFollowUpDays(db: Kysely<Database>) {
  return (
    (await findSettingValue(db, QUOTE_FOLLOW_UP_DAYS_SETTING, StoredQuoteFollowUpDaysSchema)) ??
    DEFAULT_QUOTE_FOLLOW_UP_DAYS
  );
}

export async function getReminderSettings(db: Kysely<Database>): Promise<ReminderSettings> {
  return {
    reminderHours: await getReminderHours(db),
    quoteFollowUpDays: await getQuoteFollowUpDays(db),
  };
}

/** Saves both, each with an audit entry when it changed. */
export async function updateReminderSettings(
  db: Kysely<Database>,
  settings: ReminderSettings,
  actor: { staffId: string; ip: string | null },
  now = new Date(),
) {
  await saveAuditedSetting(db, {
    key: REMINDER_HOURS_SETTING,
    value: settings.reminderHours,
    read: getReminderHours,
    action: "settings.reminder_hours_updated",
    details: (from, to) => JSON.stringify({ from, to }),
    actor,
    now,
  });
  await saveAuditedSetting(db, {
    key: QUOTE_FOLLOW_UP_DAYS_SETTING,
    value: settings.quoteFollowUpDays,
    read: getQuoteFollowUpDays,
    action: "settings.quote_follow_up_days_updated",
    details: (from, to) => JSON.stringify({ from, to }),
    actor,
    now,
  });
}
