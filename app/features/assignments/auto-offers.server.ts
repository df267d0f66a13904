import type { Kysely } from "kysely";
import { rankedFreeCleaners } from "~/features/availability/availability.service.server";
import { isTimeSlot } from "~/features/bookings/booking-rules";
import { minutesOnSite } from "~/features/bookings/slot-fit";
import type { JobHandler } from "~/features/outbox/job-handlers.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import type { Database } from "~/server/database";
import { raiseUnstaffedAlert } from "./assignment-jobs.server";
import { crewSizeOf } from "./assignments";
import {
  findBookingToOffer,
  findLiveBookingHolds,
  findSeatHistory,
  findUnalertedUnstaffedBooking,
} from "./assignments.repository.server";
import { assignCleaner } from "./assignments.service.server";

// docs/decisions/0064-automatic-offers.md: the worker offers one open seat of a booking to the
// best free cleaner: the cleaner the booking held for the seat when still free, then the ranking
// of decision 0060. Each try is Assign Cleaner itself (one transaction, the same email, link,
// hold, expiry job and audit entry), so every rule of an offer is checked again inside the
// offer's own transaction: a cleaner taken meanwhile is skipped for the next, and a seat offered
// meanwhile (by staff, or a second run) is left alone. Nobody left raises the "no cleaner" alert.

const SYSTEM = { type: "system" as const, id: null };
const LIVE = new Set(["pending", "accepted"]);

export type SeatToOffer = { bookingId: string; seat: number };
export type AutoOfferOutcome = "offered" | "nobody-left" | "not-needed";

/** Offers the seat to the next cleaner in priority order, or raises the alert. Safe to repeat. */
export async function offerSeatAutomatically(
  db: Kysely<Database>,
  target: SeatToOffer,
  ctx: { publicUrl: string; now?: Date },
): Promise<AutoOfferOutcome> {
  const now = ctx.now ?? new Date();
  const profile = await getBusinessProfile(db);
  if (!profile.autoOffers) return "not-needed";
  const booking = await findBookingToOffer(db, target.bookingId);
  if (!booking || booking.status !== "confirmed") return "not-needed";
  const crewSize = crewSizeOf(booking);
  if (target.seat < 1 || target.seat > crewSize) return "not-needed";
  const history = await findSeatHistory(db, booking.quote_id);
  if (history.some((offer) => offer.seat === target.seat && LIVE.has(offer.status))) {
    return "not-needed"; // never two offers of one seat at once; a staff offer takes over
  }
  const candidates = await cleanersToAsk(db, { booking, crewSize, history, target, now });
  if (!isTimeSlot(booking.time_slot)) return "not-needed";
  const when = { date: booking.scheduled_date, timeSlot: booking.time_slot, seat: target.seat };
  for (const cleanerId of candidates) {
    const offered = await assignCleaner(
      db,
      { quoteId: booking.quote_id, cleanerId, ...when },
      {
        actor: SYSTEM,
        publicUrl: ctx.publicUrl,
        now,
        automatic: { waitMinutes: profile.autoOfferWaitMinutes },
      },
    );
    if (offered.ok) return "offered";
    // Only a refusal of this cleaner moves on; the seat, the job or the time refusing ends it.
    if (!offered.fieldErrors?.cleanerId) return "not-needed";
  }
  await raiseAlertOnce(db, booking.id, ctx.publicUrl, now);
  return "nobody-left";
}

type Booking = NonNullable<Awaited<ReturnType<typeof findBookingToOffer>>>;
type SeatHistory = Awaited<ReturnType<typeof findSeatHistory>>;

/**
 * Who to ask, best first: free for the job now, never asked for this seat before, never a
 * decliner of the job, never on (or held for) another seat of it; the seat's own held cleaner
 * ahead of the ranking.
 */
async function cleanersToAsk(
  db: Kysely<Database>,
  input: {
    booking: Booking;
    crewSize: number;
    history: SeatHistory;
    target: SeatToOffer;
    now: Date;
  },
) {
  const { booking, crewSize, history, target, now } = input;
  const { travelMinutes } = await getBusinessProfile(db);
  const holds = await findLiveBookingHolds(db, booking.id);
  const skip = new Set<string>();
  for (const offer of history) {
    const onThisSeat = offer.seat === target.seat;
    const liveElsewhere = !onThisSeat && LIVE.has(offer.status);
    if (onThisSeat || liveElsewhere || offer.status === "declined") skip.add(offer.cleaner_id);
  }
  for (const hold of holds) if (hold.seat !== target.seat) skip.add(hold.cleaner_id);
  const { ranked } = await rankedFreeCleaners(db, {
    bookingId: booking.id,
    date: booking.scheduled_date,
    slot: booking.time_slot,
    minutesOnSite: minutesOnSite({
      hours: Number(booking.estimated_hours ?? 0),
      cleaners: crewSize,
    }),
    bufferMinutes: travelMinutes,
    customerId: booking.customer_id,
    jobPlace:
      booking.lat === null || booking.lng === null
        ? null
        : { lat: Number(booking.lat), lng: Number(booking.lng) },
    declinedBy: skip,
    now,
  });
  const ids = ranked.map((cleaner) => cleaner.id);
  const held = holds.find((hold) => hold.seat === target.seat)?.cleaner_id;
  return held && ids.includes(held) ? [held, ...ids.filter((id) => id !== held)] : ids;
}

/** The "no cleaner" alert at once, unless already raised for the booking. */
async function raiseAlertOnce(
  db: Kysely<Database>,
  bookingId: string,
  publicUrl: string,
  now: Date,
) {
  await db.transaction().execute(async (trx) => {
    const booking = await findUnalertedUnstaffedBooking(trx, bookingId);
    if (booking) await raiseUnstaffedAlert(trx, booking, publicUrl, now.toISOString());
  });
}

/** The outbox job: one seat's next automatic offer. */
export const autoOfferJob: JobHandler = async (job, { db, config }) => {
  const { bookingId, seat } = job.payload;
  if (typeof bookingId !== "string" || typeof seat !== "number") return;
  await offerSeatAutomatically(db, { bookingId, seat }, { publicUrl: config.publicUrl });
};
