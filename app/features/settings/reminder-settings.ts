import { z } from "zod";

// docs/decisions/0075-reminders-once-per-booked-time.md and 0077-quote-follow-ups.md: how long
// before a clean its reminder goes, and how long a quote waits unbooked before its follow-up.
// Two keys of their own beside the business profile. Client-safe: the form and the server read
// the same schema.

export const REMINDER_HOURS_SETTING = "reminder_hours_before";
export const QUOTE_FOLLOW_UP_DAYS_SETTING = "quote_follow_up_days";
export const DEFAULT_REMINDER_HOURS = 48;
export const DEFAULT_QUOTE_FOLLOW_UP_DAYS = 2;
export const REMINDERS_INTENT = "reminders";
export const REMINDERS_SAVED = "Reminder settings saved.";

const HOURS_MESSAGE = "Reminder time must be a whole number of hours from 24 to 168";
const DAYS_MESSAGE = "Follow-up wait must be a whole number of days from 1 to 30";

export const StoredReminderHoursSchema = z.number().int().min(24).max(168);
export const StoredQuoteFollowUpDaysSchema = z.number().int().min(1).max(30);

function whole(message: string, min: number, max: number) {
  return z
    .string(message)
    .trim()
    .regex(/^\d{1,3}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
}

export const ReminderSettingsFormSchema = z.object({
  reminderHours: whole(HOURS_MESSAGE, 24, 168),
  quoteFollowUpDays: whole(DAYS_MESSAGE, 1, 30),
});

export type ReminderSettings = z.output<typeof ReminderSettingsFormSchema>;
