import type { Kysely } from "kysely";
import { bookingAddressLine } from "~/lib/booking-address";
import { moveQuote } from "~/features/quote/quote-lifecycle.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { sha256 } from "~/lib/crypto.server";
import type { BusinessProfile } from "~/features/settings/business-profile";
import type { Database, QuoteStatus } from "~/server/database";
import {
  enqueueAcceptedJobEmail,
  enqueueCleanerIntroEmail,
  notifyStaffOfLapse,
} from "./assignment-emails.server";
import {
  addActiveBooking,
  findOfferById,
  findCleanersOffer,
  findOfferByTokenHash,
  findQuoteForOffer,
  findOffersToTell,
  findQuoteOffers,
  updateOfferIf,
} from "./assignments.repository.server";
import { enqueueCrewIntroEmail } from "./crew-intro-email.server";
import { crewSizeOf, shareOfHours, shownShare } from "./assignments";
import { releaseOfferHold } from "./seat-holds.server";
import { offerReleasedSeat } from "./seat-chain.server";
import { acceptedSeats } from "./seats";
import { audit } from "./assignments.service.server";
import { offerSuburb, quotedAddress } from "./offer-format";
import type { OfferJob, OfferPage, OfferRefusal } from "./offer-page";
import { formatLongDate, formatTimeSlot, formatMoney, formatDateTime } from "~/lib/format";

// The cleaner's answer through the emailed link or their app, and the deadline passing
// (docs/decisions/0027-lead-lifecycle.md). The key is the link's token, or, in the cleaner's app,
// their own offer's id under their session (docs/decisions/0063-cleaner-app-sign-in.md): a token
// never issued, altered or used up, or another cleaner's offer, is refused, never a 500.

const CLEANER = { type: "visitor" as const, id: null };
const SYSTEM = { type: "system" as const, id: null };

type OfferRow = NonNullable<Awaited<ReturnType<typeof findOfferByTokenHash>>>;

function isTokenShaped(token: string) {
  return token.length >= 20 && token.length <= 200 && /^[\w-]+$/.test(token);
}

/** The emailed link's token, or a signed-in cleaner's own offer. */
export type OfferKey = string | { cleanerId: string; assignmentId: string };

async function findOffer(db: Kysely<Database>, key: OfferKey) {
  if (typeof key !== "string") return findCleanersOffer(db, key.cleanerId, key.assignmentId);
  return isTokenShaped(key) ? findOfferByTokenHash(db, sha256(key)) : undefined;
}

function refusalOf(offer: OfferRow | undefined, now: Date): OfferRefusal | null {
  if (!offer) return "unknown";
  if (offer.status === "expired") return "expired";
  if (offer.status !== "pending") return "answered";
  if (offer.response_deadline <= now.toISOString()) return "expired";
  return null;
}

/** The job as the cleaner sees it: their share of the hours, and the pay for that share. */
function jobOf(offer: OfferRow, payRateCents: number): OfferJob {
  const hours = Number(offer.estimated_hours ?? 0);
  const crew = crewSizeOf(offer);
  return {
    suburb: offerSuburb(offer.suburb, offer.space_details),
    date: formatLongDate(offer.scheduled_date),
    time: formatTimeSlot(offer.time_slot),
    hours: shownShare(hours, crew),
    pay: formatMoney(Math.round(shareOfHours(hours, crew) * payRateCents)),
  };
}

function clientAddress(offer: OfferRow) {
  if (offer.address) return bookingAddressLine({ ...offer, address: offer.address });
  return quotedAddress(offer.space_details) ?? "Ask the office";
}

