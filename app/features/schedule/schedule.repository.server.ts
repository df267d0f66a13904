import type { Kysely } from "kysely";
import type { Database } from "~/server/database";

// The schedule's queries. Each is a range or IN lookup on an index: bookings_slot_idx
// (scheduled_date, time_slot), booking_slot_counts' key, payments_booking_idx and
// assignments_quote_idx, so a week costs the same at 200,000 leads as at 2,000.

/** The bookings of live leads from `from` to `to` (inclusive) that are not cancelled. */
export async function findScheduledBookings(db: Kysely<Database>, from: string, to: string) {
  return db
    .selectFrom("bookings as b")
    .innerJoin("quotes as q", "q.id", "b.quote_id")
    .select([
      "b.id",
      "b.quote_id",
      "b.reference",
      "b.scheduled_date",
      "b.time_slot",
      "b.suburb",
      "b.status",
      "q.service_type",
      "q.estimated_hours",
    ])
    .where("b.scheduled_date", ">=", from)
    .where("b.scheduled_date", "<=", to)
    .where("b.status", "!=", "cancelled")
    .where("q.deleted_at", "is", null)
    .orderBy("b.scheduled_date")
    .orderBy("b.time_slot")
    .orderBy("b.created_at")
    .orderBy("b.id")
    .execute();
}

/** Places taken per date and slot from `from` to `to`. */
export async function findSlotCountsBetween(db: Kysely<Database>, from: string, to: string) {
  return db
    .selectFrom("booking_slot_counts")
    .select(["scheduled_date", "time_slot", "booked"])
    .where("scheduled_date", ">=", from)
    .where("scheduled_date", "<=", to)
    .execute();
}

/** Each booking's payments, newest first. */
export async function findPaymentsOfBookings(db: Kysely<Database>, bookingIds: string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom("payments")
    .select(["booking_id", "status", "created_at"])
    .where("booking_id", "in", bookingIds)
    .orderBy("created_at", "desc")
    .execute();
}

/** The live offers (pending or accepted) of the given quotes, with the cleaner's name. */
export async function findLiveAssignments(db: Kysely<Database>, quoteIds: string[]) {
  if (quoteIds.length === 0) return [];
  return db
    .selectFrom("assignments as a")
    .innerJoin("cleaners as c", "c.id", "a.cleaner_id")
    .select(["a.quote_id", "a.booking_id", "a.status", "a.created_at", "c.name as cleaner_name"])
    .where("a.quote_id", "in", quoteIds)
    .where("a.status", "in", ["pending", "accepted"])
    .orderBy("a.created_at", "desc")
    .execute();
}
