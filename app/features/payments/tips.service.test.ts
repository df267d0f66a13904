import Stripe from "stripe";
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { readMoneyTotals } from "~/features/dashboard/dashboard.service.server";
import { newId } from "~/lib/ids";
import { sydneyDate } from "~/lib/sydney-time";
import type { Database } from "~/server/database";
import { startFakeStripe, type FakeStripe } from "../../../tests/fakes/stripe-api";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { stripeClientAt, type PaymentsContext } from "./payment-gateway.server";
import { confirmTestPayment, handleStripeWebhook } from "./payments.service.server";
import { auditOf, insertBookedQuote, ledgerOf } from "./payments.test-helpers";
import { TIP_TEXT } from "./tips.schema";
import {
  chooseTip,
  findTipPage,
  listCleanerTips,
  payTipWithTestCard,
  startTipCheckout,
  TIP_PAID,
} from "./tips.service.server";

// Tips (docs/decisions/0078-tips-go-to-the-crew.md): chosen after a completed clean, paid by
// card, shared among the crew's seats, each share its cleaner's, never revenue.

const testCtx: PaymentsContext = {
  config: {
    paymentsMode: "test",
    publicUrl: "https://harbour.example",
    STRIPE_SECRET_KEY: "",
    STRIPE_WEBHOOK_SECRET: "",
  },
};
const visitor = { type: "visitor" as const, id: null, ip: null };
const WEBHOOK_SECRET = "whsec_test_secret_for_tips";

