import { PostgresAdapter, type Insertable, type Kysely, type Transaction } from "kysely";
import type { Database } from "~/server/database";
import type { HoldSpan } from "./hold-span";

// docs/decisions/0060-crews-and-cleaner-holds.md: the cleaner_holds table. Only live rows
// (released_at null) block anyone.

/** Live holds of any of `cleanerIds` (all cleaners when omitted) that overlap `span`. */
export async function findHoldsOverlapping(
  db: Kysely<Database>,
  span: HoldSpan,
  cleanerIds?: readonly string[],
) {
  if (cleanerIds && cleanerIds.length === 0) return [];
  let query = db
    .selectFrom("cleaner_holds")
    .selectAll()
    .where("released_at", "is", null)
    .where("starts_minute", "<", span.blockedUntilMinute)
    .where("blocked_until_minute", ">", span.startsMinute);
  if (cleanerIds) query = query.where("cleaner_id", "in", cleanerIds);
  return query.execute();
}

export type NewHold = Insertable<Database["cleaner_holds"]>;

/**
 * Inserts the hold; false, with nothing written, when a live hold of the cleaner overlaps it or
 * the seat already has one. PostgreSQL's exclusion constraint refuses an overlap, even from a
 * transaction that commits between two statements of this one; SQLite has one writer, so a
 * check inside the caller's write transaction is enough there. Either way the insert does
 * nothing on a conflict, and the caller's transaction goes on.
 */
export async function insertHoldUnlessTaken(trx: Transaction<Database>, row: NewHold) {
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  if (!postgres) {
    const span = {
      startsMinute: Number(row.starts_minute),
      blockedUntilMinute: Number(row.blocked_until_minute),
    };
    if ((await findHoldsOverlapping(trx, span, [row.cleaner_id])).length > 0) return false;
  }
  const result = await trx
    .insertInto("cleaner_holds")
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Links the seat's live hold to the offer it became. */
export async function attachOfferToHold(
  trx: Transaction<Database>,
  hold: { bookingId: string; seat: number; assignmentId: string },
) {
  await trx
    .updateTable("cleaner_holds")
    .set({ assignment_id: hold.assignmentId })
    .where("booking_id", "=", hold.bookingId)
    .where("seat", "=", hold.seat)
    .where("released_at", "is", null)
    .execute();
}

/** Gives the seat's cleaner back to the pool (a decline, an expiry, a move to someone else). */
export async function releaseSeatHold(
  trx: Transaction<Database>,
  seat: { bookingId: string; seat: number },
  now: Date,
) {
  await trx
    .updateTable("cleaner_holds")
    .set({ released_at: now.toISOString() })
    .where("booking_id", "=", seat.bookingId)
    .where("seat", "=", seat.seat)
    .where("released_at", "is", null)
    .execute();
}

/** Gives every cleaner of the booking back (a cancellation, a released unpaid booking). */
export async function releaseBookingHolds(
  trx: Transaction<Database>,
  bookingId: string,
  now: Date,
) {
  await trx
    .updateTable("cleaner_holds")
    .set({ released_at: now.toISOString() })
    .where("booking_id", "=", bookingId)
    .where("released_at", "is", null)
    .execute();
}
