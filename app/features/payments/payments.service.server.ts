import type { Kysely } from "kysely";
import type Stripe from "stripe";
import { getPaidInvoiceOfQuote } from "~/features/invoices/invoice.service.server";
import { newId } from "~/lib/ids";
import { failure, type Result } from "~/lib/result";
import type { Database, PaymentProvider } from "~/server/database";
import {
  createCheckoutSession,
  simulateCharge,
  stripeClient,
  type PaymentsContext,
} from "./payment-gateway.server";
import { MARK_PAID_TEXT } from "./mark-paid-text";
import { serviceName } from "./payment-copy";
import {
  findBookingById,
  findBookingByReference,
  duplicateChargeRecorded,
  findBookingPaymentIn,
  findPaymentById,
  findPaymentByKey,
  insertPaymentUnlessKeyed,
  recordDecline,
  setPendingProvider,
  sumPaidCentsForCustomer,
  type BookingForPayment,
} from "./payments.repository.server";
import {
  audit,
  PAYMENT_DECLINED,
  PAYMENT_DUPLICATE_CHARGE,
  settlePaid,
  type PaymentActor,
} from "./settle-payment.server";
import type { TestCardToken } from "./test-cards";
import { settleTipCheckout } from "./tips.service.server";
import { completeCardSetup } from "./saved-cards.service.server";
import { formatHours } from "~/lib/format";

// Payments (docs/decisions/0007-payments-through-a-provider.md): a booking's payments row
// becomes paid exactly once, through the test processor, Stripe Checkout confirmed by its signed
// webhook, or staff after the service. Other features use these functions: cancellation refunds
// through refundBookingPayment (refunds.service.server.ts), and rewards points are derived from
// paidDollarsForCustomer.

type Db = Kysely<Database>;

export type { PaymentActor, PaymentsContext };
// The audit actions of a payment, which the lead's timeline names.
export {
  PAYMENT_DECLINED,
  PAYMENT_DUPLICATE_CHARGE,
  PAYMENT_PAID,
  PAYMENT_REFUNDED,
} from "./settle-payment.server";

/** The one idempotency key of the payments the site makes for a booking. */
export const paymentKeyFor = (bookingId: string) => `booking:${bookingId}`;

/** What the booking costs: its price less any rewards discount. */
export const amountDueOf = (booking: BookingForPayment) =>
  Math.max(0, booking.priceCents - booking.discountCents);

const MAX_REFERENCE_LENGTH = 64;

async function bookingFor(db: Db, reference: string | null | undefined) {
  if (!reference || reference.length > MAX_REFERENCE_LENGTH) return null;
  return findBookingByReference(db, reference);
}

export type PaymentState = "payable" | "paid" | "refunded" | "cancelled";

export type PaymentPage = {
  reference: string;
  state: PaymentState;
  mode: PaymentsContext["config"]["paymentsMode"];
  service: string;
  hours: string | null;
  hourlyRateCents: number | null;
  priceCents: number;
  discountCents: number;
  totalCents: number;
};

export async function stateOf(db: Db, booking: BookingForPayment): Promise<PaymentState> {
  const settled = await findBookingPaymentIn(db, booking.id, ["paid", "refunded"]);
  if (settled) return settled.status === "paid" ? "paid" : "refunded";
  return booking.status === "cancelled" ? "cancelled" : "payable";
}

/** The payment page of the booking `reference` names; null for no such booking (404). */
export async function findPaymentPage(
  db: Db,
  reference: string | null,
  ctx: PaymentsContext,
): Promise<PaymentPage | null> {
  const booking = await bookingFor(db, reference);
  if (!booking) return null;
  return {
    reference: booking.reference,
    state: await stateOf(db, booking),
    mode: ctx.config.paymentsMode,
    service: serviceName(booking.serviceType, booking.cleaningLevel),
    hours: booking.hours === null ? null : formatHours(booking.hours),
    hourlyRateCents: booking.hourlyRateCents,
    priceCents: booking.priceCents,
    discountCents: booking.discountCents,
    totalCents: amountDueOf(booking),
  };
}

