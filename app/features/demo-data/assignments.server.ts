import { sha256 } from "~/lib/crypto.server";
import { newId, newToken } from "~/lib/ids";
import type { AssignmentStatus, NewAssignment, NewBooking, QuoteStatus } from "~/server/database";
import type { SeedCleaner } from "./cleaners.server";
import type { SeedContext } from "./seed-rows";
import { addHours, weekdayOf } from "~/lib/sydney-time";

// Offers to cleaners (docs/decisions/0013-cleaner-assignments.md): each carries the booking's date and slot and a deadline; the token
// itself is never stored, only its hash, so these demo offers cannot be answered by link.

/**
 * The cleaner offered the job: its crew's first seat (docs/decisions/0060-crews-and-cleaner-holds.md).
 * Someone who turned it down (`fromCrew` false) is any other cleaner, not in `not`, who works that
 * weekday (any active one when nobody does); for jobs still ahead, only one working now.
 */
export function chooseCleaner(
  ctx: SeedContext,
  booking: NewBooking,
  future: boolean,
  not: SeedCleaner[] = [],
  fromCrew = true,
): SeedCleaner | null {
  const crew = ctx.crews.byBooking.get(booking.id) ?? [];
  if (fromCrew && crew[0] && !not.includes(crew[0])) return crew[0];
  const day = weekdayOf(booking.scheduled_date);
  const eligible = ctx.cleaners.filter(
    (cleaner) =>
      cleaner.assignable &&
      !not.includes(cleaner) &&
      !crew.includes(cleaner) &&
      (!future || cleaner.row.status === "available" || cleaner.row.status === "busy"),
  );
  const onThatDay = eligible.filter((cleaner) =>
    (JSON.parse(cleaner.row.availability) as string[]).includes(day),
  );
  const pool = onThatDay.length > 0 ? onThatDay : eligible;
  return pool.length > 0 ? ctx.random.pick(pool) : null;
}

export function addOffer(
  ctx: SeedContext,
  booking: NewBooking,
  cleaner: SeedCleaner,
  offeredAt: Date,
  outcome: {
    status: AssignmentStatus;
    respondedAt: Date | null;
    previousQuoteStatus?: QuoteStatus;
  },
): NewAssignment {
  const deadline = addHours(offeredAt, ctx.pricing.offerResponseHours);
  const updatedAt = outcome.status === "expired" ? deadline : (outcome.respondedAt ?? offeredAt);
  const row: NewAssignment = {
    id: newId(),
    quote_id: booking.quote_id,
    booking_id: booking.id,
    cleaner_id: cleaner.row.id,
    scheduled_date: booking.scheduled_date,
    time_slot: booking.time_slot,
    status: outcome.status,
    response_deadline: deadline.toISOString(),
    token_hash: sha256(newToken()),
    responded_at: outcome.respondedAt?.toISOString() ?? null,
    previous_quote_status: outcome.previousQuoteStatus ?? null,
    created_by: ctx.staffId,
    created_at: offeredAt.toISOString(),
    updated_at: updatedAt.toISOString(),
  };
  ctx.rows.assignments.push(row);
  return row;
}

/**
 * An offer that came to nothing: the cleaner declined within a few hours, or let it lapse.
 * Returns when staff knew, so the next offer can follow; the caller adds it only if it fits.
 */
export function refusal(
  ctx: SeedContext,
  booking: NewBooking,
  future: boolean,
  not: SeedCleaner[],
) {
  const cleaner = chooseCleaner(ctx, booking, future, not, false);
  if (!cleaner) return null;
  const declined = ctx.random.chance(0.6);
  return {
    cleaner,
    declined,
    settleAfterHours: declined ? ctx.random.int(1, 8) : ctx.pricing.offerResponseHours,
    add(offeredAt: Date) {
      const settledAt = addHours(offeredAt, this.settleAfterHours);
      addOffer(ctx, booking, cleaner, offeredAt, {
        status: declined ? "declined" : "expired",
        respondedAt: declined ? settledAt : null,
      });
      return settledAt;
    },
  };
}
