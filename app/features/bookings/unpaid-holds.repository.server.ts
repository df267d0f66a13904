import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "~/server/database";

// The SQL of unpaid holds (docs/decisions/0048-unpaid-booking-holds.md). Every
// condition of a release is in the update itself, so whichever server runs it first releases
// the booking and every other run, here or on another server, updates nothing.

/** A live booking whose hold has run out at `now`, not exempt and never paid. */
function holdRanOut(eb: ExpressionBuilder<Database, "bookings">, now: string) {
  return eb.and([
    eb("bookings.status", "=", "confirmed"),
    eb("bookings.hold_until", "is not", null),
    eb("bookings.hold_until", "<=", now),
    eb("bookings.pay_on_the_day", "=", 0),
    eb.not(
      eb.exists(
        eb
          .selectFrom("payments")
          .select("payments.id")
          .whereRef("payments.booking_id", "=", "bookings.id")
          .where("payments.status", "=", "paid"),
      ),
    ),
  ]);
}

/** Bookings whose unpaid hold has run out, the oldest first, at most `limit`. */
export async function findRunOutHolds(db: Kysely<Database>, now: string, limit: number) {
  return db
    .selectFrom("bookings")
    .select(["bookings.id"])
    .where((eb) => holdRanOut(eb, now))
    .orderBy("bookings.hold_until")
    .limit(limit)
    .execute();
}

/** Cancels the booking if its hold has still run out: true for the one caller that did. */
export async function releaseHoldIf(db: Kysely<Database>, bookingId: string, now: string) {
  const result = await db
    .updateTable("bookings")
    .set({ status: "cancelled", cancelled_at: now, cancelled_by: "system", updated_at: now })
    .where("bookings.id", "=", bookingId)
    .where((eb) => holdRanOut(eb, now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Staff confirmed payment on the day: the booking keeps its slot. False when not live. */
export async function exemptFromHoldIf(db: Kysely<Database>, bookingId: string, now: string) {
  const result = await db
    .updateTable("bookings")
    .set({ pay_on_the_day: 1, hold_until: null, updated_at: now })
    .where("id", "=", bookingId)
    .where("status", "=", "confirmed")
    .where("pay_on_the_day", "=", 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
