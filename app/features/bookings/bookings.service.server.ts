import type { Kysely } from "kysely";
import { notifyStaffByEmail } from "~/features/notifications/staff-email.server";
import { webhookStatusFor } from "~/features/outbox/deliveries.service.server";
import { getWebhookTargets } from "~/features/outbox/webhook-targets.server";
import {
  findQuoteToBookByQuoteId,
  findQuoteToBookByReference,
  moveQuote,
  type QuoteToBook,
} from "~/features/quote/quote-lifecycle.service.server";
import { paidDollarsForCustomer } from "~/features/payments/payments.service.server";
import {
  rewardsDiscountCents,
  rewardsOfferFor,
  tierFor,
  type RewardsOffer,
} from "~/features/rewards/rewards";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { searchSuburbs } from "~/features/suburbs/suburbs.service.server";
import type { BusinessProfile } from "~/features/settings/business-profile";
import { parseValues } from "~/lib/forms";
import { isReference, newId } from "~/lib/ids";
import { failure, fieldFailure, type Failure, type Result } from "~/lib/result";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { serviceLabel } from "./booking-copy";
import { BOOKING_MESSAGES as M } from "./booking-messages";
import {
  enqueueBookingEmail,
  enqueueBookingWebhook,
  InvalidBookingData,
} from "./booking-notifications.server";
import { isBookingReference, newBookingReference } from "./booking-reference";
import {
  BookingFormSchema,
  splitSuburb,
  type BookingField,
  type BookingForm,
} from "./booking.schema";
import {
  findBookingByReference,
  findCustomerIdByEmail,
  listRecentBookingAddresses,
  findLiveBookingForQuote,
  insertBooking,
  insertCustomerIfMissing,
  type BookingRow,
} from "./bookings.repository.server";
import { crewSizeOf, crewSlots, daysWithoutRoom, takeBookingCrew } from "./booking-crew.server";
import { scheduleSeatOffers } from "./seat-offers.service.server";
import { SlotFull, toBooking, type Booking, type BookingContext } from "./booking-model.server";
import {
  earliestBookingDate,
  isBookableDate,
  latestBookingDate,
  TIME_SLOTS,
} from "./booking-rules";
import { formatLongDate, formatTimeSlot, formatMoney } from "~/lib/format";
import { slotRefusal } from "./slot-fit";

// Booking a quote (docs/product/public-site.md#booking-page, docs/decisions/0006-booking-links-its-quote.md): the server
// re-parses the form, refuses today or earlier (docs/decisions/0009-sydney-time-and-money.md),
// and in one transaction finds or adds the customer, stores the booking, holds a whole crew for
// it (docs/decisions/0060-crews-and-cleaner-holds.md), moves the quote (docs/decisions/0027-lead-lifecycle.md) and enqueues the booking
// webhook and the customer's confirmation email (docs/decisions/0008-webhook-outbox.md).

export type { Booking, BookingContext };

export type CreateBookingInput = {
  quoteReference: string;
  date?: unknown;
  timeSlot?: unknown;
  address?: unknown;
  suburb?: unknown;
  /** A discount taken off the quote's total (the quote keeps its total), when larger than the tier's */
  discountCents?: number;
  /** The same, as a percent of the quote's total (a series' frequency discount) */
  discountPercent?: number;
};

/**
 * What another feature adds to the booking form (the route composes them): its own fields,
 * checked before booking, a larger discount they earn, and what follows a booking made.
 * docs/decisions/0073-series-occurrences-are-bookings.md: a series starts this way.
 */
export type BookingFormExtras = {
  /** A message for a posted value the feature refuses, or null */
  refusal: (form: FormData) => { field: string; message: string } | null;
  discountPercent: (form: FormData) => number;
  afterBooked: (form: FormData, booking: Booking) => Promise<void>;
};

export type CreateBookingResult = Result<{ booking: Booking }, BookingField>;

/** A quote that may be booked: a priced, pending lead. */
type BookableQuote = QuoteToBook & { totalCents: number; hours: number };

/** A quote may be booked while it is a priced, pending lead (docs/decisions/0027-lead-lifecycle.md). */
function isBookable(quote: QuoteToBook): quote is BookableQuote {
  return quote.status === "pending" && quote.totalCents !== null && quote.hours !== null;
}

const HOUR_MS = 60 * 60 * 1000;

// Thrown inside the booking's transaction so everything it wrote rolls back.
class AlreadyBooked extends Error {}

