import type { Kysely, Transaction } from "kysely";
import { findHoldsOverlapping } from "~/features/availability/cleaner-holds.service.server";
import { moveQuote, type QuoteActor } from "~/features/quote/quote-lifecycle.service.server";
import { formatDateTime } from "~/lib/format";
import { newId } from "~/lib/ids";
import { failure, fieldFailure, type Failure } from "~/lib/result";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database, QuoteStatus } from "~/server/database";
import {
  CREW_TEXT,
  crewSizeOf,
  LEAD_CREW_SIZE_CHANGED,
  shownShare,
  staffingLabel,
  type CrewSizeField,
  type CrewView,
} from "./assignments";
import {
  findLiveBookingHolds,
  findOffersToTell,
  findOpenBooking,
  findQuoteForOffer,
  findQuoteOffers,
  findSeatHistory,
  moveLiveHoldSeat,
  updateBookingCrewSize,
  updateHoldEnd,
  updateOfferIf,
  updateOfferSeat,
  updateQuoteCleanersNeeded,
} from "./assignments.repository.server";
import { audit } from "./assignments.service.server";
import { heldElsewhere, releaseOfferHold, seatSpan } from "./seat-holds.server";
import {
  enqueueJobReleasedEmail,
  enqueueShareChangedEmail,
  type CleanerJob,
} from "~/features/bookings/cleaner-job-emails.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { offerSuburb } from "./offer-format";
import { acceptedSeats, seatChoices } from "./seats";

// docs/decisions/0060-crews-and-cleaner-holds.md: the crew of a job as the quote details show it
// (each seat, who it was offered to, when, and what they answered), and staff changing its size
// with a reason, which rebalances each cleaner's share of the hours.

const ANSWERS: Record<string, string> = {
  pending: "Waiting for an answer",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Did not answer in time",
  cancelled: "Withdrawn",
};

const stampOf = (iso: string) => ({ iso, label: formatDateTime(iso) });

/** The lead's crew: its size, how far it is staffed, and every offer of each seat. */
export async function getCrew(db: Kysely<Database>, quoteId: string): Promise<CrewView | null> {
  const quote = await findQuoteForOffer(db, quoteId);
  if (!quote) return null;
  const [booking, live, history] = await Promise.all([
    findOpenBooking(db, quoteId),
    findQuoteOffers(db, quoteId),
    findSeatHistory(db, quoteId),
  ]);
  const size = crewSizeOf({
    crew_size: booking?.crew_size,
    cleaners_needed: quote.cleaners_needed,
  });
  const accepted = acceptedSeats(size, live);
  return {
    size,
    accepted,
    staffing: staffingLabel(accepted, size),
    seats: seatChoices(size, live).map((seat) => ({
      ...seat,
      offers: history
        .filter((offer) => offer.seat === seat.seat)
        .map((offer) => {
          const answeredAt =
            offer.status === "pending" ? null : (offer.responded_at ?? offer.updated_at);
          return {
            cleaner: offer.cleaner_name,
            offered: stampOf(offer.created_at),
            answer: ANSWERS[offer.status] ?? offer.status,
            answered: answeredAt ? stampOf(answeredAt) : null,
            automatic: Number(offer.automatic) === 1,
          };
        }),
    })),
  };
}

export type CrewSizeChange = {
  quoteId: string;
  crewSize: number;
  reason: string;
  actor: QuoteActor & { ip?: string | null };
  now?: Date;
};

type CrewSizeResult = { ok: true; message: string } | Failure<CrewSizeField>;

/** A refusal found after the change wrote something: thrown to roll it back. */
class CrewChangeRefused extends Error {
  constructor(readonly failure: Failure<CrewSizeField>) {
    super(failure.message);
  }
}

/**
 * Changes how many cleaners the job takes. Refused below the seats already accepted; the offers
 * still waiting on seats above the new size are withdrawn (their holds let go), and an accepted
 * cleaner on such a seat moves down to an open one. Every live hold is re-measured for the new
 * share of the hours; a cleaner who cannot keep the longer share refuses the whole change. The
 * quote is assigned once every seat is accepted, and goes back when a new seat opens.
 */
