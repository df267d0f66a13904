import { sha256 } from "~/lib/crypto.server";
import { newId, newToken } from "~/lib/ids";
import type { AssignmentStatus, NewAssignment, NewBooking, QuoteStatus } from "~/server/database";
import type { SeedCleaner } from "./cleaners.server";
import type { SeedContext } from "./seed-rows";
import { addHours, addMinutes, weekdayOf } from "~/lib/sydney-time";
import { DEFAULT_BUSINESS_PROFILE } from "~/features/settings/business-profile-defaults";

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
    /** The crew place; 1 when not given */
    seat?: number;
    /** Made by the automatic chain (docs/decisions/0064-automatic-offers.md): its waiting period */
    automatic?: boolean;
  },
): NewAssignment {
  const deadline = outcome.automatic
    ? addMinutes(offeredAt, DEFAULT_BUSINESS_PROFILE.autoOfferWaitMinutes)
    : addHours(offeredAt, ctx.pricing.offerResponseHours);
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
    seat: outcome.seat ?? 1,
    automatic: outcome.automatic ? 1 : 0,
    created_by: outcome.automatic ? null : ctx.staffId,
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

/**
 * The rest of a crew whose first seat is accepted, for a job still ahead
 * (docs/decisions/0060-crews-and-cleaner-holds.md): about half the time every other seat's held
 * cleaner accepted too (fully staffed); otherwise each other seat has an automatic offer still
 * waiting on its held cleaner, sent within the waiting period (docs/decisions/0064-automatic-offers.md).
 * Answers whether the whole crew is accepted.
 */
export function staffRestOfCrew(
  ctx: SeedContext,
  booking: NewBooking,
  crew: SeedCleaner[],
  times: { acceptedAt: Date; start: Date },
) {
  if (crew.length < 2) return true;
  if (ctx.random.chance(0.5)) {
    crew.slice(1).forEach((cleaner, i) => {
      // Each answered within the waiting period, the first seat's answer or soon after it.
      const later = addMinutes(times.acceptedAt, ctx.random.int(5, 90));
      const respondedAt = later < ctx.now ? later : ctx.now;
      const offeredAt = addMinutes(respondedAt, -ctx.random.int(10, 100));
      addOffer(ctx, booking, cleaner, offeredAt, {
        status: "accepted",
        respondedAt,
        seat: i + 2,
        automatic: true,
      });
      cleaner.row.active_bookings += 1;
    });
    return true;
  }
  const sentAt = addMinutes(ctx.now, -ctx.random.int(10, 100));
  const waitMinutes = DEFAULT_BUSINESS_PROFILE.autoOfferWaitMinutes;
  if (addMinutes(sentAt, waitMinutes) < addHours(times.start, -2)) {
    crew.slice(1).forEach((cleaner, i) => {
      addOffer(ctx, booking, cleaner, sentAt, {
        status: "pending",
        respondedAt: null,
        seat: i + 2,
        automatic: true,
      });
    });
  }
  return false;
}
