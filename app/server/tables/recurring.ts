import type { Selectable } from "kysely";

// Recurring series and their occurrences (migration 2026_11_29_1400,
// docs/decisions/0073-series-occurrences-are-bookings.md).

export type SeriesStatus = "active" | "paused" | "cancelled";

export interface RecurringSeriesTable {
  id: string;
  customer_id: string;
  /** The priced job every visit repeats: its hours, crew and service */
  quote_id: string;
  /** basic | premium | business when bought as a plan (docs/decisions/0072-plans-and-visit-prices.md) */
  plan: string | null;
  /** RFC 5545 RRULE value without DTSTART, e.g. FREQ=WEEKLY;INTERVAL=2;BYDAY=TU */
  rule: string;
  /** The rule's first date (its DTSTART), Sydney YYYY-MM-DD */
  starts_on: string;
  /** HH:MM, one of the booking slots */
  time_slot: string;
  address: string;
  suburb: string | null;
  postcode: string | null;
  lat: number | null;
  lng: number | null;
  /** What each visit costs, GST included, after the frequency discount */
  visit_price_cents: number;
  status: SeriesStatus;
  /** While paused: the first date visits may be booked again (Sydney YYYY-MM-DD) */
  paused_until: string | null;
  /** The last date the sweep has created occurrences up to; null before its first run */
  booked_through: string | null;
  created_at: string;
  updated_at: string;
  cancelled_at: string | null;
}

export type RecurringSeriesRow = Selectable<RecurringSeriesTable>;

/** booked: has its booking; skipped: left out by the customer or staff; unstaffed: booked without a whole crew; cancelled: the series ended */
export type OccurrenceStatus = "booked" | "skipped" | "unstaffed" | "cancelled";

export interface SeriesOccurrencesTable {
  id: string;
  series_id: string;
  /** The rule's date (its RECURRENCE-ID): kept when the one visit is rescheduled */
  occurrence_date: string;
  booking_id: string | null;
  status: OccurrenceStatus;
  created_at: string;
  updated_at: string;
}

export type SeriesOccurrenceRow = Selectable<SeriesOccurrencesTable>;