export async function changeCrewSize(
  db: Kysely<Database>,
  change: CrewSizeChange,
): Promise<CrewSizeResult> {
  const now = change.now ?? new Date();
  try {
    return await db.transaction().execute(async (trx) => {
      const quote = await findQuoteForOffer(trx, change.quoteId);
      if (!quote) return failure<CrewSizeField>("not_found", CREW_TEXT.notFound);
      const booking = await findOpenBooking(trx, quote.id);
      const from = crewSizeOf({
        crew_size: booking?.crew_size,
        cleaners_needed: quote.cleaners_needed,
      });
      const to = change.crewSize;
      if (from === to) {
        return fieldFailure<CrewSizeField>("invalid", "crewSize", CREW_TEXT.unchanged(from));
      }
      const offers = await findQuoteOffers(trx, quote.id);
      const accepted = offers.filter((offer) => offer.status === "accepted");
      if (accepted.length > to) {
        const message = CREW_TEXT.belowAccepted(accepted.length);
        return fieldFailure<CrewSizeField>("conflict", "crewSize", message);
      }
      const at = now.toISOString();
      const withdrawn = await closeSeatsAbove(trx, { offers, size: to, actor: change.actor, now });
      if (booking) {
        await updateBookingCrewSize(trx, booking.id, to, at);
        await respanHolds(trx, {
          bookingId: booking.id,
          job: {
            date: booking.scheduled_date,
            slot: booking.time_slot,
            hours: Number(quote.estimated_hours ?? 0),
            crewSize: to,
          },
          names: new Map(offers.map((offer) => [offer.cleaner_id, offer.cleaner_name])),
          now,
        });
      } else {
        await updateQuoteCleanersNeeded(trx, quote.id, to, at);
      }
      await moveQuoteForStaffing(trx, {
        quoteId: quote.id,
        staffed: accepted.length >= to,
        restoreTo: accepted[0]?.previous_quote_status ?? "pending",
        actor: change.actor,
        now,
      });
      await insertAuditEntry(trx, {
        id: newId(),
        actor_type: change.actor.type,
        actor_id: change.actor.id,
        action: LEAD_CREW_SIZE_CHANGED,
        subject_type: "quote",
        subject_id: quote.id,
        details: JSON.stringify({ from, to, reason: change.reason }),
        ip: change.actor.ip ?? null,
        created_at: at,
      });
      await tellCrewOfNewSize(trx, { quoteId: quote.id, withdrawn, crewSize: to, now });
      return { ok: true as const, message: CREW_TEXT.changed(from, to) };
    });
  } catch (error) {
    if (error instanceof CrewChangeRefused) return error.failure;
    throw error;
  }
}

type LiveOffer = Awaited<ReturnType<typeof findQuoteOffers>>[number];

/**
 * Seats above the new size close: a waiting offer there is withdrawn and its hold let go; an
 * accepted one moves, with its hold, to the lowest seat no one has accepted (withdrawing the
 * offer waiting there).
 */
async function closeSeatsAbove(
  trx: Transaction<Database>,
  input: { offers: LiveOffer[]; size: number; actor: CrewSizeChange["actor"]; now: Date },
) {
  const { offers, size, actor, now } = input;
  const at = now.toISOString();
  const withdrawn: string[] = [];
  const withdraw = async (offer: LiveOffer) => {
    if (!(await updateOfferIf(trx, offer.id, "pending", { status: "cancelled", updated_at: at }))) {
      return;
    }
    withdrawn.push(offer.id);
    await audit(trx, offer.id, "assignment.withdrawn", actor, at, { crewSize: size });
    await releaseOfferHold(trx, offer, now);
  };
  for (const offer of offers.filter((item) => item.seat > size && item.status === "pending")) {
    await withdraw(offer);
  }
  const takenSeats = new Set(
    offers
      .filter((item) => item.status === "accepted" && item.seat <= size)
      .map((item) => item.seat),
  );
  for (const offer of offers.filter((item) => item.seat > size && item.status === "accepted")) {
    const seat = Array.from({ length: size }, (_, index) => index + 1).find(
      (candidate) => !takenSeats.has(candidate),
    );
    if (seat === undefined) continue; // refused before: more accepted than seats
    takenSeats.add(seat);
    for (const waiting of offers.filter(
      (item) => item.seat === seat && item.status === "pending",
    )) {
      await withdraw(waiting);
    }
    await updateOfferSeat(trx, offer.id, seat, at);
    if (offer.booking_id) {
      await moveLiveHoldSeat(trx, { bookingId: offer.booking_id, from: offer.seat, to: seat });
    }
    await audit(trx, offer.id, "assignment.seat_moved", actor, at, { from: offer.seat, to: seat });
  }
  return withdrawn;
}

