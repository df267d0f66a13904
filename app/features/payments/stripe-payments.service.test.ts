import { sql } from "kysely";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { newId } from "~/lib/ids";
import { startFakeStripe, type FakeStripe } from "../../../tests/fakes/stripe-api";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { refusal } from "../../../tests/helpers/refusal";
import { stripeClientAt } from "./payment-gateway.server";
import { auditOf, insertBookedQuote, ledgerOf, paymentsOf, quoteOf } from "./payments.test-helpers";
import {
  handleStripeWebhook,
  markBookingPaidByStaff,
  startStripeCheckout,
  type PaymentsContext,
} from "./payments.service.server";
import { refundBookingPayment } from "./refunds.service.server";

// Stripe Checkout and its webhook (docs/decisions/0007-payments-through-a-provider.md), offline:
// the official SDK talks over HTTP to a local fake of the Stripe API, and webhook payloads are
// signed with the SDK's own test header.

const WEBHOOK_SECRET = "whsec_test_secret_for_payments";
let fake: FakeStripe;
let ctx: PaymentsContext;

beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = {
    config: {
      paymentsMode: "stripe",
      publicUrl: "https://harbour.example",
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    stripe: stripeClientAt("sk_test_fake", fake),
  };
});
afterAll(async () => {
  await fake.close();
});

