import { sql, type Insertable, type Kysely, type Transaction } from "kysely";
import type { Database } from "~/server/database";
import type { HoldSpan } from "./hold-span";

// docs/decisions/0060-crews-and-cleaner-holds.md: the cleaner_holds table. Only live rows
// (released_at null) block anyone.

/** Live holds of any of `cleanerIds` (all cleaners when omitted) that overlap `span`. */
export async function liveHoldsOverlapping(
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
 * Inserts the hold; false, with nothing written, when the database refuses it as overlapping
 * another live hold of the cleaner (PostgreSQL's exclusion constraint) or as a second live hold
 * of the seat. A savepoint keeps the caller's transaction usable after a refusal.
 */
export async function insertHoldUnlessTaken(trx: Transaction<Database>, row: NewHold) {
  await sql`savepoint cleaner_hold`.execute(trx);
  try {
    await trx.insertInto("cleaner_holds").values(row).execute();
  } catch (error) {
    if (!isHoldConflict(error)) throw error;
    await sql`rollback to savepoint cleaner_hold`.execute(trx);
    return false;
  }
  await sql`release savepoint cleaner_hold`.execute(trx);
  return true;
}

/** PostgreSQL's exclusion (23P01) or unique (23505) violation; SQLite's unique violation. */
function isHoldConflict(error: unknown) {
  const code = (error as { code?: string } | null)?.code;
  return code === "23P01" || code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
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