export async function createBooking(
  db: Kysely<Database>,
  input: CreateBookingInput,
  ctx: BookingContext,
): Promise<CreateBookingResult> {
  const now = ctx.now ?? new Date();
  const checked = checkBookingForm(input, now);
  if (!checked.ok) return checked;
  const found = await findQuoteToBook(db, input.quoteReference);
  if (!found.ok) return found;
  const { quote } = found;
  const business = await getBusinessProfile(db);
  const { date, timeSlot } = checked.form;
  const refused = slotRefusal({
    date,
    slot: timeSlot,
    job: quote,
    hours: business,
    who: "customer",
    now,
  });
  if (refused) return fieldFailure("invalid", refused.field, refused.message);
  const percentCents = Math.round((quote.totalCents * (input.discountPercent ?? 0)) / 100);
  const discountCents = Math.max(input.discountCents ?? 0, percentCents);
  const row = await newBookingRow(db, checked.form, quote, discountCents, now);
  // Unpaid, it gives the slot back after the business's hold
  // (docs/decisions/0048-unpaid-booking-holds.md).
  row.hold_until = new Date(now.getTime() + business.unpaidHoldHours * HOUR_MS).toISOString();
  try {
    const booking = await db.transaction().execute(async (trx) => {
      row.customer_id = await findOrAddCustomer(trx, quote, row.created_at);
      row.discount_cents = await withRewardsDiscount(trx, row);
      await insertBooking(trx, row);
      const crew = await takeBookingCrew(trx, row, quote, business, now);
      // docs/decisions/0064-automatic-offers.md: each seat offered by the worker, in order.
      if (business.autoOffers) await scheduleSeatOffers(trx, row.id, [...crew.held.keys()], now);
      await markQuoteBooked(trx, quote, row, now);
      await auditBookingCreated(trx, row, quote, ctx.ip);
      await announceBooking(trx, row, quote, business, ctx.publicUrl);
      return toBooking(row, quote);
    });
    return { ok: true, booking };
  } catch (error) {
    return refusalOf(error, db, quote);
  }
}

/** The form parsed again on the server, with the date tomorrow or later in Sydney. */
function checkBookingForm(
  input: CreateBookingInput,
  now: Date,
): Result<{ form: BookingForm }, BookingField> {
  const parsed = parseValues(
    { date: input.date, timeSlot: input.timeSlot, address: input.address, suburb: input.suburb },
    BookingFormSchema,
  );
  if (!parsed.ok) {
    const message = Object.values(parsed.fieldErrors)[0] ?? M.failed;
    return failure("invalid", message, parsed.fieldErrors);
  }
  const form = parsed.value;
  if (!isBookableDate(form.date, now)) {
    const message = form.date < earliestBookingDate(now) ? M.dateTooEarly : M.dateTooLate;
    return fieldFailure("invalid", "date", message);
  }
  return { ok: true, form };
}

/** The quote behind the reference, when it exists, has no live booking and may be booked. */
async function findQuoteToBook(
  db: Kysely<Database>,
  quoteReference: string,
): Promise<Result<{ quote: BookableQuote }>> {
  const quote = isReference(quoteReference)
    ? await findQuoteToBookByReference(db, quoteReference)
    : null;
  if (!quote) return failure("not_found", M.failed);
  const live = await findLiveBookingForQuote(db, quote.id);
  if (live) return alreadyBooked();
  if (!isBookable(quote)) return failure("invalid", M.notBookable);
  return { ok: true, quote };
}

/**
 * A quote that has its booking says so and names nothing more: its reference travels in staff
 * emails, webhooks and invoices, and must not lead to the booking's own, which unlocks the booking
 * (docs/decisions/0051-quote-references-do-not-unlock-bookings.md).
 */
function alreadyBooked(): Failure<BookingField> {
  return failure("conflict", M.alreadyBooked);
}

/** The booking to store, before its customer is known; a rewards discount never exceeds the price. */
async function newBookingRow(
  db: Kysely<Database>,
  form: BookingForm,
  quote: BookableQuote,
  discountCents: number,
  now: Date,
): Promise<BookingRow> {
  const suburb = splitSuburb(form.suburb);
  const place = await findSuburbPlace(db, suburb.name, suburb.postcode);
  const at = now.toISOString();
  return {
    id: newId(),
    reference: newBookingReference(),
    quote_id: quote.id,
    customer_id: null,
    scheduled_date: form.date,
    time_slot: form.timeSlot,
    address: `${form.address}, ${form.suburb}`,
    suburb: place?.name ?? suburb.name,
    postcode: place?.postcode ?? suburb.postcode,
    lat: place?.lat ?? null,
    lng: place?.lng ?? null,
    status: "confirmed",
    price_cents: quote.totalCents,
    discount_cents: Math.max(0, Math.min(discountCents, quote.totalCents)),
    created_at: at,
    updated_at: at,
    completed_at: null,
    cancelled_at: null,
    cancelled_by: null,
    hold_until: null,
    pay_on_the_day: 0,
    crew_size: crewSizeOf(quote),
    actual_minutes: null,
    crew_set_off_at: null,
  };
}

