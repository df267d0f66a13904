import Stripe from "stripe";
import type { TestCardToken } from "./test-cards";

// The provider calls of saved cards (docs/decisions/0074-saved-cards-and-off-session-charges.md):
// Checkout in setup mode saves a card at Stripe, a PaymentIntent with off_session and confirm
// charges it after the clean, and the test provider mimics both from its test cards. Network
// calls: never inside a transaction.

/** What the provider said about an off-session charge. */
export type OffSessionOutcome =
  | { kind: "succeeded"; reference: string }
  | { kind: "declined"; code: string }
  | { kind: "requires_action"; code: string };

/** The card's details as the provider reports them: never its number. */
export type CardDetails = { brand: string; last4: string; expMonth: number; expYear: number };

const TEST_CARD_DETAILS: Record<TestCardToken, { brand: string; last4: string }> = {
  tok_visa: { brand: "visa", last4: "4242" },
  tok_mastercard: { brand: "mastercard", last4: "4444" },
  tok_chargeDeclined: { brand: "visa", last4: "0002" },
  tok_chargeDeclinedInsufficientFunds: { brand: "visa", last4: "9995" },
  tok_chargeCustomerFail: { brand: "visa", last4: "0341" },
  tok_authenticationRequired: { brand: "visa", last4: "3184" },
};

export const testCardDetails = (token: TestCardToken) => TEST_CARD_DETAILS[token];

/** The test provider's payment method id: it names the test card, so a charge can follow it. */
export const testPaymentMethodId = (token: TestCardToken, id: string) => `test_pm_${token}_${id}`;

const tokenOfTestMethod = (paymentMethodId: string) =>
  (Object.keys(TEST_CARD_DETAILS) as TestCardToken[]).find((token) =>
    paymentMethodId.startsWith(`test_pm_${token}_`),
  );

/**
 * The test provider's off-session charge, as Stripe's test cards behave: 0341 is declined,
 * 3184 needs the customer, a card the form refuses on the spot is declined too, the rest pay.
 */
export function simulateOffSessionCharge(
  paymentMethodId: string,
  idempotencyKey: string,
): OffSessionOutcome {
  switch (tokenOfTestMethod(paymentMethodId)) {
    case "tok_visa":
    case "tok_mastercard":
      return { kind: "succeeded", reference: `test_pi_${idempotencyKey.replace(/\W/g, "")}` };
    case "tok_authenticationRequired":
      return { kind: "requires_action", code: "authentication_required" };
    case "tok_chargeDeclinedInsufficientFunds":
      return { kind: "declined", code: "insufficient_funds" };
    default:
      return { kind: "declined", code: "card_declined" };
  }
}

/** The Stripe customer the saved cards of one of our customers belong to, made once. */
export async function createStripeCustomer(
  stripe: Stripe,
  input: { customerId: string; email: string; name: string },
) {
  const customer = await stripe.customers.create(
    { email: input.email, name: input.name, metadata: { customer_id: input.customerId } },
    { idempotencyKey: `customer-${input.customerId}` },
  );
  return customer.id;
}

/** A Checkout Session in setup mode: Stripe takes the card and keeps it for later charges. */
export async function createSetupCheckoutSession(
  stripe: Stripe,
  input: { customerId: string; stripeCustomerId: string; returnTo: string },
  publicUrl: string,
) {
  const session = await stripe.checkout.sessions.create({
    mode: "setup",
    currency: "aud",
    customer: input.stripeCustomerId,
    client_reference_id: input.customerId,
    metadata: { customer_id: input.customerId, purpose: "saved_card" },
    // The way back may already carry a query (the payment success page's ?ref=).
    success_url: `${publicUrl}${input.returnTo}${input.returnTo.includes("?") ? "&" : "?"}card=saved&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${publicUrl}${input.returnTo}`,
  });
  if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
  return { sessionId: session.id, url: session.url };
}

/** The card a completed setup session saved, with its Stripe customer; null while not complete. */
export async function cardOfSetupSession(stripe: Stripe, sessionId: string) {
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  if (session.mode !== "setup" || session.status !== "complete") return null;
  const intentId =
    typeof session.setup_intent === "string" ? session.setup_intent : session.setup_intent?.id;
  if (!intentId) return null;
  const intent = await stripe.setupIntents.retrieve(intentId, { expand: ["payment_method"] });
  const method = intent.payment_method;
  if (intent.status !== "succeeded" || !method || typeof method === "string" || !method.card) {
    return null;
  }
  const stripeCustomerId =
    typeof session.customer === "string" ? session.customer : (session.customer?.id ?? null);
  const card: CardDetails = {
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
  };
  return {
    customerId: session.client_reference_id ?? session.metadata?.customer_id ?? null,
    stripeCustomerId,
    paymentMethodId: method.id,
    card,
  };
}

/** Detaches a removed card from its Stripe customer, so it can never be charged again. */
export async function detachStripeCard(stripe: Stripe, paymentMethodId: string) {
  try {
    await stripe.paymentMethods.detach(paymentMethodId);
  } catch (error) {
    // Detached already (a second click, or removed at Stripe): the card is gone, as wanted.
    if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
    throw error;
  }
}

/**
 * Charges a saved card with the customer away: confirm and off_session in one call, once per
 * idempotency key, so a call repeated after a crash is answered with the first charge.
 */
export async function chargeStripeOffSession(
  stripe: Stripe,
  input: {
    amountCents: number;
    stripeCustomerId: string;
    paymentMethodId: string;
    idempotencyKey: string;
    bookingReference: string;
  },
): Promise<OffSessionOutcome> {
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: "aud",
        customer: input.stripeCustomerId,
        payment_method: input.paymentMethodId,
        off_session: true,
        confirm: true,
        description: `Booking ${input.bookingReference}`,
        metadata: { booking_reference: input.bookingReference },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    if (intent.status === "succeeded") return { kind: "succeeded", reference: intent.id };
    return { kind: "requires_action", code: "authentication_required" };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      const code = error.code ?? "card_declined";
      return code === "authentication_required"
        ? { kind: "requires_action", code }
        : { kind: "declined", code: error.decline_code ?? code };
    }
    throw error;
  }
}
