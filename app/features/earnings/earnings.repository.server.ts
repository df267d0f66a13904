import type { Kysely } from "kysely";
import type { Database } from "~/server/database";

// The SQL of a cleaner's earnings (docs/decisions/0071-cleaner-earnings-and-calendar-feed.md):
// their done seats and their payouts, always for one cleaner.

/** Most seats a screen reads: about four years of a full-time cleaner's jobs. */
const MOST_SEATS = 2000;

/**
 * The cleaner's done seats, newest first: an accepted seat of a completed booking, or one the
 * cleaner checked out of (the job may be completed a moment later, when the crew is out).
 */
export async function findDoneSeats(db: Kysely<Database>, cleanerId: string) {
  return db
    .selectFrom("assignments as a")
    .innerJoin("bookings as b", "b.id", "a.booking_id")
    .innerJoin("quotes as q", "q.id", "b.quote_id")
    .where("a.cleaner_id", "=", cleanerId)
    .where("a.status", "=", "accepted")
    .where((eb) =>
      eb.or([eb("b.status", "=", "completed"), eb("a.checked_out_at", "is not", null)]),
    )
    .where("b.status", "!=", "cancelled")
    .select([
      "a.id",
      "b.scheduled_date",
      "b.time_slot",
      "b.suburb",
      "b.crew_size",
      "q.estimated_hours",
      "a.checked_in_at",
      "a.checked_out_at",
    ])
    .orderBy("b.scheduled_date", "desc")
    .orderBy("b.time_slot", "desc")
    .limit(MOST_SEATS)
    .execute();
}

/** The cleaner's payouts, newest first. */
export async function findCleanerPayouts(db: Kysely<Database>, cleanerId: string) {
  return db
    .selectFrom("cleaner_payouts")
    .select([
      "id",
      "reference",
      "amount_cents",
      "status",
      "payout_date",
      "period_start",
      "period_end",
    ])
    .where("cleaner_id", "=", cleanerId)
    .orderBy("payout_date", "desc")
    .orderBy("created_at", "desc")
    .limit(200)
    .execute();
}
