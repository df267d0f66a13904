import { sql, type Kysely } from "kysely";
import type { Database } from "~/server/database";
import { liveBookingSlots } from "~/server/live-bookings.repository.server";

// The dispatch board's queries: three for a whole week, each a range on an index
// (cleaners_status_idx; bookings_slot_idx joined on the quotes' key and assignments_quote_idx;
// the time off table, one short row per spell), so the page costs what its week holds, not what
// the year holds.

/** Offers that hold a cleaner's time: waiting for an answer, or accepted. */
const LIVE_OFFER_STATUSES = ["pending", "accepted"] as const;

/** Hired cleaners (applicants aside): those taking jobs first, then the rest, by name. */
export async function findBoardCleaners(db: Kysely<Database>) {
  return db
    .selectFrom("cleaners")
    .select(["id", "name", "status"])
    .where("status", "in", ["available", "busy", "offline", "suspended"])
    .orderBy(
      sql`case status when 'available' then 0 when 'busy' then 1 when 'offline' then 2 else 3 end`,
    )
    .orderBy("name")
    .orderBy("id")
    .limit(1000)
    .execute();
}

/**
 * The bookings of live leads from `from` to `to` (inclusive) that are not cancelled, one row per
 * live offer of each (or one row without an offer), soonest first. Written as a cross join:
 * SQLite keeps a cross join's order, so the week's bookings are found by date first
 * (bookings_slot_idx) and only their leads are read, where without statistics it would start
 * from every live lead; PostgreSQL plans it as the inner join it is.
 */
export async function findBoardJobs(db: Kysely<Database>, from: string, to: string) {
  return db
    .selectFrom("bookings as b")
    .crossJoin("quotes as q")
    .leftJoin("assignments as a", (join) =>
      join.onRef("a.quote_id", "=", "b.quote_id").on("a.status", "in", LIVE_OFFER_STATUSES),
    )
    .select([
      "b.id",
      "b.quote_id",
      "b.reference",
      "b.scheduled_date",
      "b.time_slot",
      "b.suburb",
      "b.status",
      "b.crew_size",
      "q.service_type",
      "q.estimated_hours",
      "a.id as offer_id",
      "a.cleaner_id",
      "a.status as offer_status",
      // docs/decisions/0068-job-visits.md: each seat's live status from the cleaner's app.
      "a.on_my_way_at",
      "a.checked_in_at",
      "a.checked_out_at",
      (eb) =>
        eb
          .selectFrom("job_problems as p")
          .whereRef("p.assignment_id", "=", "a.id")
          .select((inner) => inner.fn.countAll<number>().as("n"))
          .as("problems"),
    ])
    .whereRef("q.id", "=", "b.quote_id")
    .where((eb) =>
      eb.and([
        eb("b.scheduled_date", ">=", from),
        eb("b.scheduled_date", "<=", to),
        eb("b.status", "!=", "cancelled"),
        eb("q.deleted_at", "is", null),
      ]),
    )
    .orderBy(["b.scheduled_date", "b.time_slot", "b.created_at", "b.id"])
    .execute();
}

/** Approved spells of time off that touch the dates from `from` to `to` (a request is not yet off). */
export async function findTimeOffBetween(db: Kysely<Database>, from: string, to: string) {
  return db
    .selectFrom("cleaner_time_off")
    .select(["cleaner_id", "starts_on", "ends_on"])
    .where("status", "=", "approved")
    .where("starts_on", "<=", to)
    .where("ends_on", ">=", from)
    .orderBy("starts_on")
    .execute();
}

/** A booking with what offering its next seat needs; undefined when missing or its lead deleted. */
export async function findBookingForSeat(db: Kysely<Database>, bookingId: string) {
  return liveBookingSlots(db)
    .select(["b.status", "b.crew_size"])
    .where("b.id", "=", bookingId)
    .executeTakeFirst();
}

/** The live offers of a lead, with the names of the cleaners they are for. */
export async function findLiveOffersOfQuote(db: Kysely<Database>, quoteId: string) {
  return db
    .selectFrom("assignments as a")
    .innerJoin("cleaners as c", "c.id", "a.cleaner_id")
    .select(["a.cleaner_id", "c.name as cleaner_name"])
    .where("a.quote_id", "=", quoteId)
    .where("a.status", "in", LIVE_OFFER_STATUSES)
    .execute();
}
