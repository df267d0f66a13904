import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import { scheduleJob } from "~/features/outbox/outbox.service.server";
import type { QuoteActor } from "~/features/quote/quote-lifecycle.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { sha256 } from "~/lib/crypto.server";
import { newId, newToken } from "~/lib/ids";
import { jsonColumnOr } from "~/lib/json-column";
import { failure, fieldFailure, type Failure } from "~/lib/result";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database, QuoteStatus } from "~/server/database";
import {
  ASSIGN_TEXT,
  canOfferJob,
  crewSizeOf,
  shareOfHours,
  shownShare,
  type AssignCleanerInput,
  type AssignField,
  type AssignOptions,
  type AssignResult,
} from "./assignments";
import {
  findAssignableCleaners,
  findCleanerForOffer,
  findOpenBooking,
  findQuoteForOffer,
  findQuoteOffers,
  insertAssignment,
  updateOfferIf,
} from "./assignments.repository.server";
import { enqueueOfferEmail } from "./assignment-emails.server";
import { readFreeness } from "./cleaner-freeness.server";
import { holdSeatForOffer } from "./seat-holds.server";
import { acceptedSeats, pickSeat, seatChoices, type SeatOffer } from "./seats";
import { policeCheckProblem } from "~/features/cleaners/police-check";
import { formatLongDate, formatTimeSlot } from "~/lib/format";
import { isCalendarDate } from "~/features/bookings/booking-rules";
import { ASSIGNMENT_EXPIRY_TOPIC, offerDeadline, offerUrl } from "~/features/bookings/job-offers";

// docs/decisions/0013-cleaner-assignments.md and 0032: staff offer a job to one cleaner; the
// cleaner answers through the emailed link (offer-answers.server.ts) or lets it expire
// (assignment-jobs.server.ts). Every move is a compare-and-set plus an audit entry.

/** The lead's crew: its open booking's, else its estimate's. */
const crewOfLead = (
  quote: { cleaners_needed: number | null },
  booking: { crew_size: number } | null | undefined,
) => crewSizeOf({ crew_size: booking?.crew_size, cleaners_needed: quote.cleaners_needed });

/** Why a lead cannot be offered now, or null when it can. */
function blockedReason(
  quote: { status: QuoteStatus; estimated_hours: number | null },
  offers: SeatOffer[],
  crewSize: number,
) {
  if (acceptedSeats(crewSize, offers) >= crewSize) {
    return crewSize === 1 ? ASSIGN_TEXT.alreadyAccepted : ASSIGN_TEXT.crewAccepted(crewSize);
  }
  if (!canOfferJob(quote.status)) return ASSIGN_TEXT.notAssignable;
  if (quote.estimated_hours === null || Number(quote.estimated_hours) <= 0) {
    return ASSIGN_TEXT.notPriced;
  }
  return null;
}

/**
 * What the Assign Cleaner panel shows: the lead (its booking's date and slot to prefill) and
 * the cleaners who take jobs, available first, each marked free or not at the chosen time.
 */
export async function getAssignOptions(
  db: Kysely<Database>,
  query: { quote?: string; date?: string; slot?: string },
  now = new Date(),
): Promise<AssignOptions> {
  const quote = query.quote ? await findQuoteForOffer(db, query.quote) : undefined;
  let lead: AssignOptions["lead"] = null;
  // The job "free" is judged for: the lead's booking, its hours and crew (one hour alone before).
  const job = { hours: 1, crewSize: 1, bookingId: undefined as string | undefined };
  if (quote) {
    const [booking, offers] = await Promise.all([
      findOpenBooking(db, quote.id),
      findQuoteOffers(db, quote.id),
    ]);
    const crewSize = crewOfLead(quote, booking);
    const next = pickSeat(crewSize, offers);
    Object.assign(job, {
      hours: quote.estimated_hours === null ? 1 : Number(quote.estimated_hours),
      crewSize,
      bookingId: booking?.id,
    });
    lead = {
      id: quote.id,
      name: quote.client_name,
      hours:
        quote.estimated_hours === null
          ? null
          : shareOfHours(Number(quote.estimated_hours), crewSize),
      date: booking?.scheduled_date ?? null,
      timeSlot: booking?.time_slot ?? null,
      blocked: blockedReason(quote, offers, crewSize),
      seats: seatChoices(crewSize, offers),
      nextSeat: next.ok ? next.seat : null,
    };
  }
  const date = query.date ?? lead?.date ?? undefined;
  const slot = query.slot ?? lead?.timeSlot ?? undefined;
  const cleaners = await findAssignableCleaners(db);
  const freeness =
    date && slot ? await readFreeness(db, { date, slot, ...job, quoteId: lead?.id }, now) : null;
  const today = sydneyDate(now);
  return {
    lead,
    cleaners: cleaners.map((cleaner) => {
      // Before a time is chosen only the police check can be judged.
      const reason = freeness
        ? freeness(cleaner.id)
        : policeCheckProblem(cleaner.police_check_expires_on, today);
      return {
        id: cleaner.id,
        name: cleaner.name,
        rating: Number(cleaner.rating),
        services: jsonColumnOr(ServicesSchema, cleaner.services, []),
        status: cleaner.status as "available" | "busy",
        free: freeness ? reason === null : null,
        reason,
      };
    }),
  };
}