let fake: FakeStripe;
let stripeCtx: PaymentsContext;
beforeAll(async () => {
  fake = await startFakeStripe();
  stripeCtx = {
    config: {
      ...testCtx.config,
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

function tipForm(choice: string, other?: string) {
  const form = new FormData();
  form.set("choice", choice);
  if (other !== undefined) form.set("other", other);
  return form;
}

/** A completed booking whose crew accepted seats 1..n, one cleaner each. */
async function completedCleanWithCrew(db: Kysely<Database>, names: string[]) {
  const booking = await insertBookedQuote(db);
  const cleaners = await insertCleaners(
    db,
    names.map((name) => ({ name, status: "available" as const })),
  );
  const at = new Date().toISOString();
  for (const [index, cleanerId] of cleaners.entries()) {
    await db
      .insertInto("assignments")
      .values({
        id: newId(),
        quote_id: booking.quoteId,
        booking_id: booking.bookingId,
        cleaner_id: cleanerId,
        scheduled_date: "2030-03-14",
        time_slot: "09:00",
        status: "accepted",
        response_deadline: at,
        token_hash: newId(),
        responded_at: at,
        previous_quote_status: null,
        seat: index + 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  await db
    .updateTable("bookings")
    .set({ status: "completed", completed_at: at, crew_size: names.length })
    .where("id", "=", booking.bookingId)
    .execute();
  return { ...booking, cleaners };
}

describe.each(testDialects)("tips on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const today = () => sydneyDate(new Date());
  const tipsOf = (cleanerId: string) =>
    listCleanerTips(database.db, { cleanerId, from: today(), to: today() });

  test("a $10.01 tip paid with a test card is shared by three seats, the odd cent to seat 1", async () => {
    const db = database.db;
    const clean = await completedCleanWithCrew(db, ["Mei Chen", "Tom Nguyen", "Ana Silva"]);
    const chosen = await chooseTip(
      db,
      { reference: clean.reference, form: tipForm("other", "10.01") },
      testCtx,
    );
    expect(chosen).toMatchObject({ ok: true });
    if (!chosen.ok) return;
    const page = await findTipPage(
      db,
      { reference: clean.reference, tipId: chosen.tipId },
      testCtx,
    );
    expect(page).toMatchObject({
      state: "open",
      crew: ["Mei", "Tom", "Ana"],
      pending: { amountCents: 1001 },
    });

    const paid = await payTipWithTestCard(
      db,
      { reference: clean.reference, tipId: chosen.tipId, token: "tok_visa", actor: visitor },
      testCtx,
    );
    expect(paid).toEqual({ kind: "paid" });
    const shares = await Promise.all(clean.cleaners.map(tipsOf));
    expect(shares.map((share) => share.totalCents)).toEqual([334, 334, 333]);
    expect(shares[0]!.tips[0]).toMatchObject({ bookingReference: clean.reference, seat: 1 });
    expect(await auditOf(db, TIP_PAID)).toHaveLength(1);

    // Paying the same tip again takes nothing more.
    await payTipWithTestCard(
      db,
      { reference: clean.reference, tipId: chosen.tipId, token: "tok_visa", actor: visitor },
      testCtx,
    );
    expect((await tipsOf(clean.cleaners[0]!)).totalCents).toBe(334);
    expect(
      (await findTipPage(db, { reference: clean.reference, tipId: null }, testCtx))!.paidCents,
    ).toEqual([1001]);
  });

  test("a declined card shares nothing and leaves the tip to pay with another card", async () => {
    const db = database.db;
    const clean = await completedCleanWithCrew(db, ["Mei Chen"]);
    const chosen = await chooseTip(
      db,
      { reference: clean.reference, form: tipForm("20") },
      testCtx,
    );
    if (!chosen.ok) throw new Error(chosen.message);
    const pay = (token: "tok_chargeDeclined" | "tok_visa") =>
      payTipWithTestCard(
        db,
        { reference: clean.reference, tipId: chosen.tipId, token, actor: visitor },
        testCtx,
      );
    expect(await pay("tok_chargeDeclined")).toEqual({
      kind: "declined",
      message: "Your card was declined.",
    });
    expect((await tipsOf(clean.cleaners[0]!)).totalCents).toBe(0);
    expect(await pay("tok_visa")).toEqual({ kind: "paid" });
    expect((await tipsOf(clean.cleaners[0]!)).totalCents).toBe(2000);
  });

  test("a tip is refused before the clean is completed, and outside $5 to $500", async () => {
    const db = database.db;
    const upcoming = await insertBookedQuote(db);
    const early = await chooseTip(
      db,
      { reference: upcoming.reference, form: tipForm("10") },
      testCtx,
    );
    expect(early).toMatchObject({ ok: false, kind: "conflict", message: TIP_TEXT.notCompleted });

    const clean = await completedCleanWithCrew(db, ["Mei Chen"]);
    const tryOther = (other: string) =>
      chooseTip(db, { reference: clean.reference, form: tipForm("other", other) }, testCtx);
    expect(await tryOther("4.99")).toMatchObject({
      ok: false,
      kind: "malformed",
      fieldErrors: { other: TIP_TEXT.otherRange },
    });
    expect(await tryOther("twenty")).toMatchObject({
      fieldErrors: { other: TIP_TEXT.otherInvalid },
    });
    expect(await tryOther("")).toMatchObject({ fieldErrors: { other: TIP_TEXT.otherRequired } });
    expect(
      await chooseTip(db, { reference: clean.reference, form: tipForm("") }, testCtx),
    ).toMatchObject({ fieldErrors: { choice: TIP_TEXT.amountRequired } });
    expect(
      await chooseTip(db, { reference: "BK-NOSUCHREF", form: tipForm("10") }, testCtx),
    ).toMatchObject({ kind: "not_found" });
  });

  test("tips are in the ledger as tips: not revenue, no GST, and each cleaner has their share", async () => {
    const db = database.db;
    const clean = await completedCleanWithCrew(db, ["Mei Chen", "Tom Nguyen"]);
    // The clean itself is paid: $450 of revenue.
    await db
      .updateTable("bookings")
      .set({ status: "confirmed" })
      .where("id", "=", clean.bookingId)
      .execute();
    await confirmTestPayment(
      db,
      { reference: clean.reference, token: "tok_visa", actor: visitor },
      testCtx,
    );
    await db
      .updateTable("bookings")
      .set({ status: "completed" })
      .where("id", "=", clean.bookingId)
      .execute();
    const chosen = await chooseTip(
      db,
      { reference: clean.reference, form: tipForm("30") },
      testCtx,
    );
    if (!chosen.ok) throw new Error(chosen.message);
    await payTipWithTestCard(
      db,
      { reference: clean.reference, tipId: chosen.tipId, token: "tok_visa", actor: visitor },
      testCtx,
    );

    const ledger = await ledgerOf(db, clean.reference);
    expect(ledger.map((row) => [row.type, Number(row.amount_cents)])).toEqual(
      expect.arrayContaining([
        ["payment", 45_000],
        ["tip", 3_000],
      ]),
    );
    const now = Date.now();
    const [totals] = await readMoneyTotals(db, [{ from: now - 86_400_000, to: now + 1 }], now + 1);
    expect(totals).toMatchObject({
      revenueCents: 45_000,
      gstCollectedCents: Math.round(45_000 / 11),
      tipsCents: 3_000,
      completedPayments: 1,
      netProfitCents: 45_000 + 3_000,
    });

    expect((await tipsOf(clean.cleaners[1]!)).totalCents).toBe(1_500);
  });

  test("a tip paid through Stripe Checkout is settled once by its signed webhook", async () => {
    const db = database.db;
    const clean = await completedCleanWithCrew(db, ["Mei Chen", "Tom Nguyen"]);
    const chosen = await chooseTip(
      db,
      { reference: clean.reference, form: tipForm("20") },
      stripeCtx,
    );
    if (!chosen.ok) throw new Error(chosen.message);
    const started = await startTipCheckout(
      db,
      { reference: clean.reference, tipId: chosen.tipId },
      stripeCtx,
    );
    if (started.kind !== "redirect") throw new Error(started.kind);
    const session = fake.sessions.get(started.url.split("/").at(-1)!)!;
    expect(session).toMatchObject({
      amount_total: 2000,
      currency: "aud",
      metadata: { tip_id: chosen.tipId },
    });
    const completed = fake.completeSession(session.id);
    const payload = JSON.stringify({
      id: `evt_${newId().replaceAll("-", "")}`,
      object: "event",
      type: "checkout.session.completed",
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      data: { object: completed },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const answer = await handleStripeWebhook(db, { payload, signature }, stripeCtx);
      expect(answer.status).toBe(200);
    }
    expect((await tipsOf(clean.cleaners[0]!)).totalCents).toBe(1000);
    expect((await tipsOf(clean.cleaners[1]!)).totalCents).toBe(1000);
    expect(await auditOf(db, TIP_PAID)).toHaveLength(1);
  });
});
