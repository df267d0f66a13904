import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { newId } from "~/lib/ids";
import { startFakeStripe, type FakeStripe } from "../../../tests/fakes/stripe-api";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { chargeKeyFor, chargeVisit, type ChargeContext } from "./card-charges.service.server";
import { stripeClientAt } from "./payment-gateway.server";
import { handleStripeWebhook } from "./payments.service.server";
import { paymentsOf } from "./payments.test-helpers";
import { CHARGE_CONFIG, chargesOf, insertCompletedVisit } from "./saved-cards.test-helpers";
import { getSavedCard, removeSavedCard, startCardSetup } from "./saved-cards.service.server";
import { findActiveCard } from "./saved-cards.repository.server";

// Saved cards at Stripe (docs/decisions/0074-saved-cards-and-off-session-charges.md), offline:
// the official SDK talks to a local fake of the Stripe API over HTTP.

const WEBHOOK_SECRET = "whsec_saved_cards";
const customerId = "cust-stripe-card";
let fake: FakeStripe;
let ctx: ChargeContext;

beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = {
    config: {
      ...CHARGE_CONFIG,
      paymentsMode: "stripe",
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    stripe: stripeClientAt("sk_test_fake", fake),
  };
});
afterAll(async () => {
  await fake.close();
});

function completedEvent(session: object) {
  const payload = JSON.stringify({
    id: `evt_${newId().replaceAll("-", "")}`,
    object: "event",
    type: "checkout.session.completed",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return { payload, signature };
}

describe.each(testDialects)("saved cards at Stripe on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function saveCard(card: "visa" | "chargeCustomerFail") {
    const visit = await insertCompletedVisit(database.db, { customerId });
    const started = await startCardSetup(
      database.db,
      { customerId, email: "ava@example.com", name: "Ava Chen", returnTo: "/profile" },
      ctx,
    );
    if (!started.ok) throw new Error(started.message);
    const sessionId = started.url.split("/").pop()!;
    expect(fake.sessions.get(sessionId)?.mode).toBe("setup");
    fake.completeSetupSession(sessionId, card);
    const event = completedEvent(fake.sessions.get(sessionId)!);
    expect((await handleStripeWebhook(database.db, event, ctx)).status).toBe(200);
    // A replayed event saves nothing more.
    await handleStripeWebhook(database.db, event, ctx);
    return visit;
  }

  test("a card saved in setup mode is charged off-session once, even after a crash before the record", async () => {
    const visit = await saveCard("visa");
    expect(await getSavedCard(database.db, customerId)).toMatchObject({ last4: "4242" });
    // A process killed after Stripe's answer and before the record: the row is claimed and pending.
    const card = (await findActiveCard(database.db, customerId))!;
    const key = chargeKeyFor(visit.bookingId, 1);
    await database.db
      .insertInto("card_charges")
      .values({
        id: newId(),
        booking_id: visit.bookingId,
        attempt: 1,
        saved_card_id: card.id,
        amount_cents: 45_000,
        idempotency_key: key,
        status: "pending",
        provider_reference: null,
        failure_code: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    await ctx.stripe!.paymentIntents.create(
      {
        amount: 45_000,
        currency: "aud",
        customer: card.provider_customer_id!,
        payment_method: card.payment_method_id,
        off_session: true,
        confirm: true,
      },
      { idempotencyKey: key },
    );
    const job = { bookingId: visit.bookingId, attempt: 1 };
    expect(await chargeVisit(database.db, job, ctx)).toBe("succeeded");
    expect(await chargeVisit(database.db, job, ctx)).toBe("skipped");
    const made = fake.paymentIntents.filter((intent) => intent.idempotencyKey === key);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ status: "succeeded", off_session: true, amount: 45_000 });
    const payments = await paymentsOf(database.db, visit.bookingId);
    expect(payments.map((p) => [p.status, p.provider, p.provider_reference])).toEqual([
      ["paid", "stripe", made[0]!.id],
    ]);
  });

  test("Stripe's card_declined is recorded as a decline and removing the card detaches it", async () => {
    const visit = await saveCard("chargeCustomerFail");
    const job = { bookingId: visit.bookingId, attempt: 1 };
    expect(await chargeVisit(database.db, job, ctx)).toBe("declined");
    expect((await chargesOf(database.db, visit.bookingId))[0]!.failure_code).toBe(
      "generic_decline",
    );
    const card = (await findActiveCard(database.db, customerId))!;
    await removeSavedCard(database.db, customerId, ctx);
    expect(fake.paymentMethods.get(card.payment_method_id)?.customer).toBeNull();
    expect(await chargeVisit(database.db, { bookingId: visit.bookingId, attempt: 2 }, ctx)).toBe(
      "skipped",
    );
  });
});
