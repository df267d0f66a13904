import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import { liveBookingSlots } from "~/server/live-bookings.repository.server";

// The schedule's queries. The bookings are a date range on bookings_slot_idx (scheduled_date,
// time_slot), the payments and offers probes of payments_booking_idx and assignments_quote_idx for
// the jobs listed, so a week costs the same at 200,000 leads as at 2,000, and what it costs grows
// with the week's jobs only.

/**
 * The bookings of live leads from `from` to `to` (inclusive) that are not cancelled, each with how
 * many its slot has (`slot_jobs`) and the status of its newest payment (null without one). With
 * `perSlot`, only each slot's first that many, in booking order: a busy week's slot lists a few
 * and links to its day (docs/decisions/0102-a-weeks-slot-lists-its-first-jobs.md). Each listed
 * booking's payment is one probe of payments_booking_idx.
 */
export async function findScheduledBookings(
  db: Kysely<Database>,
  range: { from: string; to: string; perSlot?: number },
) {
  const ranked = liveBookingSlots(db)
    .select((eb) => [
      "b.status",
      "b.crew_size",
      "q.service_type",
      "q.estimated_hours",
      eb.fn
        .countAll<number>()
        .over((ob) => ob.partitionBy(["b.scheduled_date", "b.time_slot"]))
        .as("slot_jobs"),
      eb.fn
        .agg<number>("row_number")
        .over((ob) =>
          ob
            .partitionBy(["b.scheduled_date", "b.time_slot"])
            .orderBy("b.created_at")
            .orderBy("b.id"),
        )
        .as("slot_rank"),
    ])
    .where("b.scheduled_date", ">=", range.from)
    .where("b.scheduled_date", "<=", range.to)
    .where("b.status", "!=", "cancelled");
  let listed = db
    .selectFrom(ranked.as("r"))
    .select((eb) => [
      "r.id",
      "r.quote_id",
      "r.reference",
      "r.scheduled_date",
      "r.time_slot",
      "r.suburb",
      "r.slot_jobs",
      "r.status",
      "r.crew_size",
      "r.service_type",
      "r.estimated_hours",
      eb
        .selectFrom("payments as p")
        .select("p.status")
        .whereRef("p.booking_id", "=", "r.id")
        .orderBy("p.created_at", "desc")
        .limit(1)
        .as("payment_status"),
    ]);
  if (range.perSlot !== undefined) listed = listed.where("r.slot_rank", "<=", range.perSlot);
  return listed.orderBy("r.scheduled_date").orderBy("r.time_slot").orderBy("r.slot_rank").execute();
}

/**
 * The live offers (pending or accepted) of the given bookings' quotes, with the cleaner's name,
 * the booking each row is read for and the booking the offer names. Offers are made per quote
 * (docs/decisions/0060-crews-and-cleaner-holds.md), so a regular clean's visits share theirs; the
 * check-ins on a seat are the named booking's own.
 */
export async function findLiveAssignmentsOf(db: Kysely<Database>, bookingIds: string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom("assignments as a")
    .innerJoin("bookings as b", "b.quote_id", "a.quote_id")
    .innerJoin("cleaners as c", "c.id", "a.cleaner_id")
    .select((eb) => [
      "b.id as for_booking_id",
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
    .where("b.id", "in", bookingIds)
    .where("a.status", "in", ["pending", "accepted"])
    .orderBy("a.created_at", "desc")
    .execute();
}