/** The cleaner's services column, as the cleaners' directory reads it. */
const ServicesSchema = z.array(z.string());

type OfferContext = {
  actor: QuoteActor & { ip?: string | null };
  publicUrl: string;
  now?: Date;
  /**
   * Made by the automatic chain (docs/decisions/0064-automatic-offers.md): only onto an open
   * seat (never over a live offer), answered within the waiting period, marked automatic
   */
  automatic?: { waitMinutes: number };
  /** Only a seat nobody has been offered (the dispatch board), checked inside the transaction */
  openSeatOnly?: boolean;
};

/**
 * Staff offer one seat of a job to a cleaner (docs/decisions/0060-crews-and-cleaner-holds.md): a
 * pending assignment on the seat with its deadline and a one-time link (only the token's hash is
 * kept), the seat's hold turned into the offer, the cleaner's email, the expiry job and an audit
 * entry, in one transaction. An earlier offer still waiting on that seat is withdrawn
 * (cancelled), so a job never has more live offers than seats. The quote does not move
 * (docs/decisions/0027-lead-lifecycle.md).
 */
export async function assignCleaner(
  db: Kysely<Database>,
  input: AssignCleanerInput,
  ctx: OfferContext,
): Promise<AssignResult & { token?: string; assignmentId?: string }> {
  const now = ctx.now ?? new Date();
  if (!isCalendarDate(input.date) || input.date < sydneyDate(now)) {
    return fieldFailure("invalid", "date", ASSIGN_TEXT.dateInPast);
  }
  if (input.date > addDays(sydneyDate(now), 366)) {
    return fieldFailure("invalid", "date", ASSIGN_TEXT.dateInPast);
  }
  // The checks read inside the transaction, so the offer is stored against what they saw. A
  // refused hold throws, so the withdrawal and the offer written before it are rolled back.
  try {
    return await db.transaction().execute(async (trx) => {
      const checked = await checkOffer(trx, input, now, ctx);
      if (!checked.ok) return checked;
      const token = newToken();
      const id = newId();
      const at = now.toISOString();
      await withdrawWaitingOffers(trx, checked.seat.replaces, id, ctx.actor, at);
      await storeOffer(trx, { id, token, input, offer: checked, ctx, at });
      await holdTheSeat(trx, checked, { id, input, now });
      const { seat, crewSize } = checked;
      return {
        ok: true,
        message:
          crewSize === 1
            ? ASSIGN_TEXT.offered(checked.cleaner.name)
            : ASSIGN_TEXT.offeredSeat(checked.cleaner.name, seat.seat, crewSize),
        token,
        assignmentId: id,
      };
    });
  } catch (error) {
    if (error instanceof OfferRefused) return error.failure;
    throw error;
  }
}

/** A refusal found after the transaction wrote something: thrown to roll it back. */
class OfferRefused extends Error {
  constructor(readonly failure: Failure<AssignField>) {
    super(failure.message);
  }
}

