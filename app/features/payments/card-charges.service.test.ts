import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { chargeVisit, queueVisitCharges } from "./card-charges.service.server";
import { checkPayLinkToken } from "./pay-link.server";
import { confirmTestPayment } from "./payments.service.server";
import { emailsOf, ledgerOf, paymentsOf } from "./payments.test-helpers";
import {
  CHARGE_CONFIG,
  chargeJobsOf,
  chargesOf,
  insertCompletedVisit,
} from "./saved-cards.test-helpers";
import { getSavedCard, removeSavedCard, saveTestCard } from "./saved-cards.service.server";
import type { TestCardToken } from "./test-cards";

// Charging a saved test card after a series visit
// (docs/decisions/0074-saved-cards-and-off-session-charges.md).

const ctx = { config: CHARGE_CONFIG };
const customerId = "cust-saved-card";
const HOUR = 60 * 60 * 1000;

describe.each(testDialects)("charging a saved card after a visit on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function visitWithCard(token: TestCardToken) {
    const visit = await insertCompletedVisit(database.db, { customerId });
    const saved = await saveTestCard(
      database.db,
      { customerId, token, expMonth: 12, expYear: 2030 },
      ctx,
    );
    expect(saved.ok).toBe(true);
    return visit;
  }

  test("a completed visit is charged once, however often its job runs", async () => {
    const visit = await visitWithCard("tok_visa");
    expect(await queueVisitCharges(database.db, { now: new Date() })).toBe(1);
    expect(await chargeJobsOf(database.db, visit.bookingId)).toHaveLength(1);
    const job = { bookingId: visit.bookingId, attempt: 1 };
    expect(await chargeVisit(database.db, job, ctx)).toBe("succeeded");
    expect(await chargeVisit(database.db, job, ctx)).toBe("skipped");
    const payments = await paymentsOf(database.db, visit.bookingId);
    expect(payments.map((p) => [p.status, Number(p.amount_cents)])).toEqual([["paid", 45_000]]);
    const ledger = await ledgerOf(database.db, visit.reference);
    expect(ledger.filter((line) => line.type === "payment")).toHaveLength(1);
    expect((await chargesOf(database.db, visit.bookingId)).map((c) => c.status)).toEqual([
      "succeeded",
    ]);
    expect(await emailsOf(database.db, "payment.receipt")).toHaveLength(1);
    // A charged visit is not picked again by the sweep.
    expect(await queueVisitCharges(database.db, { now: new Date() })).toBe(0);
  });

  test("a declined card is tried again after a day and three days, with a pay link each time", async () => {
    const visit = await visitWithCard("tok_chargeCustomerFail");
    const now = new Date();
    for (const attempt of [1, 2, 3]) {
      const at = new Date(now.getTime() + (attempt - 1) * HOUR);
      const job = { bookingId: visit.bookingId, attempt };
      expect(await chargeVisit(database.db, job, ctx, at)).toBe("declined");
    }
    const jobs = await chargeJobsOf(database.db, visit.bookingId);
    expect(jobs.map((job) => job.attempt)).toEqual([2, 3]);
    expect(Date.parse(jobs[0]!.dueAt) - now.getTime()).toBe(24 * HOUR);
    expect((await chargesOf(database.db, visit.bookingId)).map((c) => c.failure_code)).toEqual([
      "card_declined",
      "card_declined",
      "card_declined",
    ]);
    const notices = await emailsOf(database.db, "payment.saved_card_failed");
    expect(notices).toHaveLength(3);
    const email = JSON.parse(notices[0]!.payload) as { to: string; subject: string; text: string };
    expect(email.to).toBe("ava@example.com");
    expect(email.subject).toBe(`Your payment for booking ${visit.reference} did not go through`);
    const token = decodeURIComponent(/\/pay-link\?t=(\S+)/.exec(email.text)![1]!);
    expect(checkPayLinkToken(CHARGE_CONFIG.sessionSecret, token, now)).toEqual({
      ok: true,
      reference: visit.reference,
    });
    const later = new Date(now.getTime() + 15 * 24 * HOUR);
    expect(checkPayLinkToken(CHARGE_CONFIG.sessionSecret, token, later)).toEqual({
      ok: false,
      reason: "expired",
    });
    expect((await paymentsOf(database.db, visit.bookingId))[0]!.status).toBe("pending");
  });

  test("a card that needs its holder is not retried: the customer confirms on the payment page", async () => {
    const visit = await visitWithCard("tok_authenticationRequired");
    const job = { bookingId: visit.bookingId, attempt: 1 };
    expect(await chargeVisit(database.db, job, ctx)).toBe("requires_action");
    expect(await chargeJobsOf(database.db, visit.bookingId)).toEqual([]);
    const notices = await emailsOf(database.db, "payment.saved_card_failed");
    const email = JSON.parse(notices[0]!.payload) as { subject: string };
    expect(email.subject).toBe(`Please confirm your payment for booking ${visit.reference}`);
    const paid = await confirmTestPayment(
      database.db,
      {
        reference: visit.reference,
        token: "tok_authenticationRequired",
        actor: { type: "customer", id: null },
      },
      ctx,
    );
    expect(paid).toEqual({ kind: "paid" });
    expect((await paymentsOf(database.db, visit.bookingId))[0]!.status).toBe("paid");
  });

  test("a removed card is never charged and the visit is left to its pay link", async () => {
    const visit = await visitWithCard("tok_visa");
    await removeSavedCard(database.db, customerId, ctx);
    expect(await getSavedCard(database.db, customerId)).toBeNull();
    expect(await queueVisitCharges(database.db, { now: new Date() })).toBe(0);
    const job = { bookingId: visit.bookingId, attempt: 1 };
    expect(await chargeVisit(database.db, job, ctx)).toBe("skipped");
    expect(await chargesOf(database.db, visit.bookingId)).toEqual([]);
    expect(await paymentsOf(database.db, visit.bookingId)).toEqual([]);
  });

  test("a visit paid another way or cancelled is never charged", async () => {
    const visit = await visitWithCard("tok_visa");
    await database.db
      .updateTable("bookings")
      .set({ status: "cancelled" })
      .where("id", "=", visit.bookingId)
      .execute();
    const job = { bookingId: visit.bookingId, attempt: 1 };
    expect(await chargeVisit(database.db, job, ctx)).toBe("skipped");
    expect(await chargesOf(database.db, visit.bookingId)).toEqual([]);
  });

  test("saving another card replaces the first", async () => {
    await visitWithCard("tok_visa");
    await saveTestCard(
      database.db,
      { customerId, token: "tok_mastercard", expMonth: 3, expYear: 2031 },
      ctx,
    );
    expect(await getSavedCard(database.db, customerId)).toEqual({
      brand: "mastercard",
      last4: "4444",
      expMonth: 3,
      expYear: 2031,
      provider: "test",
    });
  });
});