/**
 * The cleaners the change affects hear of it: one whose seat went is told the offer is off;
 * everyone still on the job gets their new share of the hours.
 */
async function tellCrewOfNewSize(
  trx: Kysely<Database>,
  input: { quoteId: string; withdrawn: string[]; crewSize: number; now: Date },
) {
  const { quoteId, crewSize, now } = input;
  const business = await getBusinessProfile(trx);
  const jobOf = (offer: OfferToTell): CleanerJob => ({
    assignmentId: offer.id,
    offeredAt: offer.created_at,
    quoteId,
    cleaner: { name: offer.cleaner_name, email: offer.cleaner_email },
    suburb: offerSuburb(offer.suburb, offer.space_details),
    date: offer.scheduled_date,
    timeSlot: offer.time_slot,
    hours: shownShare(Number(offer.estimated_hours ?? 0), crewSize),
  });
  for (const offer of await findOffersToTell(trx, quoteId, { ids: input.withdrawn })) {
    const reason = CREW_TEXT.seatRemoved(crewSize);
    await enqueueJobReleasedEmail(trx, { job: jobOf(offer), reason, business, now });
  }
  for (const offer of await findOffersToTell(trx, quoteId, "live")) {
    const accepted = offer.status === "accepted";
    await enqueueShareChangedEmail(trx, { job: jobOf(offer), crewSize, accepted, business, now });
  }
}

type OfferToTell = Awaited<ReturnType<typeof findOffersToTell>>[number];

/**
 * Each live hold of the booking re-measured for the new share; a longer share must not run into
 * another hold of the same cleaner. Holds left on seats above the size (no offer) are let go.
 */
async function respanHolds(
  trx: Transaction<Database>,
  input: {
    bookingId: string;
    job: { date: string; slot: string; hours: number; crewSize: number };
    names: Map<string, string>;
    now: Date;
  },
) {
  const span = await seatSpan(trx, input.job);
  for (const hold of await findLiveBookingHolds(trx, input.bookingId)) {
    if (hold.seat > input.job.crewSize) {
      const seat = { booking_id: input.bookingId, seat: hold.seat, cleaner_id: hold.cleaner_id };
      await releaseOfferHold(trx, seat, input.now);
      continue;
    }
    const longer = span.blockedUntilMinute > Number(hold.blocked_until_minute);
    if (longer) {
      const clashes = await findHoldsOverlapping(trx, span, [hold.cleaner_id]);
      const clash = clashes.find((other) => other.id !== hold.id);
      if (clash) {
        const name = input.names.get(hold.cleaner_id) ?? "A cleaner";
        const message = CREW_TEXT.cannotStay(name, heldElsewhere(clash));
        throw new CrewChangeRefused(fieldFailure<CrewSizeField>("conflict", "crewSize", message));
      }
    }
    await updateHoldEnd(trx, hold.id, span.blockedUntilMinute);
  }
}

/** docs/decisions/0027-lead-lifecycle.md: assigned when the whole crew has accepted, else not. */
async function moveQuoteForStaffing(
  trx: Kysely<Database>,
  input: {
    quoteId: string;
    staffed: boolean;
    /** What the quote was before the accepts made it assigned */
    restoreTo: QuoteStatus;
    actor: QuoteActor;
    now: Date;
  },
) {
  await moveQuote(trx, {
    quoteId: input.quoteId,
    next: (current) => {
      if (input.staffed && (current.status === "pending" || current.status === "pending_payment")) {
        return { status: "assigned", leadStatus: "booked" };
      }
      if (!input.staffed && current.status === "assigned") {
        return { ...current, status: input.restoreTo };
      }
      return current;
    },
    actor: input.actor,
    reason: LEAD_CREW_SIZE_CHANGED,
    at: input.now,
  });
}
