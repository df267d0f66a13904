import type { Kysely, Transaction } from "kysely";
import {
  attachOfferToHold,
  holdCleaner,
  holdSpan,
  findHoldsOverlapping,
  releaseSeatHold,
  type HoldSpan,
} from "~/features/availability/cleaner-holds.service.server";
import { minutesOnSite } from "~/features/bookings/slot-fit";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import type { Database } from "~/server/database";
import { ASSIGN_TEXT } from "./assignments";
import { findLiveSeatHold } from "./assignments.repository.server";

// docs/decisions/0060-crews-and-cleaner-holds.md: an offer turns its seat's hold into the offer.
// The seat's own cleaner keeps the hold; anyone else's is released and the offered cleaner held
// instead, refused when another live hold of theirs overlaps. A decline, an expiry, a withdrawal
// or a release lets the seat's hold go.

/** What one seat of a job blocks: its start, the share of the hours, the travel time. */
export async function seatSpan(
  trx: Transaction<Database>,
  job: { date: string; slot: string; hours: number; crewSize: number },
) {
  // The business's "Travel time between jobs" setting (decision 0060).
  const { travelMinutes } = await getBusinessProfile(trx);
  return holdSpan({
    date: job.date,
    slot: job.slot,
    minutesOnSite: minutesOnSite({ hours: job.hours, cleaners: job.crewSize }),
    bufferMinutes: travelMinutes,
  });
}

const sydneyClock = new Intl.DateTimeFormat("en-AU", {
  timeZone: "Australia/Sydney",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const clockOf = (minute: number) => sydneyClock.format(new Date(minute * 60_000));

export type SeatOfferHold = {
  bookingId: string;
  seat: number;
  cleanerId: string;
  assignmentId: string;
  job: { date: string; slot: string; hours: number; crewSize: number };
  now: Date;
};

/**
 * Holds the seat for the offered cleaner, in the offer's transaction. Answers null when held, or
 * why the cleaner cannot be (the words of decision 0042's reasons), having written nothing the
 * caller must keep: the caller rolls its transaction back.
 */
export async function holdSeatForOffer(trx: Transaction<Database>, offer: SeatOfferHold) {
  const { bookingId, seat, cleanerId, assignmentId, now } = offer;
  const held = await findLiveSeatHold(trx, bookingId, seat);
  if (held?.cleaner_id === cleanerId) {
    await attachOfferToHold(trx, { bookingId, seat, assignmentId });
    return null;
  }
  if (held) await releaseSeatHold(trx, { bookingId, seat }, now);
  const span = await seatSpan(trx, offer.job);
  if (await holdCleaner(trx, { cleanerId, bookingId, seat, span, assignmentId, now })) return null;
  const [clash] = await findHoldsOverlapping(trx, span, [cleanerId]);
  if (clash?.booking_id === bookingId) return ASSIGN_TEXT.alreadyOnJob(clash.seat);
  return heldElsewhere(clash ?? span);
}

/** "On another job 10:00–14:30": the hold in the way, from its start to its end with travel. */
export function heldElsewhere(
  hold: { starts_minute: number | string; blocked_until_minute: number | string } | HoldSpan,
) {
  const [from, to] =
    "startsMinute" in hold
      ? [hold.startsMinute, hold.blockedUntilMinute]
      : [Number(hold.starts_minute), Number(hold.blocked_until_minute)];
  return ASSIGN_TEXT.heldElsewhere(clockOf(from), clockOf(to));
}

/**
 * Lets the seat's hold go when it is the offer's cleaner's (a decline, an expiry, a withdrawal,
 * a release). `trx` is the caller's transaction: the answer, the sweep or the status change.
 */
export async function releaseOfferHold(
  trx: Kysely<Database>,
  offer: { booking_id: string | null; seat: number; cleaner_id: string },
  now: Date,
) {
  if (!offer.booking_id) return;
  const held = await findLiveSeatHold(trx, offer.booking_id, offer.seat);
  if (held?.cleaner_id !== offer.cleaner_id) return;
  const seat = { bookingId: offer.booking_id, seat: offer.seat };
  await releaseSeatHold(trx as Transaction<Database>, seat, now);
}