/**
 * The larger of the booking's discount and the rewards tier of the quote's email, read when the
 * booking is made, whether or not anyone signed in; a first booking is Bronze
 * (docs/decisions/0047-rewards-follow-the-email.md).
 */
async function withRewardsDiscount(trx: Kysely<Database>, row: BookingRow) {
  const points = row.customer_id ? await paidDollarsForCustomer(trx, row.customer_id) : 0;
  const tierCents = rewardsDiscountCents(row.price_cents, tierFor(points));
  return Math.max(row.discount_cents ?? 0, tierCents);
}

/** docs/decisions/0027-lead-lifecycle.md "Customer books a slot": pending_payment, qualified */
async function markQuoteBooked(
  trx: Kysely<Database>,
  quote: QuoteToBook,
  row: BookingRow,
  now: Date,
) {
  await moveQuote(trx, {
    quoteId: quote.id,
    next: (current) => {
      if (current.status !== "pending") throw new AlreadyBooked();
      return { status: "pending_payment", leadStatus: "qualified" };
    },
    set: { scheduledDate: row.scheduled_date, customerId: row.customer_id },
    actor: { type: "visitor", id: null },
    reason: "booking.created",
    at: now,
  });
}

async function auditBookingCreated(
  trx: Kysely<Database>,
  row: BookingRow,
  quote: QuoteToBook,
  ip: string | null | undefined,
) {
  await insertAuditEntry(trx, {
    id: newId(),
    actor_type: "visitor",
    actor_id: null,
    action: "booking.created",
    subject_type: "booking",
    subject_id: row.id,
    details: JSON.stringify({
      status: "confirmed",
      date: row.scheduled_date,
      timeSlot: row.time_slot,
      quoteId: quote.id,
    }),
    ip: ip ?? null,
    created_at: row.created_at,
  });
}

/** The booking webhook, the customer's confirmation and the staff's email, in the transaction. */
async function announceBooking(
  trx: Kysely<Database>,
  row: BookingRow,
  quote: BookableQuote,
  business: BusinessProfile,
  publicUrl: string,
) {
  const priceCents = row.price_cents - (row.discount_cents ?? 0);
  const notice = {
    bookingId: row.id,
    reference: row.reference,
    quoteId: quote.id,
    clientName: quote.clientName,
    clientEmail: quote.clientEmail,
    clientPhone: quote.clientPhone,
    serviceType: quote.serviceType,
    cleaningLevel: quote.cleaningLevel,
    hours: quote.hours,
    date: row.scheduled_date,
    timeSlot: row.time_slot,
    address: row.address,
    priceCents,
    status: "confirmed" as const,
    sequence: 0,
  };
  await enqueueBookingWebhook(trx, notice);
  await enqueueBookingEmail(trx, notice, business, publicUrl);
  // docs/decisions/0024-notification-toggles.md: staff hear of the booking too
  await notifyStaffByEmail(trx, {
    topic: "booking.created",
    subjectType: "booking",
    subjectId: row.id,
    replyTo: quote.clientEmail,
    subject: `New booking: ${quote.clientName}, ${formatLongDate(row.scheduled_date)} at ${formatTimeSlot(row.time_slot)}`,
    heading: "New booking",
    paragraphs: [
      `${quote.clientName} booked ${serviceLabel(quote.serviceType, quote.cleaningLevel)}.`,
      `When: ${formatLongDate(row.scheduled_date)} at ${formatTimeSlot(row.time_slot)}.`,
      `Where: ${row.address}. Price: ${formatMoney(priceCents)}.`,
      `Booking ${row.reference}, quote ${quote.reference}.`,
    ],
  });
}

/** What a rolled-back booking answers: a full slot, a booking made meanwhile, or bad data. */
async function refusalOf(
  error: unknown,
  db: Kysely<Database>,
  quote: QuoteToBook,
): Promise<CreateBookingResult> {
  if (error instanceof SlotFull) return fieldFailure("conflict", "timeSlot", M.slotFull);
  if (error instanceof AlreadyBooked) {
    const winner = await findLiveBookingForQuote(db, quote.id);
    return winner ? alreadyBooked() : failure("invalid", M.notBookable);
  }
  if (error instanceof InvalidBookingData) return failure("invalid", error.message);
  throw error;
}