/** The seat's hold becomes the offer's; a cleaner who cannot be held refuses the whole offer. */
async function holdTheSeat(
  trx: Transaction<Database>,
  offer: CheckedOffer,
  made: { id: string; input: AssignCleanerInput; now: Date },
) {
  if (!offer.booking) return; // a lead not yet booked holds nobody until it is
  const reason = await holdSeatForOffer(trx, {
    bookingId: offer.booking.id,
    seat: offer.seat.seat,
    cleanerId: offer.cleaner.id,
    assignmentId: made.id,
    job: {
      date: made.input.date,
      slot: made.input.timeSlot,
      hours: offer.hours,
      crewSize: offer.crewSize,
    },
    now: made.now,
  });
  if (reason) {
    throw new OfferRefused(
      fieldFailure<AssignField>("invalid", "cleanerId", ASSIGN_TEXT.notFree(reason)),
    );
  }
}

/** Whether the lead may be offered to this cleaner at this time, and what the offer needs. */
async function checkOffer(
  trx: Kysely<Database>,
  input: AssignCleanerInput,
  now: Date,
  { automatic, openSeatOnly }: Pick<OfferContext, "automatic" | "openSeatOnly"> = {},
) {
  const quote = await findQuoteForOffer(trx, input.quoteId);
  if (!quote) return failure<AssignField>("not_found", ASSIGN_TEXT.notFound);
  const offers = await findQuoteOffers(trx, quote.id);
  // docs/decisions/0027-lead-lifecycle.md: a booked job is offered at the booking's time.
  const booking = await findOpenBooking(trx, quote.id);
  const crewSize = crewOfLead(quote, booking);
  const blocked = blockedReason(quote, offers, crewSize);
  if (blocked) return failure<AssignField>("conflict", blocked);
  const seat = pickSeat(crewSize, offers, input.seat);
  if (!seat.ok) return seatRefusal(seat.why, input.seat, crewSize);
  // The chain never offers a seat twice at once, nor over a seat staff offered by hand; the
  // board offers only a seat still open. Checked here, inside the offer's transaction.
  if ((automatic || openSeatOnly) && seat.replaces.length > 0) {
    if (input.seat === undefined) return failure<AssignField>("conflict", ASSIGN_TEXT.crewOffered);
    return fieldFailure<AssignField>("conflict", "seat", ASSIGN_TEXT.seatWaiting(seat.seat));
  }
  const cleaner = await findCleanerForOffer(trx, input.cleanerId);
  if (!cleaner || (cleaner.status !== "available" && cleaner.status !== "busy")) {
    return fieldFailure<AssignField>("invalid", "cleanerId", ASSIGN_TEXT.cleanerUnavailable);
  }
  const onOtherSeat = offers.find(
    (offer) => offer.cleaner_id === cleaner.id && offer.seat !== seat.seat,
  );
  if (onOtherSeat) {
    const reason = ASSIGN_TEXT.alreadyOnJob(onOtherSeat.seat);
    return fieldFailure<AssignField>("invalid", "cleanerId", ASSIGN_TEXT.notFree(reason));
  }
  if (booking && (booking.scheduled_date !== input.date || booking.time_slot !== input.timeSlot)) {
    const when = `${formatLongDate(booking.scheduled_date)} at ${formatTimeSlot(booking.time_slot)}`;
    const field = booking.scheduled_date !== input.date ? "date" : "timeSlot";
    return fieldFailure<AssignField>("invalid", field, ASSIGN_TEXT.notTheBooking(when));
  }
  const hours = Number(quote.estimated_hours);
  const freeness = await readFreeness(
    trx,
    {
      date: input.date,
      slot: input.timeSlot,
      hours,
      crewSize,
      quoteId: quote.id,
      bookingId: booking?.id,
    },
    now,
  );
  const reason = freeness(cleaner.id);
  if (reason) return fieldFailure<AssignField>("invalid", "cleanerId", ASSIGN_TEXT.notFree(reason));
  const profile = await getBusinessProfile(trx);
  const answerWithin = automatic
    ? Math.min(profile.offerResponseHours, automatic.waitMinutes / 60)
    : profile.offerResponseHours;
  const deadline = offerDeadline(now, answerWithin, input.date, input.timeSlot);
  if (!deadline) return fieldFailure<AssignField>("invalid", "timeSlot", ASSIGN_TEXT.tooLate);
  return {
    ok: true as const,
    quote,
    offers,
    cleaner,
    booking,
    hours,
    crewSize,
    seat,
    profile,
    deadline,
  };
}

