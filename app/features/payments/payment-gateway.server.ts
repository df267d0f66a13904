import Stripe from "stripe";
import type { AppConfig } from "~/server/config.server";
import type { TestCardToken } from "./test-cards";

// The payment provider interface (docs/decisions/0007-payments-through-a-provider.md): the
// simulated test processor, Stripe Checkout, or none (online payment off, staff mark bookings
// paid after the service). Calls to a provider are network calls: never inside a transaction.

export type PaymentsConfig = Pick<
  AppConfig,
  "paymentsMode" | "publicUrl" | "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET"
>;

/** What a service of this feature needs: the configuration, and a Stripe client tests can aim. */
export type PaymentsContext = {
  config: PaymentsConfig;
  /** A Stripe client to use instead of one made from STRIPE_SECRET_KEY (a local fake in tests). */
  stripe?: Stripe;
};

export type ChargeOutcome =
  { ok: true; chargeId: string } | { ok: false; message: string; code: string };

export const DECLINED_MESSAGE = "Your card was declined.";
export const INSUFFICIENT_FUNDS_MESSAGE = "Your card has insufficient funds.";

/**
 * The test processor: the outcome follows from the token, as Stripe's test cards behave. The
 * charge id is derived from the payment's idempotency key, so charging the same payment twice
 * (a double click, two tabs) is one charge, as it is at a real processor.
 */
export function simulateCharge(token: TestCardToken, idempotencyKey: string): ChargeOutcome {
  switch (token) {
    // With the customer present, the bank's check on 3184 is passed on the spot.
    case "tok_visa":
    case "tok_mastercard":
    case "tok_authenticationRequired":
      return { ok: true, chargeId: `test_ch_${idempotencyKey.replace(/[^A-Za-z0-9]/g, "")}` };
    case "tok_chargeDeclinedInsufficientFunds":
      return { ok: false, message: INSUFFICIENT_FUNDS_MESSAGE, code: "insufficient_funds" };
    case "tok_chargeDeclined":
    case "tok_chargeCustomerFail":
      return { ok: false, message: DECLINED_MESSAGE, code: "card_declined" };
  }
}

/** The simulated refund of a test charge: always accepted, one refund id per idempotency key. */
export function simulateRefund(idempotencyKey: string) {
  return { refundId: `test_re_${idempotencyKey.replace(/[^A-Za-z0-9]/g, "")}` };
}

const clients = new Map<string, Stripe>();

/** The Stripe client: the context's own, or one per secret key for the process. */
export function stripeClient(ctx: PaymentsContext): Stripe | null {
  if (ctx.stripe) return ctx.stripe;
  const key = ctx.config.STRIPE_SECRET_KEY;
  if (!key) return null;
  let client = clients.get(key);
  if (!client) {
    client = new Stripe(key, { maxNetworkRetries: 2, timeout: 20_000 });
    clients.set(key, client);
  }
  return client;
}

/** A Stripe client for another API host (the tests' local fake Stripe). */
export function stripeClientAt(
  secretKey: string,
  api: { host: string; port: number; protocol: "http" | "https" },
) {
  const { host, port, protocol } = api;
  return new Stripe(secretKey, { host, port, protocol, maxNetworkRetries: 0 });
}

export type CheckoutInput = {
  paymentId: string;
  bookingReference: string;
  amountCents: number;
  description: string;
  customerEmail: string;
};

/** A Checkout Session for the booking's total in AUD; Stripe dedupes it by the idempotency key. */
export async function createCheckoutSession(
  stripe: Stripe,
  input: CheckoutInput,
  publicUrl: string,
) {
  const ref = encodeURIComponent(input.bookingReference);
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      client_reference_id: input.paymentId,
      customer_email: input.customerEmail,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "aud",
            unit_amount: input.amountCents,
            product_data: { name: input.description },
          },
        },
      ],
      metadata: { payment_id: input.paymentId, booking_reference: input.bookingReference },
      success_url: `${publicUrl}/payment-success?ref=${ref}`,
      cancel_url: `${publicUrl}/payment?ref=${ref}`,
    },
    { idempotencyKey: `checkout-${input.paymentId}-${input.amountCents}` },
  );
  if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
  return { sessionId: session.id, url: session.url };
}

/**
 * Refunds `amountCents` of the charge behind a Checkout Session, once per idempotency key (the
 * caller's key names the payment and what was refunded before, so a repeated request is one
 * refund and a later partial refund is another).
 */
export async function refundCheckoutSession(
  stripe: Stripe,
  sessionId: string,
  refund: { amountCents: number; idempotencyKey: string },
) {
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const intent =
    typeof session.payment_intent === "string"
      ? session.payment_intent
      : session.payment_intent?.id;
  if (!intent) throw new Error(`Checkout Session ${sessionId} has no payment to refund`);
  const made = await stripe.refunds.create(
    { payment_intent: intent, amount: refund.amountCents },
    { idempotencyKey: refund.idempotencyKey },
  );
  return { refundId: made.id };
}

/**
 * A Checkout Session for a tip in AUD (docs/decisions/0078-tips-go-to-the-crew.md): its metadata
 * names the tip, so the webhook settles the tip rather than a booking's payment.
 */
export async function createTipCheckoutSession(
  stripe: Stripe,
  input: { tipId: string; bookingReference: string; amountCents: number; customerEmail: string },
  publicUrl: string,
) {
  const back = `${publicUrl}/tip?ref=${encodeURIComponent(input.bookingReference)}`;
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      client_reference_id: input.tipId,
      customer_email: input.customerEmail,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "aud",
            unit_amount: input.amountCents,
            product_data: { name: `Tip for your crew, booking ${input.bookingReference}` },
          },
        },
      ],
      metadata: { tip_id: input.tipId, booking_reference: input.bookingReference },
      success_url: `${back}&paid=1`,
      cancel_url: `${back}&tip=${encodeURIComponent(input.tipId)}`,
    },
    { idempotencyKey: `tip-checkout-${input.tipId}` },
  );
  if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
  return { sessionId: session.id, url: session.url };
}