/** The page a cleaner sees on opening the link. */
export async function viewOffer(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<OfferPage> {
  const offer = await findOffer(db, token);
  const refusal = refusalOf(offer, now);
  if (refusal || !offer) return { state: "refused", reason: refusal ?? "unknown" };
  const profile = await getBusinessProfile(db);
  return {
    state: "open",
    job: jobOf(offer, profile.cleanerPayRateCents),
    deadline: formatDateTime(offer.response_deadline),
  };
}

/**
 * Accept or decline. Accept: the offer accepted, the quote assigned and booked, the cleaner's
 * active bookings + 1, the client told who is coming, the cleaner sent the client's details.
 * Decline: the offer declined and staff told. Each a compare-and-set, so of two answers sent at
 * once exactly one counts; the other is refused as already answered.
 */
export async function answerOffer(
  db: Kysely<Database>,
  key: OfferKey,
  answer: "accept" | "decline",
  ctx: { publicUrl: string; ip?: string | null; now?: Date },
): Promise<OfferPage> {
  const now = ctx.now ?? new Date();
  const at = now.toISOString();
  const actor = { ...CLEANER, ip: ctx.ip ?? null };
  return db.transaction().execute(async (trx): Promise<OfferPage> => {
    const offer = await findOffer(trx, key);
    const refusal = refusalOf(offer, now);
    if (refusal || !offer) return { state: "refused", reason: refusal ?? "unknown" };
    const quote = await findQuoteForOffer(trx, offer.quote_id);
    if (!quote) return { state: "refused", reason: "answered" };
    const profile = await getBusinessProfile(trx);
    const job = jobOf(offer, profile.cleanerPayRateCents);

    const answered = { trx, offer, actor, at, now, publicUrl: ctx.publicUrl };
    if (answer === "decline") return decline(answered, job);
    return accept({ ...answered, quoteStatus: quote.status, profile }, job);
  });
}

/** An answer being recorded, in its transaction. */
type Answering = {
  trx: Kysely<Database>;
  offer: OfferRow;
  actor: typeof CLEANER & { ip: string | null };
  at: string;
  now: Date;
  publicUrl: string;
};

/** The offer declined, its seat's hold let go and staff told; the quote stays as it was. */
async function decline(
  { trx, offer, actor, at, now, publicUrl }: Answering,
  job: ReturnType<typeof jobOf>,
): Promise<OfferPage> {
  const moved = await updateOfferIf(
    trx,
    offer.id,
    "pending",
    { status: "declined", responded_at: at, updated_at: at },
    at,
  );
  if (!moved) return { state: "refused", reason: "answered" };
  await audit(trx, offer.id, "assignment.declined", actor, at, {
    cleanerId: offer.cleaner_id,
    seat: offer.seat,
  });
  await releaseOfferHold(trx, offer, now);
  // The quote is "back to what it was" (docs/decisions/0027-lead-lifecycle.md) already: a
  // pending offer never moved it. When the chain asks the next cleaner after its own offer
  // (docs/decisions/0064-automatic-offers.md), staff are not emailed about each step.
  if ((await offerReleasedSeat(trx, offer, now)) && offer.automatic) {
    return { state: "declined", job };
  }
  await notifyStaffOfLapse(trx, {
    kind: "declined",
    quoteId: offer.quote_id,
    clientName: offer.client_name,
    cleanerName: offer.cleaner_name,
    date: offer.scheduled_date,
    timeSlot: offer.time_slot,
    publicUrl,
  });
  return { state: "declined", job };
}

/**
 * The offer accepted, the cleaner busier, both sides emailed; the quote assigned and booked once
 * every seat of the crew is accepted (docs/decisions/0060-crews-and-cleaner-holds.md), so Assign
 * Cleaner stays for the seats still open.
 */
async function accept(
  answering: Answering & { quoteStatus: QuoteStatus; profile: BusinessProfile },
  job: ReturnType<typeof jobOf>,
): Promise<OfferPage> {
  const { trx, offer, actor, at, now, quoteStatus } = answering;
  const moved = await updateOfferIf(
    trx,
    offer.id,
    "pending",
    { status: "accepted", responded_at: at, previous_quote_status: quoteStatus, updated_at: at },
    at,
  );
  if (!moved) return { state: "refused", reason: "answered" };
  await audit(trx, offer.id, "assignment.accepted", actor, at, {
    cleanerId: offer.cleaner_id,
    seat: offer.seat,
  });
  const crew = crewSizeOf(offer);
  const staffed = acceptedSeats(crew, await findQuoteOffers(trx, offer.quote_id)) >= crew;
  if (staffed) {
    await moveQuote(trx, {
      quoteId: offer.quote_id,
      next: () => ({ status: "assigned", leadStatus: "booked" }),
      actor: SYSTEM,
      reason: "assignment.accepted",
      at: now,
    });
  }
  await addActiveBooking(trx, offer.cleaner_id, at);
  const client = {
    name: offer.client_name,
    address: clientAddress(offer),
    phone: offer.client_phone,
  };
  await introduceBothSides(answering, client, staffed);
  return { state: "accepted", job, client };
}

/** The client hears who is coming; the cleaner gets the client's details. */
async function introduceBothSides(
  answering: Answering & { profile: BusinessProfile },
  client: { name: string; address: string; phone: string | null },
  staffed: boolean,
) {
  const { trx, offer, profile, now } = answering;
  await introduceToClient(answering, staffed);
  await enqueueAcceptedJobEmail(trx, {
    assignmentId: offer.id,
    offeredAt: offer.created_at,
    quoteId: offer.quote_id,
    cleaner: { name: offer.cleaner_name, email: offer.cleaner_email },
    client,
    suburb: offerSuburb(offer.suburb, offer.space_details),
    date: offer.scheduled_date,
    timeSlot: offer.time_slot,
    hours: shownShare(Number(offer.estimated_hours ?? 0), crewSizeOf(offer)),
    profile,
    now,
  });
}

/**
 * The client hears who is coming: a lone cleaner as they accept; a crew of more than one once
 * every seat is accepted, as "your cleaners" by first name.
 */
async function introduceToClient(
  { trx, offer, publicUrl, profile }: Answering & { profile: BusinessProfile },
  staffed: boolean,
) {
  const client = { name: offer.client_name, email: offer.client_email };
  const when = { date: offer.scheduled_date, timeSlot: offer.time_slot };
  if (crewSizeOf(offer) > 1) {
    if (!staffed) return;
    const crew = (await findOffersToTell(trx, offer.quote_id, "live"))
      .filter((seat) => seat.status === "accepted")
      .map((seat) => ({ name: seat.cleaner_name, rating: Number(seat.cleaner_rating) }));
    await enqueueCrewIntroEmail(trx, { quoteId: offer.quote_id, client, crew, ...when, profile });
    return;
  }
  await enqueueCleanerIntroEmail(trx, {
    quoteId: offer.quote_id,
    client: { name: offer.client_name, email: offer.client_email },
    cleaner: {
      name: offer.cleaner_name,
      rating: Number(offer.cleaner_rating),
      photo: offer.cleaner_photo,
    },
    date: offer.scheduled_date,
    timeSlot: offer.time_slot,
    publicUrl,
    profile,
  });
}

/**
 * The deadline passed without an answer: pending -> expired, staff told. Safe to run twice and
 * early: an answered offer is left alone, and one whose deadline moved on (a rescheduled
 * booking re-offers) answers "not-due" with its new deadline.
 */
export async function expireOffer(
  db: Kysely<Database>,
  assignmentId: string,
  ctx: { publicUrl: string; now?: Date },
): Promise<{ status: "expired" | "done" } | { status: "not-due"; deadline: string }> {
  const now = ctx.now ?? new Date();
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const offer = await findOfferById(trx, assignmentId);
    if (!offer || offer.status !== "pending") return { status: "done" as const };
    if (offer.response_deadline > at) {
      return { status: "not-due" as const, deadline: offer.response_deadline };
    }
    const moved = await updateOfferIf(trx, offer.id, "pending", {
      status: "expired",
      updated_at: at,
    });
    if (!moved) return { status: "done" as const };
    await audit(trx, offer.id, "assignment.expired", SYSTEM, at, {
      deadline: offer.response_deadline,
      seat: offer.seat,
    });
    await releaseOfferHold(trx, offer, now);
    if ((await offerReleasedSeat(trx, offer, now)) && offer.automatic) {
      return { status: "expired" as const };
    }
    await notifyStaffOfLapse(trx, {
      kind: "expired",
      quoteId: offer.quote_id,
      clientName: offer.client_name,
      cleanerName: offer.cleaner_name,
      date: offer.scheduled_date,
      timeSlot: offer.time_slot,
      publicUrl: ctx.publicUrl,
    });
    return { status: "expired" as const };
  });
}
