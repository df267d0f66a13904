import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import { failure, type Result } from "~/lib/result";
import type { Database } from "~/server/database";
import { stripeClient, type PaymentsContext } from "./payment-gateway.server";
import {
  cardOfSetupSession,
  createSetupCheckoutSession,
  createStripeCustomer,
  detachStripeCard,
  testCardDetails,
  testPaymentMethodId,
  type CardDetails,
} from "./saved-card-gateway.server";
import { SAVED_CARD_COPY } from "./saved-card-copy";
import {
  findActiveCard,
  findStripeCustomerId,
  insertCardUnlessSaved,
  removeCustomerCards,
} from "./saved-cards.repository.server";
import type { TestCardToken } from "./test-cards";

// Saved cards (docs/decisions/0074-saved-cards-and-off-session-charges.md): the provider keeps the
// card; we keep its ids, brand, last four digits and expiry, one card per customer at a time.

type Db = Kysely<Database>;

export type SavedCardView = {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  provider: string;
};

/** The customer's card that visits are charged to, or null. */
export async function getSavedCard(db: Db, customerId: string): Promise<SavedCardView | null> {
  const card = await findActiveCard(db, customerId);
  if (!card) return null;
  return {
    brand: card.brand,
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    provider: card.provider,
  };
}

/** Stores the card and retires the customer's earlier one, in one transaction; the retired ones. */
async function storeCard(
  db: Db,
  input: {
    customerId: string;
    provider: "test" | "stripe";
    providerCustomerId: string | null;
    paymentMethodId: string;
    card: CardDetails;
  },
  now: Date,
) {
  const at = now.toISOString();
  const id = newId();
  return db.transaction().execute(async (trx) => {
    const inserted = await insertCardUnlessSaved(trx, {
      id,
      customer_id: input.customerId,
      provider: input.provider,
      provider_customer_id: input.providerCustomerId,
      payment_method_id: input.paymentMethodId,
      brand: input.card.brand,
      last4: input.card.last4,
      exp_month: input.card.expMonth,
      exp_year: input.card.expYear,
      created_at: at,
      removed_at: null,
    });
    if (!inserted) return [];
    return removeCustomerCards(trx, { customerId: input.customerId, keepId: id, at });
  });
}

/**
 * The test provider's "save a card": the browser checked the test card and posts its token and
 * expiry (a test card's, never a real one), as Checkout's setup mode would hand back.
 */
export async function saveTestCard(
  db: Db,
  input: { customerId: string; token: TestCardToken; expMonth: number; expYear: number },
  ctx: PaymentsContext,
  now = new Date(),
): Promise<Result> {
  if (ctx.config.paymentsMode !== "test") return failure("conflict", SAVED_CARD_COPY.unavailable);
  const details = testCardDetails(input.token);
  await storeCard(
    db,
    {
      customerId: input.customerId,
      provider: "test",
      providerCustomerId: null,
      paymentMethodId: testPaymentMethodId(input.token, newId()),
      card: { ...details, expMonth: input.expMonth, expYear: input.expYear },
    },
    now,
  );
  return { ok: true };
}

/**
 * Stripe's "save a card": a Checkout Session in setup mode for the customer's Stripe customer
 * (made on first use), to redirect to. The card is stored when the session completes.
 */
export async function startCardSetup(
  db: Db,
  input: { customerId: string; email: string; name: string; returnTo: string },
  ctx: PaymentsContext,
): Promise<Result<{ url: string }>> {
  const stripe = ctx.config.paymentsMode === "stripe" ? stripeClient(ctx) : null;
  if (!stripe) return failure("conflict", SAVED_CARD_COPY.unavailable);
  const stripeCustomerId =
    (await findStripeCustomerId(db, input.customerId)) ??
    (await createStripeCustomer(stripe, input));
  const session = await createSetupCheckoutSession(
    stripe,
    { customerId: input.customerId, stripeCustomerId, returnTo: input.returnTo },
    ctx.config.publicUrl,
  );
  return { ok: true, url: session.url };
}

/**
 * A completed setup session stores its card: called by the webhook and by the page Stripe sends
 * the customer back to, whichever is first; the payment method's unique id makes the second a
 * no-op. `customerId`, when given, must be the session's own (the page's signed-in customer).
 */
export async function completeCardSetup(
  db: Db,
  input: { sessionId: string; customerId?: string },
  ctx: PaymentsContext,
  now = new Date(),
): Promise<boolean> {
  const stripe = stripeClient(ctx);
  if (!stripe) return false;
  const found = await cardOfSetupSession(stripe, input.sessionId);
  if (!found?.customerId || !found.stripeCustomerId) return false;
  if (input.customerId && found.customerId !== input.customerId) return false;
  const retired = await storeCard(
    db,
    {
      customerId: found.customerId,
      provider: "stripe",
      providerCustomerId: found.stripeCustomerId,
      paymentMethodId: found.paymentMethodId,
      card: found.card,
    },
    now,
  );
  await detachRetired(retired, ctx);
  return true;
}

async function detachRetired(
  cards: Array<{ provider: string; payment_method_id: string }>,
  ctx: PaymentsContext,
) {
  const stripe = stripeClient(ctx);
  for (const card of cards) {
    if (card.provider === "stripe" && stripe)
      await detachStripeCard(stripe, card.payment_method_id);
  }
}

/**
 * Removes the customer's saved card: it is never charged again (a charge job finds no card and
 * leaves the visit to the pay link), and at Stripe it is detached from the customer.
 */
export async function removeSavedCard(
  db: Db,
  customerId: string,
  ctx: PaymentsContext,
  now = new Date(),
): Promise<Result> {
  const removed = await removeCustomerCards(db, { customerId, at: now.toISOString() });
  await detachRetired(removed, ctx);
  return { ok: true };
}
