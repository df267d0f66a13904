import { sql, type Kysely } from "kysely";
import type { Database } from "~/server/database";

// Writes of Complete job; each a compare-and-set on the row's current state, so that two
// clicks cannot count one job twice.

/** assigned -> completed (and the board's Booked column), only if still assigned. */
export async function completeQuoteIfAssigned(trx: Kysely<Database>, quoteId: string, at: string) {
  const result = await trx
    .updateTable("quotes")
    .set({ status: "completed", lead_status: "booked", updated_at: at })
    .where("id", "=", quoteId)
    .where("status", "=", "assigned")
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findQuoteState(db: Kysely<Database>, quoteId: string) {
  return db
    .selectFrom("quotes")
    .select(["status", "lead_status"])
    .where("id", "=", quoteId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** The cleaner who accepted the job (the newest accepted offer). */
export async function findAcceptedCleaner(db: Kysely<Database>, quoteId: string) {
  return db
    .selectFrom("assignments")
    .select(["id", "cleaner_id"])
    .where("quote_id", "=", quoteId)
    .where("status", "=", "accepted")
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

/** One more completed job, one fewer active booking (never below zero). */
export async function countCompletedJob(trx: Kysely<Database>, cleanerId: string, at: string) {
  await trx
    .updateTable("cleaners")
    .set({
      completed_jobs: sql`completed_jobs + 1`,
      active_bookings: sql`case when active_bookings > 0 then active_bookings - 1 else 0 end`,
      updated_at: at,
    })
    .where("id", "=", cleanerId)
    .execute();
}

/** The quote's confirmed booking becomes completed. */
/**
 * Completes the quote's confirmed bookings that are due: dated on or before `today` (Sydney).
 * A regular clean's later visits are bookings of the same quote and stay confirmed
 * (docs/decisions/0073-series-occurrences-are-bookings.md). A one-off job finished before its
 * date has no booking due, so its earliest confirmed booking is the one completed.
 */
export async function completeBookings(
  trx: Kysely<Database>,
  quoteId: string,
  at: string,
  today: string,
) {
  const confirmed = trx
    .selectFrom("bookings")
    .where("quote_id", "=", quoteId)
    .where("status", "=", "confirmed");
  const due = await confirmed.select("id").where("scheduled_date", "<=", today).execute();
  const earliest = due.length
    ? []
    : await confirmed.select("id").orderBy("scheduled_date").orderBy("id").limit(1).execute();
  const ids = [...due, ...earliest].map((row) => row.id);
  if (ids.length === 0) return;
  await trx
    .updateTable("bookings")
    .set({ status: "completed", completed_at: at, updated_at: at })
    .where("id", "in", ids)
    .where("status", "=", "confirmed")
    .execute();
}