/** The payment success page: the booking, whether its payment is confirmed yet, and its tax invoice. */
export async function findPaymentSuccess(db: Db, reference: string | null) {
  const booking = await bookingFor(db, reference);
  if (!booking) return null;
  const settled = await findBookingPaymentIn(db, booking.id, ["paid", "refunded"]);
  // A refunded or cancelled booking is settled too: the page says so and stops checking.
  const state = await stateOf(db, booking);
  return {
    reference: booking.reference,
    service: serviceName(booking.serviceType, booking.cleaningLevel),
    state,
    amountCents: settled?.amount_cents ?? amountDueOf(booking),
    // docs/decisions/0054-tax-invoice-receipts-and-one-price.md: the paid booking's tax invoice.
    invoice: state === "paid" ? await getPaidInvoiceOfQuote(db, booking.quoteId) : null,
  };
}

/**
 * The booking's pending payment for `provider`, made once: the idempotency key is unique, so two
 * requests racing here both get the same row.
 */
export async function pendingPaymentFor(
  db: Db,
  booking: BookingForPayment,
  provider: PaymentProvider,
  now = new Date(),
) {
  const key = paymentKeyFor(booking.id);
  const at = now.toISOString();
  await insertPaymentUnlessKeyed(db, {
    id: newId(),
    quote_id: booking.quoteId,
    booking_id: booking.id,
    amount_cents: amountDueOf(booking),
    payment_method: provider === "manual" ? "manual" : "card",
    provider,
    status: "pending",
    created_at: at,
    updated_at: at,
    idempotency_key: key,
  });
  const payment = (await findPaymentByKey(db, key))!;
  if (payment.status === "pending" && payment.provider !== provider) {
    await setPendingProvider(db, payment.id, provider, null, at);
    return { ...payment, provider };
  }
  return payment;
}

export type ConfirmResult =
  | { kind: "paid" }
  | { kind: "declined"; message: string }
  | { kind: "not-found" }
  | { kind: "not-payable"; state: PaymentState }
  | { kind: "unavailable" };

/**
 * The test provider's Pay Now: the simulated processor decides from the card's test token, and
 * a success marks the booking's payment paid once, however many requests arrive together.
 * Nothing else can mark a payment paid from the browser.
 */
export async function confirmTestPayment(
  db: Db,
  input: { reference: string; token: TestCardToken; actor: PaymentActor },
  ctx: PaymentsContext,
  now = new Date(),
): Promise<ConfirmResult> {
  if (ctx.config.paymentsMode !== "test") return { kind: "unavailable" };
  const booking = await bookingFor(db, input.reference);
  if (!booking) return { kind: "not-found" };
  const state = await stateOf(db, booking);
  if (state === "paid") return { kind: "paid" };
  if (state !== "payable") return { kind: "not-payable", state };
  // The simulated processor needs no network, so the attempt and its outcome are one transaction
  // (one commit); concurrent attempts wait on the payment's unique key and then find it paid.
  return db.transaction().execute(async (trx): Promise<ConfirmResult> => {
    const payment = await pendingPaymentFor(trx, booking, "test");
    if (payment.status === "paid") return { kind: "paid" };
    if (payment.status !== "pending") return { kind: "not-payable", state: "refunded" };
    const outcome = simulateCharge(input.token, payment.idempotency_key ?? payment.id);
    const at = now.toISOString();
    if (!outcome.ok) {
      await recordDecline(trx, payment.id, outcome.message, at);
      await audit(trx, input.actor, {
        action: PAYMENT_DECLINED,
        subjectType: "payment",
        subjectId: payment.id,
        details: { provider: "test", code: outcome.code, booking: booking.reference },
        at,
      });
      return { kind: "declined", message: outcome.message };
    }
    const settled = await settlePaid(trx, {
      paymentId: payment.id,
      booking,
      provider: "test",
      providerReference: outcome.chargeId,
      actor: input.actor,
      at: now,
      publicUrl: ctx.config.publicUrl,
    });
    return settled === "not-payable"
      ? { kind: "not-payable", state: "refunded" }
      : { kind: "paid" };
  });
}