function seatRefusal(
  why: "no-such-seat" | "accepted" | "full",
  seat: number | undefined,
  size: number,
) {
  if (why === "accepted" && seat !== undefined) {
    return fieldFailure<AssignField>("conflict", "seat", ASSIGN_TEXT.seatAccepted(seat));
  }
  if (why === "no-such-seat") {
    return fieldFailure<AssignField>("invalid", "seat", ASSIGN_TEXT.noSuchSeat(size));
  }
  return failure<AssignField>("conflict", ASSIGN_TEXT.crewAccepted(size));
}

type CheckedOffer = Extract<Awaited<ReturnType<typeof checkOffer>>, { ok: true }>;

/** The seat's offer still waiting is withdrawn (its hold goes with it, or becomes the new offer's). */
async function withdrawWaitingOffers(
  trx: Kysely<Database>,
  offers: SeatOffer[],
  replacedBy: string,
  actor: OfferContext["actor"],
  at: string,
) {
  for (const offer of offers) {
    if (offer.status !== "pending") continue;
    if (await updateOfferIf(trx, offer.id, "pending", { status: "cancelled", updated_at: at })) {
      await audit(trx, offer.id, "assignment.withdrawn", actor, at, { replacedBy });
    }
  }
}

/** The pending assignment, its audit entry, the cleaner's email and the expiry job. */
async function storeOffer(
  trx: Kysely<Database>,
  args: {
    id: string;
    token: string;
    input: AssignCleanerInput;
    offer: CheckedOffer;
    ctx: OfferContext;
    at: string;
  },
) {
  const { id, token, input, ctx, at } = args;
  const { quote, cleaner, booking, hours, crewSize, seat, profile, deadline } = args.offer;
  await insertAssignment(trx, {
    id,
    quote_id: quote.id,
    booking_id: booking?.id ?? null,
    cleaner_id: cleaner.id,
    seat: seat.seat,
    scheduled_date: input.date,
    time_slot: input.timeSlot,
    status: "pending",
    response_deadline: deadline.toISOString(),
    token_hash: sha256(token),
    responded_at: null,
    previous_quote_status: null,
    automatic: ctx.automatic ? 1 : 0,
    created_by: ctx.actor.id,
    created_at: at,
    updated_at: at,
  });
  await audit(trx, id, "assignment.offered", ctx.actor, at, {
    quoteId: quote.id,
    cleanerId: cleaner.id,
    seat: seat.seat,
    crewSize,
    date: input.date,
    timeSlot: input.timeSlot,
    deadline: deadline.toISOString(),
    ...(ctx.automatic ? { automatic: true } : {}),
  });
  const share = shareOfHours(hours, crewSize);
  await enqueueOfferEmail(trx, {
    assignmentId: id,
    offeredAt: at,
    quoteId: quote.id,
    cleaner: { name: cleaner.name, email: cleaner.email },
    date: input.date,
    timeSlot: input.timeSlot,
    hours: shownShare(hours, crewSize),
    crewSize,
    payCents: Math.round(share * profile.cleanerPayRateCents),
    suburb: booking?.suburb ?? null,
    spaceDetails: quote.space_details,
    deadline,
    link: offerUrl(ctx.publicUrl, token),
    profile,
  });
  await scheduleJob(trx, {
    topic: ASSIGNMENT_EXPIRY_TOPIC,
    dueAt: deadline,
    payload: { assignmentId: id },
    subjectType: "assignment",
    subjectId: id,
  });
}

/** An audit entry about one offer. */
export async function audit(
  trx: Kysely<Database>,
  assignmentId: string,
  action: string,
  actor: QuoteActor & { ip?: string | null },
  at: string,
  details: Record<string, unknown>,
) {
  await insertAuditEntry(trx, {
    id: newId(),
    actor_type: actor.type,
    actor_id: actor.id,
    action,
    subject_type: "assignment",
    subject_id: assignmentId,
    details: JSON.stringify(details),
    ip: actor.ip ?? null,
    created_at: at,
  });
}