/** A Stripe event carrying a Checkout Session, as Stripe sends it, and its signature header. */
function signedEvent(
  session: object,
  type = "checkout.session.completed",
  secret = WEBHOOK_SECRET,
) {
  const payload = JSON.stringify({
    id: `evt_${newId().replaceAll("-", "")}`,
    object: "event",
    type,
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, signature };
}

describe.each(testDialects)("Stripe Checkout on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function checkout() {
    const booking = await insertBookedQuote(database.db);
    const result = await startStripeCheckout(database.db, { reference: booking.reference }, ctx);
    if (result.kind !== "redirect") throw new Error(`no redirect: ${result.kind}`);
    const sessionId = result.url.split("/").at(-1)!;
    return { booking, result, sessionId };
  }

  test("Pay Now creates one Checkout Session for the booking's total in AUD and redirects to it", async () => {
    const { booking, result, sessionId } = await checkout();
    const session = fake.sessions.get(sessionId)!;
    expect(result.url).toBe(session.url);
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: 45_000,
      currency: "aud",
      customer_email: "ava@example.com",
      success_url: `https://harbour.example/payment-success?ref=${booking.reference}`,
      cancel_url: `https://harbour.example/payment?ref=${booking.reference}`,
    });
    const [payment] = await paymentsOf(database.db, booking.bookingId);
    expect(payment).toMatchObject({
      status: "pending",
      provider: "stripe",
      provider_reference: sessionId,
      amount_cents: 45_000,
    });
    expect(session.client_reference_id).toBe(payment!.id);

    // A second click (or tab) gets the same session: same payment, same idempotency key.
    const again = await startStripeCheckout(database.db, { reference: booking.reference }, ctx);
    expect(again).toEqual(result);
    expect(await paymentsOf(database.db, booking.bookingId)).toHaveLength(1);
    const sessions = [...fake.sessions.values()];
    expect(sessions.filter((s) => s.client_reference_id === payment!.id)).toHaveLength(1);
  });

  test("a signed checkout.session.completed marks the payment paid once, however often it is replayed", async () => {
    const { booking, sessionId } = await checkout();
    const event = signedEvent(fake.completeSession(sessionId));
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(await handleStripeWebhook(database.db, event, ctx)).toMatchObject({ status: 200 });
    }
    // A retried delivery carries a fresh signature over the same event: still one payment.
    const retried = signedEvent(fake.sessions.get(sessionId)!);
    await Promise.all([
      handleStripeWebhook(database.db, retried, ctx),
      handleStripeWebhook(database.db, retried, ctx),
    ]);
    expect(await paymentsOf(database.db, booking.bookingId)).toMatchObject([
      { status: "paid", provider: "stripe", provider_reference: sessionId },
    ]);
    expect(await ledgerOf(database.db, booking.reference)).toMatchObject([
      { type: "payment", amount_cents: 45_000 },
    ]);
    expect(await quoteOf(database.db, booking.quoteId)).toEqual({
      status: "pending",
      lead_status: "booked",
    });
    expect(await auditOf(database.db, "payment.paid")).toHaveLength(1);
  });

  test("an unsigned or wrongly signed webhook is refused with 400 and pays nothing", async () => {
    const { booking, sessionId } = await checkout();
    const session = fake.completeSession(sessionId);
    const good = signedEvent(session);
    const forged = signedEvent(session, "checkout.session.completed", "whsec_someone_else");
    expect(
      await handleStripeWebhook(database.db, { payload: good.payload, signature: null }, ctx),
    ).toMatchObject({ status: 400 });
    expect(await handleStripeWebhook(database.db, forged, ctx)).toMatchObject({ status: 400 });
    // A signed body that was changed afterwards no longer matches its signature.
    const tampered = good.payload.replace('"amount_total":45000', '"amount_total":1');
    expect(
      await handleStripeWebhook(database.db, { payload: tampered, signature: good.signature }, ctx),
    ).toMatchObject({ status: 400 });
    // Without a webhook secret nothing can be verified, so nothing is accepted.
    const noSecret = { ...ctx, config: { ...ctx.config, STRIPE_WEBHOOK_SECRET: undefined } };
    expect(await handleStripeWebhook(database.db, good, noSecret)).toMatchObject({ status: 400 });

    expect(await paymentsOf(database.db, booking.bookingId)).toMatchObject([{ status: "pending" }]);
    expect(await ledgerOf(database.db, booking.reference)).toEqual([]);
  });

  test("a session not yet paid, or for another amount, changes nothing", async () => {
    const { booking, sessionId } = await checkout();
    const unpaid = fake.sessions.get(sessionId)!;
    expect(await handleStripeWebhook(database.db, signedEvent(unpaid), ctx)).toMatchObject({
      status: 200,
    });
    const cheaper = { ...fake.completeSession(sessionId), amount_total: 100 };
    await handleStripeWebhook(database.db, signedEvent(cheaper), ctx);
    expect(await paymentsOf(database.db, booking.bookingId)).toMatchObject([{ status: "pending" }]);
  });

  test("part of a Stripe payment is refunded through Stripe for that amount, then the rest", async () => {
    const { booking, sessionId } = await checkout();
    const session = fake.completeSession(sessionId);
    await handleStripeWebhook(database.db, signedEvent(session), ctx);
    const staff = { type: "staff" as const, id: newId() };
    const refundsBefore = fake.refunds.length;
    const partial = { bookingId: booking.bookingId, actor: staff, amountCents: 12_000 };
    const reason = "One room was not cleaned";
    expect(await refundBookingPayment(database.db, { ...partial, reason }, ctx)).toEqual({
      ok: true,
    });
    expect(
      await refundBookingPayment(database.db, { bookingId: booking.bookingId, actor: staff }, ctx),
    ).toEqual({ ok: true });
    expect(fake.refunds.slice(refundsBefore)).toMatchObject([
      { payment_intent: session.payment_intent, amount: 12_000 },
      { payment_intent: session.payment_intent, amount: 33_000 },
    ]);
    expect(await paymentsOf(database.db, booking.bookingId)).toMatchObject([
      { status: "refunded", refunded_cents: 45_000 },
    ]);
  });

  test("a Stripe payment is refunded through Stripe once, with one refund transaction", async () => {
    const { booking, sessionId } = await checkout();
    const session = fake.completeSession(sessionId);
    await handleStripeWebhook(database.db, signedEvent(session), ctx);
    const staff = { type: "staff" as const, id: newId() };
    const refundsBefore = fake.refunds.length;
    expect(
      await refundBookingPayment(database.db, { bookingId: booking.bookingId, actor: staff }, ctx),
    ).toEqual({ ok: true });
    expect(
      refusal(
        await refundBookingPayment(
          database.db,
          { bookingId: booking.bookingId, actor: staff },
          ctx,
        ),
      ),
    ).toEqual({
      kind: "conflict",
      status: 409,
      message: "This payment was already refunded.",
    });
    expect(fake.refunds.slice(refundsBefore)).toMatchObject([
      { payment_intent: session.payment_intent },
    ]);
    expect((await ledgerOf(database.db, booking.reference)).map((row) => row.type)).toEqual([
      "payment",
      "refund",
    ]);
    expect(await paymentsOf(database.db, booking.bookingId)).toMatchObject([
      { status: "refunded" },
    ]);
    // Stripe retrying the old event after the refund is still a replay: nothing to refund again.
    expect(
      await handleStripeWebhook(database.db, signedEvent(fake.sessions.get(sessionId)!), ctx),
    ).toEqual({ status: 200, body: { received: true } });
    expect(await auditOf(database.db, "payment.duplicate_charge")).toEqual([]);
  });

  test("Stripe charging a booking staff already marked paid is recorded as a charge to refund", async () => {
    const { booking, sessionId } = await checkout();
    expect(
      await markBookingPaidByStaff(
        database.db,
        { bookingId: booking.bookingId, staffUserId: newId() },
        ctx,
      ),
    ).toEqual({ ok: true });
    const result = await handleStripeWebhook(
      database.db,
      signedEvent(fake.completeSession(sessionId)),
      ctx,
    );
    expect(result).toMatchObject({ status: 200, duplicateCharge: sessionId });
    expect(await paymentsOf(database.db, booking.bookingId)).toMatchObject([
      { status: "paid", provider: "manual" },
    ]);
    expect(await ledgerOf(database.db, booking.reference)).toHaveLength(1);
    const [entry] = await auditOf(database.db, "payment.duplicate_charge");
    expect(JSON.parse(entry!.details!)).toMatchObject({ session: sessionId, amountCents: 45_000 });

    // Stripe's redeliveries, one after another and two at once, are acknowledged quietly.
    const redeliver = () =>
      handleStripeWebhook(database.db, signedEvent(fake.completeSession(sessionId)), ctx);
    const again = [await redeliver(), ...(await Promise.all([redeliver(), redeliver()]))];
    for (const answer of again) {
      expect(answer).toEqual({ status: 200, body: { received: true } });
    }
    expect(await auditOf(database.db, "payment.duplicate_charge")).toHaveLength(1);
  });

  test("a booking cancelled while its Checkout page was open is not paid by the webhook", async () => {
    const { booking, sessionId } = await checkout();
    await sql`update bookings set status = 'cancelled' where id = ${booking.bookingId}`.execute(
      database.db,
    );
    const result = await handleStripeWebhook(
      database.db,
      signedEvent(fake.completeSession(sessionId)),
      ctx,
    );
    expect(result).toMatchObject({ status: 200, duplicateCharge: sessionId });
    expect(await paymentsOf(database.db, booking.bookingId)).toMatchObject([{ status: "pending" }]);
    expect(await ledgerOf(database.db, booking.reference)).toEqual([]);
  });
});