export type CheckoutResult =
  | { kind: "redirect"; url: string }
  | { kind: "paid" }
  | { kind: "not-found" }
  | { kind: "not-payable"; state: PaymentState }
  | { kind: "unavailable" };

/** Stripe's Pay Now: a Checkout Session for the amount due in AUD, to redirect the visitor to. */
export async function startStripeCheckout(
  db: Db,
  input: { reference: string },
  ctx: PaymentsContext,
): Promise<CheckoutResult> {
  const stripe = ctx.config.paymentsMode === "stripe" ? stripeClient(ctx) : null;
  if (!stripe) return { kind: "unavailable" };
  const booking = await bookingFor(db, input.reference);
  if (!booking) return { kind: "not-found" };
  const state = await stateOf(db, booking);
  if (state === "paid") return { kind: "paid" };
  if (state !== "payable") return { kind: "not-payable", state };
  const payment = await pendingPaymentFor(db, booking, "stripe");
  if (payment.status === "paid") return { kind: "paid" };
  const session = await createCheckoutSession(
    stripe,
    {
      paymentId: payment.id,
      bookingReference: booking.reference,
      amountCents: payment.amount_cents,
      description: `${serviceName(booking.serviceType, booking.cleaningLevel)}, booking ${booking.reference}`,
      customerEmail: booking.clientEmail,
    },
    ctx.config.publicUrl,
  );
  await setPendingProvider(db, payment.id, "stripe", session.sessionId, new Date().toISOString());
  return { kind: "redirect", url: session.url };
}

export type WebhookResult = {
  status: 200 | 400;
  body: { received: boolean; error?: string };
  /** A Checkout Session that charged a booking already paid another way: to refund in Stripe */
  duplicateCharge?: string;
};

const SETTLING_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
]);

/** The event, when its signature checks out with STRIPE_WEBHOOK_SECRET; otherwise null. */
function verifiedStripeEvent(
  input: { payload: string; signature: string | null },
  ctx: PaymentsContext,
): Stripe.Event | null {
  const secret = ctx.config.STRIPE_WEBHOOK_SECRET;
  const stripe = stripeClient(ctx);
  if (!secret || !stripe || !input.signature) return null;
  try {
    return stripe.webhooks.constructEvent(input.payload, input.signature, secret);
  } catch {
    return null;
  }
}

/**
 * POST /api/stripe/webhook: the signature is verified (STRIPE_WEBHOOK_SECRET) before anything is
 * read; a bad or missing one gets 400. checkout.session.completed with payment_status paid marks
 * the session's payment paid once: a retried or replayed event finds it paid and changes nothing.
 */
