import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import { liveBookingSlots } from "~/server/live-bookings.repository.server";

// The schedule's queries. Each is a date range on bookings_slot_idx (scheduled_date, time_slot),
// joined on payments_booking_idx and assignments_quote_idx, so a week
// costs the same at 200,000 leads as at 2,000, and what it costs grows with the week's jobs only.

/**
 * The bookings of live leads from `from` to `to` (inclusive) that are not cancelled, each with the
 * status of its newest payment (null without one), found by one probe of payments_booking_idx per
 * booking in the same query rather than by a second query over the week's payments.
 */
export async function findScheduledBookings(db: Kysely<Database>, from: string, to: string) {
  return liveBookingSlots(db)
    .select((eb) => [
      "b.status",
      "b.crew_size",
      "q.service_type",
      "q.estimated_hours",
      eb
        .selectFrom("payments as p")
        .select("p.status")
        .whereRef("p.booking_id", "=", "b.id")
        .orderBy("p.created_at", "desc")
        .limit(1)
        .as("payment_status"),
    ])
    .where("b.scheduled_date", ">=", from)
    .where("b.scheduled_date", "<=", to)
    .where("b.status", "!=", "cancelled")
    .orderBy("b.scheduled_date")
    .orderBy("b.time_slot")
    .orderBy("b.created_at")
    .orderBy("b.id")
    .execute();
}

/** The live offers (pending or accepted) of the bookings from `from` to `to`, with the cleaner's name. */
export async function findLiveAssignmentsBetween(db: Kysely<Database>, from: string, to: string) {
  return db
    .selectFrom("assignments as a")
    .innerJoin("bookings as b", "b.quote_id", "a.quote_id")
    .innerJoin("cleaners as c", "c.id", "a.cleaner_id")
    .select((eb) => [
      "a.quote_id",
      "a.booking_id",
      "a.status",
      "a.created_at",
      "c.name as cleaner_name",
      // docs/decisions/0068-job-visits.md: each seat's live status from the cleaner's app.
      "a.seat",
      "a.on_my_way_at",
      "a.checked_in_at",
      "a.checked_out_at",
      eb
        .selectFrom("job_problems as p")
        .whereRef("p.assignment_id", "=", "a.id")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .as("problems"),
    ])
    .where("b.scheduled_date", ">=", from)
    .where("b.scheduled_date", "<=", to)
    .where("b.status", "!=", "cancelled")
    .where("a.status", "in", ["pending", "accepted"])
    .orderBy("a.created_at", "desc")
    .execute();
}
