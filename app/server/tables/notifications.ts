import type { Generated, Insertable, Selectable } from "kysely";

// Reminders, SMS choices and quote follow-ups (migration 2026_11_29_1500).

/** One reminder sent for one booked time (docs/decisions/0075-reminders-once-per-booked-time.md). */
export interface BookingRemindersTable {
  id: string;
  booking_id: string;
  scheduled_date: string;
  time_slot: string;
  /** 1 when a text went with the email; defaults to 0 */
  sent_by_sms: Generated<number>;
  created_at: string;
}

export type NewBookingReminder = Insertable<BookingRemindersTable>;

export type SmsChoiceSource = "booking" | "profile" | "reply";

/** A phone number's latest SMS choice (docs/decisions/0076-sms-beside-email.md). */
export interface SmsPreferencesTable {
  /** E.164 */
  phone: string;
  opted_in: number;
  source: SmsChoiceSource;
  updated_at: string;
}

export type SmsPreferenceRow = Selectable<SmsPreferencesTable>;

/** A follow-up email sent about a quote (docs/decisions/0077-quote-follow-ups.md). */
export interface QuoteFollowUpsTable {
  id: string;
  quote_id: string;
  /** 1 or 2 */
  number: number;
  sent_at: string;
}

/** A quote whose client asked for no more follow-ups. */
export interface QuoteFollowUpStopsTable {
  quote_id: string;
  stopped_at: string;
}