export async function handleStripeWebhook(
  db: Db,
  input: { payload: string; signature: string | null },
  ctx: PaymentsContext,
  now = new Date(),
): Promise<WebhookResult> {
  const event = verifiedStripeEvent(input, ctx);
  if (!event) {
    return {
      status: 400,
      body: { received: false, error: "The signature could not be verified." },
    };
  }
  if (!SETTLING_EVENTS.has(event.type)) return { status: 200, body: { received: true } };
  const session = event.data.object as Stripe.Checkout.Session;
  // A card saved in setup mode (docs/decisions/0074-saved-cards-and-off-session-charges.md).
  if (session.mode === "setup") {
    await completeCardSetup(db, { sessionId: session.id }, ctx, now);
    return { status: 200, body: { received: true } };
  }
  if (session.payment_status !== "paid") return { status: 200, body: { received: true } };
  // A tip's session settles the tip, never a booking's payment
  // (docs/decisions/0078-tips-go-to-the-crew.md).
  if (session.metadata?.tip_id) {
    await settleTipCheckout(db, session, now);
    return { status: 200, body: { received: true } };
  }
  const paymentId = session.client_reference_id ?? session.metadata?.payment_id;
  const payment = paymentId ? await findPaymentById(db, paymentId) : null;
  const booking = payment?.booking_id ? await findBookingById(db, payment.booking_id) : null;
  // A session for another amount or currency than the payment's is not this payment.
  if (
    !payment ||
    !booking ||
    session.amount_total !== payment.amount_cents ||
    session.currency?.toLowerCase() !== "aud"
  ) {
    return { status: 200, body: { received: true } };
  }
  const system = { type: "system" as const, id: null };
  return db.transaction().execute(async (trx): Promise<WebhookResult> => {
    // A booking cancelled while its Checkout page was open is not paid by it: the charge is
    // recorded below for staff to refund.
    const settled =
      booking.status === "cancelled"
        ? "not-payable"
        : await settlePaid(trx, {
            paymentId: payment.id,
            booking,
            provider: "stripe",
            providerReference: session.id,
            actor: system,
            at: now,
            publicUrl: ctx.config.publicUrl,
          });
    if (settled === "paid") return { status: 200, body: { received: true } };
    // A replay of the session that paid it changes nothing. But Stripe took money for a booking
    // that was already paid another way (staff marked it paid while Checkout was open), refunded
    // or cancelled: staff must refund this charge in Stripe, so it is recorded for them.
    const current = await findPaymentById(trx, payment.id);
    // (Paid by this very session, then perhaps refunded: a replay too.)
    const replay =
      current?.provider === "stripe" &&
      current.provider_reference === session.id &&
      current.paid_at !== null;
    if (replay) {
      return { status: 200, body: { received: true } };
    }
    // Stripe redelivers an event until it is acknowledged, and may send it twice at once: the
    // charge to refund is recorded (and staff alerted) once per session.
    const marker = {
      paymentId: payment.id,
      sessionId: session.id,
      action: PAYMENT_DUPLICATE_CHARGE,
    };
    if (await duplicateChargeRecorded(trx, marker)) {
      return { status: 200, body: { received: true } };
    }
    await audit(trx, system, {
      action: PAYMENT_DUPLICATE_CHARGE,
      subjectType: "payment",
      subjectId: payment.id,
      details: {
        session: session.id,
        booking: booking.reference,
        amountCents: session.amount_total,
      },
      at: now.toISOString(),
    });
    return { status: 200, body: { received: true }, duplicateCharge: session.id };
  });
}

/** Marked paid, or refused: paid already, or not payable (cancelled or refunded) is a conflict. */
export type StaffPaidResult = Result;

/**
 * Staff mark a booking paid after the service (online payment off, or paid in person): provider
 * manual, the same paid-once rules, ledger line, lifecycle move and audit entry as online.
 */
export async function markBookingPaidByStaff(
  db: Db,
  input: { bookingId: string; staffUserId: string },
  ctx: PaymentsContext,
  now = new Date(),
): Promise<StaffPaidResult> {
  const booking = await findBookingById(db, input.bookingId);
  if (!booking) return failure("not_found", MARK_PAID_TEXT.notFound);
  const alreadyPaid = failure("conflict", MARK_PAID_TEXT.alreadyPaid);
  const notPayable = failure("conflict", MARK_PAID_TEXT.notPayable);
  const state = await stateOf(db, booking);
  if (state === "paid") return alreadyPaid;
  if (state !== "payable") return notPayable;
  const payment = await pendingPaymentFor(db, booking, "manual");
  if (payment.status === "paid") return alreadyPaid;
  const settled = await db.transaction().execute((trx) =>
    settlePaid(trx, {
      paymentId: payment.id,
      booking,
      provider: "manual",
      providerReference: null,
      actor: { type: "staff", id: input.staffUserId },
      at: now,
      publicUrl: ctx.config.publicUrl,
    }),
  );
  if (settled === "paid") return { ok: true };
  return settled === "already-paid" ? alreadyPaid : notPayable;
}

/**
 * Whole dollars a customer has paid and not had refunded: rewards points are 1 per dollar
 * (docs/decisions/0012-real-customer-data.md), derived here and never stored, so a refund takes
 * its points back by itself.
 */
export async function paidDollarsForCustomer(db: Db, customerId: string) {
  return Math.floor((await sumPaidCentsForCustomer(db, customerId)) / 100);
}