/** The customer record of the quote's email, added at the first booking. */
async function findOrAddCustomer(trx: Kysely<Database>, quote: QuoteToBook, at: string) {
  const email = quote.clientEmail.trim().toLowerCase();
  const existing = await findCustomerIdByEmail(trx, email);
  if (existing) return existing;
  await insertCustomerIfMissing(trx, {
    id: newId(),
    email,
    name: quote.clientName,
    phone: quote.clientPhone,
    at,
  });
  return (await findCustomerIdByEmail(trx, email))!;
}

/** The suburb's coordinates from the suburbs table (docs/decisions/0018-sydney-suburbs.md). */
async function findSuburbPlace(db: Kysely<Database>, name: string, postcode: string | null) {
  if (!name) return null;
  const found = await searchSuburbs(db, name, 50);
  const lower = name.toLowerCase();
  return (
    found.find(
      (s) => s.name.toLowerCase() === lower && (postcode === null || s.postcode === postcode),
    ) ?? null
  );
}

export type SlotAvailability = { slot: string; full: boolean };

/** A date's slots that fit the job inside opening hours; when none do, why, to show instead. */
export type DayAvailability = { slots: SlotAvailability[]; closed: string | null };

/**
 * The slots of `date` offered for the quote's job (docs/decisions/0040-business-hours-bound-bookings.md),
 * each full unless a whole crew of the job's size is free for it
 * (docs/decisions/0060-crews-and-cleaner-holds.md); null when the quote cannot be booked or the
 * date is not one a customer may book.
 */
export async function slotAvailability(
  db: Kysely<Database>,
  quoteReference: string,
  date: string,
  now = new Date(),
): Promise<DayAvailability | null> {
  if (!isBookableDate(date, now) || !isReference(quoteReference)) return null;
  const quote = await findQuoteToBookByReference(db, quoteReference);
  if (!quote || !isBookable(quote)) return null;
  const business = await getBusinessProfile(db);
  const [day] = await crewSlots(db, { dates: [date], job: quote, business, now });
  const slots = (day?.slots ?? []).map((s) => ({ slot: s.slot, full: !s.crewFree }));
  if (slots.length > 0) return { slots, closed: null };
  const first = { date, slot: TIME_SLOTS[0], job: quote, hours: business, now };
  return { slots, closed: slotRefusal({ ...first, who: "customer" })?.message ?? null };
}

/** A month of the booking calendar: the customer-bookable days with no slot a crew is free for. */
export type MonthAvailability = { month: string; daysWithoutRoom: string[] };

/** The days of `month` (YYYY-MM) the booking calendar shows as unavailable; null as slotAvailability. */
export async function monthAvailability(
  db: Kysely<Database>,
  quoteReference: string,
  month: string,
  now = new Date(),
): Promise<MonthAvailability | null> {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month) || !isReference(quoteReference)) return null;
  if (month < earliestBookingDate(now).slice(0, 7) || month > latestBookingDate(now).slice(0, 7)) {
    return null;
  }
  const quote = await findQuoteToBookByReference(db, quoteReference);
  if (!quote || !isBookable(quote)) return null;
  const business = await getBusinessProfile(db);
  return {
    month,
    daysWithoutRoom: await daysWithoutRoom(db, { month, job: quote, business, now }),
  };
}

export type BookingPage =
  | { kind: "missing" }
  | { kind: "booked" }
  | { kind: "not_bookable" }
  | {
      kind: "ready";
      quote: {
        reference: string;
        service: string;
        hours: number;
        totalCents: number;
        suburb: string;
        /**
         * The street of the signed-in owner's latest booking at this suburb, or "": Book again
         * comes back with its address (docs/decisions/0079-book-again.md)
         */
        street: string;
        /** The rewards discount the booking will get, exact only for the signed-in owner */
        rewards: RewardsOffer;
      };
      earliestDate: string;
      latestDate: string;
    };

