import type { Generated, Insertable, Selectable } from "kysely";
import type { QuoteStatus } from "./leads";

// Bookings, their places per time slot and the offers made to cleaners (migrations
// 2026_11_22_0910 and 2026_11_25_1200).

export type BookingStatus = "confirmed" | "completed" | "cancelled";

export interface BookingsTable {
  id: string;
  reference: string;
  quote_id: string;
  customer_id: string | null;
  scheduled_date: string;
  /** HH:MM, one of the spec's slots (docs/product/public-site.md#business-constants-and-limits) */
  time_slot: string;
  address: string;
  suburb: string | null;
  postcode: string | null;
  /** The suburb's coordinates */
  lat: number | null;
  lng: number | null;
  status: BookingStatus;
  price_cents: number;
  /** A rewards discount taken off price_cents (migration 2026_11_25_1200); defaults to 0 */
  discount_cents: Generated<number>;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  cancelled_at: string | null;
  /** Who cancelled: "system" when an unpaid hold ran out (migration 2026_11_26_0971) */
  cancelled_by: "customer" | "staff" | "system" | null;
  /** When an unpaid online booking gives its slot back; null holds it without a limit */
  hold_until: string | null;
  /** 1 when staff confirmed payment on the day: never released for being unpaid; defaults to 0 */
  pay_on_the_day: Generated<number>;
  /** Cleaners the job needs, from its estimate (migration 2026_11_28_0900); defaults to 1 */
  crew_size: Generated<number>;
  /** Minutes on site summed over the seats' check-ins and check-outs, set when the last seat checks out (migration 2026_11_29_1200) */
  actual_minutes: number | null;
  /**
   * When the crew's first seat set off, claimed by a conditional update so the job's one "On my
   * way" text goes once (migration 2026_12_02_0900)
   */
  crew_set_off_at: string | null;
}

export type BookingRow = Selectable<BookingsTable>;
export type NewBooking = Insertable<BookingsTable>;

/** Bookings that hold a place per Sydney date and time slot (migration 2026_11_25_1200). */
export interface BookingSlotCountsTable {
  scheduled_date: string;
  time_slot: string;
  /** Defaults to 0 */
  booked: Generated<number>;
}

/**
 * What each booking adds to the operations dashboard's counts, written only by the triggers of
 * migration 2026_11_30_1500 (docs/decisions/0089-admin-lists-at-scale.md).
 */
export interface BookingTalliesTable {
  booking_id: string;
  /** YYYY-MM-DDTHH (UTC) of the booking's creation while it is on and its lead live */
  made_hour: string | null;
  /** Its scheduled date while it is confirmed, its lead live and no cleaner has accepted it */
  unstaffed_date: string | null;
}

/** Bookings still on per UTC hour of their creation; kept by triggers. */
export interface HourlyBookingCountsTable {
  utc_hour: string;
  bookings: number;
}

/** Confirmed jobs of live leads with no accepted offer, per scheduled date; kept by triggers. */
export interface UnstaffedJobCountsTable {
  scheduled_date: string;
  jobs: number;
}

export type AssignmentStatus = "pending" | "accepted" | "declined" | "expired" | "cancelled";

export interface AssignmentsTable {
  id: string;
  quote_id: string;
  booking_id: string | null;
  cleaner_id: string;
  scheduled_date: string;
  time_slot: string;
  status: AssignmentStatus;
  response_deadline: string;
  /** SHA-256 of the token in the accept/decline link */
  token_hash: string;
  responded_at: string | null;
  previous_quote_status: QuoteStatus | null;
  /** The crew place (1..crew_size) offered (migration 2026_11_28_0900); defaults to 1 */
  seat: Generated<number>;
  /** What a cleaner said when declining in their app, if anything (migration 2026_11_28_0920) */
  decline_reason: string | null;
  /** When the cleaner tapped "On my way" in their app (migration 2026_11_29_0900) */
  on_my_way_at: string | null;
  /** When the cleaner checked in at the address: the start of the hours they are paid for */
  checked_in_at: string | null;
  /** When the cleaner checked out: the end of the hours they are paid for */
  checked_out_at: string | null;
  /** Where the seat checked in, only when the phone granted it (migration 2026_11_29_1200) */
  check_in_lat: number | null;
  check_in_lng: number | null;
  /** The phone's own accuracy for that position, in metres */
  check_in_accuracy_m: number | null;
  /**
   * 1 when the automatic chain made the offer, 0 when staff did (migration 2026_11_29_1000,
   * docs/decisions/0064-automatic-offers.md)
   */
  automatic: Generated<number>;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export type NewAssignment = Insertable<AssignmentsTable>;

/**
 * One cleaner held for one seat of a booking: while live (released_at null) nobody else may hold
 * that cleaner for an overlapping span (docs/decisions/0060-crews-and-cleaner-holds.md).
 */
export interface CleanerHoldsTable {
  id: string;
  cleaner_id: string;
  booking_id: string;
  seat: number;
  /** Whole minutes since the Unix epoch (UTC) the job starts */
  starts_minute: number;
  /** The job's end plus the travel buffer, in the same minutes */
  blocked_until_minute: number;
  /** The offer this hold became, once offered */
  assignment_id: string | null;
  created_at: string;
  released_at: string | null;
}

export type CleanerHoldRow = Selectable<CleanerHoldsTable>;

/**
 * One line of a job's checklist, copied from its cleaning level's list and the staff notes when
 * the crew first opens the job (docs/decisions/0068-job-visits.md).
 */
export interface JobChecklistItemsTable {
  id: string;
  booking_id: string;
  /** Order on the list, unique per booking */
  position: number;
  label: string;
  source: "level" | "notes";
  /** The crew member who ticked it */
  ticked_by: string | null;
  ticked_at: string | null;
  /** Why it was left unticked, given at check-out */
  skip_reason: string | null;
  created_at: string;
}

export type JobProblemKind = "key" | "damage" | "not_home" | "other";

/** A problem a crew member reported from the job; it reaches the office at once. */
export interface JobProblemsTable {
  id: string;
  booking_id: string;
  assignment_id: string;
  kind: JobProblemKind;
  details: string | null;
  created_at: string;
}

/** A before or after photo of a job, taken by one seat (an upload of purpose job_photo). */
export interface JobPhotosTable {
  id: string;
  booking_id: string;
  assignment_id: string;
  upload_id: string;
  stage: "before" | "after";
  created_at: string;
}
