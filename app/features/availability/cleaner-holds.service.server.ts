import type { Transaction } from "kysely";
import { newId } from "~/lib/ids";
import type { Database } from "~/server/database";
import type { HoldSpan } from "./hold-span";
import { insertHoldUnlessTaken } from "./cleaner-holds.repository.server";

// docs/decisions/0060-crews-and-cleaner-holds.md: a cleaner held for a seat (held, offered or
// accepted) is blocked from the job's start until its end plus the travel buffer, and no two
// live holds of one cleaner overlap: PostgreSQL's exclusion constraint is the guarantee there;
// SQLite has one writer, so a check inside the caller's write transaction is
// (insertHoldUnlessTaken).

export { holdSpan, type HoldSpan } from "./hold-span";
export {
  attachOfferToHold,
  findHoldsOverlapping,
  releaseBookingHolds,
  releaseSeatHold,
} from "./cleaner-holds.repository.server";

export type HoldRequest = {
  cleanerId: string;
  bookingId: string;
  seat: number;
  span: HoldSpan;
  assignmentId?: string | null;
  now: Date;
};

/**
 * Holds the cleaner for the seat, inside the caller's transaction; false, with nothing written,
 * when a live hold of theirs overlaps or the seat is already held, and the caller's transaction
 * goes on.
 */
export async function holdCleaner(trx: Transaction<Database>, request: HoldRequest) {
  return insertHoldUnlessTaken(trx, {
    id: newId(),
    cleaner_id: request.cleanerId,
    booking_id: request.bookingId,
    seat: request.seat,
    starts_minute: request.span.startsMinute,
    blocked_until_minute: request.span.blockedUntilMinute,
    assignment_id: request.assignmentId ?? null,
    created_at: request.now.toISOString(),
    released_at: null,
  });
}