/** What /booking?ref= shows for a quote reference (docs/decisions/0005-durable-references.md). */
export async function bookingPageFor(
  db: Kysely<Database>,
  quoteReference: string | null,
  now = new Date(),
  /** The signed-in customer's email: their own quote shows their exact rewards discount */
  customerEmail: string | null = null,
): Promise<BookingPage> {
  if (!quoteReference || !isReference(quoteReference)) return { kind: "missing" };
  const quote = await findQuoteToBookByReference(db, quoteReference);
  if (!quote) return { kind: "missing" };
  const live = await findLiveBookingForQuote(db, quote.id);
  if (live) return { kind: "booked" };
  if (!isBookable(quote)) return { kind: "not_bookable" };
  const address = quote.spaceDetails.address;
  return {
    kind: "ready",
    quote: {
      reference: quote.reference,
      service: serviceLabel(quote.serviceType, quote.cleaningLevel),
      hours: quote.hours,
      totalCents: quote.totalCents,
      suburb: typeof address === "string" ? address : "",
      street: await ownersStreetAt(db, quote, customerEmail, address),
      rewards: await rewardsOfferOnQuote(db, quote, customerEmail),
    },
    earliestDate: earliestBookingDate(now),
    latestDate: latestBookingDate(now),
  };
}

/**
 * What the booking page says about rewards before the booking exists: the exact tier only to the
 * signed-in owner of the quote's email, the Bronze floor to anyone else
 * (docs/decisions/0047-rewards-follow-the-email.md).
 */
async function rewardsOfferOnQuote(
  db: Kysely<Database>,
  quote: BookableQuote,
  customerEmail: string | null,
): Promise<RewardsOffer> {
  const email = quote.clientEmail.trim().toLowerCase();
  const proven = customerEmail !== null && email === customerEmail.trim().toLowerCase();
  const customerId = proven ? await findCustomerIdByEmail(db, email) : null;
  const points = customerId ? await paidDollarsForCustomer(db, customerId) : null;
  return rewardsOfferFor(quote.totalCents, proven ? (points ?? 0) : null);
}

/**
 * The street part of the signed-in owner's latest booking in the quote's suburb (a booking's
 * address is "street, suburb"), shown only to the owner of the quote's email.
 */
async function ownersStreetAt(
  db: Kysely<Database>,
  quote: BookableQuote,
  customerEmail: string | null,
  suburb: unknown,
) {
  const email = quote.clientEmail.trim().toLowerCase();
  if (typeof suburb !== "string" || suburb === "") return "";
  if (customerEmail === null || email !== customerEmail.trim().toLowerCase()) return "";
  const customerId = await findCustomerIdByEmail(db, email);
  if (!customerId) return "";
  const suffix = `, ${suburb}`;
  const address = (await listRecentBookingAddresses(db, customerId)).find((candidate) =>
    candidate.endsWith(suffix),
  );
  return address ? address.slice(0, -suffix.length) : "";
}

export type BookingNotification = "sending" | "failing" | "done";

export type BookingSummary = {
  reference: string;
  service: string;
  date: string;
  timeSlot: string;
  address: string;
  priceCents: number;
  discountCents: number;
  status: Booking["status"];
  /** docs/product/public-site.md#booking-success: "Notifying our team...", the amber message, or nothing */
  notification: BookingNotification;
};

/** The booking behind /booking-success?ref=, or null for a missing or unknown reference. */
export async function findBookingSummary(
  db: Kysely<Database>,
  reference: string | null,
  config: Pick<AppConfig, "WEBHOOK_PRODUCTION_URL" | "WEBHOOK_TEST_URL">,
): Promise<BookingSummary | null> {
  if (!isBookingReference(reference)) return null;
  const row = await findBookingByReference(db, reference);
  if (!row) return null;
  const quote = await findQuoteToBookByQuoteId(db, row.quote_id);
  return {
    reference: row.reference,
    service: quote ? serviceLabel(quote.serviceType, quote.cleaningLevel) : "",
    date: row.scheduled_date,
    timeSlot: row.time_slot,
    address: row.address,
    priceCents: Number(row.price_cents),
    discountCents: Number(row.discount_cents ?? 0),
    status: row.status,
    notification: await notificationOf(db, row.id, config),
  };
}

async function notificationOf(
  db: Kysely<Database>,
  bookingId: string,
  config: Pick<AppConfig, "WEBHOOK_PRODUCTION_URL" | "WEBHOOK_TEST_URL">,
): Promise<BookingNotification> {
  // Nothing to say when no webhook target is configured (docs/decisions/0008-webhook-outbox.md).
  const targets = await getWebhookTargets(db, config);
  if (!targets.production) return "done";
  const status = await webhookStatusFor(db, "booking", bookingId, "booking.confirmed");
  if (status === "sending") return "sending";
  if (status === "failing" || status === "dead") return "failing";
  return "done";
}
