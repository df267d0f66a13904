import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { newId } from "~/lib/ids";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { refusal } from "../../../tests/helpers/refusal";
import { auditOf, insertBookedQuote, ledgerOf, paymentsOf } from "./payments.test-helpers";
import {
  confirmTestPayment,
  findPaymentPage,
  paidDollarsForCustomer,
  type PaymentsContext,
} from "./payments.service.server";
import { refundBookingPayment } from "./refunds.service.server";

// Partial refunds (docs/decisions/0043-payouts-and-refunds.md): part of a payment goes back with
// a reason, never more than was paid less what was already refunded; the payment stays paid
// until all of it is refunded.

const ctx: PaymentsContext = {
  config: {
    paymentsMode: "test",
    publicUrl: "https://harbour.example",
    STRIPE_SECRET_KEY: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
  },
};
const owner = { type: "staff" as const, id: newId() };

describe.each(testDialects)("partial refunds on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function paidBooking(customerId?: string) {
    const booking = await insertBookedQuote(database.db, { customerId });
    const paid = await confirmTestPayment(
      database.db,
      { reference: booking.reference, token: "tok_visa", actor: { type: "visitor", id: null } },
      ctx,
    );
    expect(paid.kind).toBe("paid");
    return booking;
  }
  const refund = (
    bookingId: string,
    more: { amountCents?: number; reason?: string; expectedRefundableCents?: number } = {},
  ) => refundBookingPayment(database.db, { bookingId, actor: owner, ...more }, ctx);
  const refused = async (...args: Parameters<typeof refund>) => refusal(await refund(...args));
  const refunded = { ok: true };
  const tooMuch = (left: string) => {
    const message = `You can refund at most ${left}: what was paid less what was already refunded.`;
    return { kind: "invalid", status: 422, message, fieldErrors: { amount: message } };
  };
  const changed = {
    kind: "conflict",
    status: 409,
    message: "This payment changed since you opened it. Check what is left and try again.",
  };
  const alreadyRefunded = {
    kind: "conflict",
    status: 409,
    message: "This payment was already refunded.",
  };

  test("part of a payment is refunded with its reason; the payment stays paid and the rest can follow", async () => {
    const customerId = newId();
    const booking = await paidBooking(customerId);
    const reason = "One room was not cleaned";
    expect(await refund(booking.bookingId, { amountCents: 10_000, reason })).toEqual(refunded);
    expect(await paymentsOf(database.db, booking.bookingId)).toMatchObject([
      { status: "paid", amount_cents: 45_000, refunded_cents: 10_000 },
    ]);
    const ledger = await ledgerOf(database.db, booking.reference);
    expect(ledger.map((row) => [row.type, row.amount_cents])).toEqual([
      ["payment", 45_000],
      ["refund", 10_000],
    ]);
    expect(ledger[1]!.description).toContain(reason);
    const [entry] = await auditOf(database.db, "payment.refunded");
    expect(JSON.parse(entry!.details!)).toMatchObject({
      to: "paid",
      amountCents: 10_000,
      refundedCents: 10_000,
      reason,
    });
    expect(await paidDollarsForCustomer(database.db, customerId)).toBe(350);
    expect((await findPaymentPage(database.db, booking.reference, ctx))?.state).toBe("paid");

    expect(await refund(booking.bookingId)).toEqual(refunded);
    expect(await paymentsOf(database.db, booking.bookingId)).toMatchObject([
      { status: "refunded", refunded_cents: 45_000 },
    ]);
    expect((await ledgerOf(database.db, booking.reference)).at(-1)?.amount_cents).toBe(35_000);
    expect(await paidDollarsForCustomer(database.db, customerId)).toBe(0);
    expect(await refused(booking.bookingId, { amountCents: 100, reason })).toEqual(alreadyRefunded);
  });

  test("more than was paid less what was refunded is refused, and a partial refund needs a reason", async () => {
    const booking = await paidBooking();
    expect(await refused(booking.bookingId, { amountCents: 45_001, reason: "Too much" })).toEqual(
      tooMuch("$450.00"),
    );
    const reasonNeeded = "Give the reason for a partial refund";
    expect(await refused(booking.bookingId, { amountCents: 5_000 })).toEqual({
      kind: "invalid",
      status: 422,
      message: reasonNeeded,
      fieldErrors: { reason: reasonNeeded },
    });
    await refund(booking.bookingId, { amountCents: 40_000, reason: "Cancelled on the day" });
    expect(await refused(booking.bookingId, { amountCents: 5_001, reason: "Again" })).toEqual(
      tooMuch("$50.00"),
    );
    expect(await ledgerOf(database.db, booking.reference)).toHaveLength(2);
  });

  test("the same partial refund sent twice at once is refunded once", async () => {
    const booking = await paidBooking();
    // Both presses come from one form, drawn when all 450.00 was left.
    const same = { amountCents: 7_500, reason: "Late arrival", expectedRefundableCents: 45_000 };
    const results = await Promise.all([
      refund(booking.bookingId, same),
      refund(booking.bookingId, same),
    ]);
    // The second finds the first's refund landed ("changed") or races it at the compare-and-set.
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect([changed, alreadyRefunded]).toContainEqual(
      refusal(results.find((result) => !result.ok)!),
    );
    expect(await paymentsOf(database.db, booking.bookingId)).toMatchObject([
      { status: "paid", refunded_cents: 7_500 },
    ]);
    expect(await auditOf(database.db, "payment.refunded")).toHaveLength(1);
  });

  test("a second press of the same form after the first landed is refused as changed", async () => {
    const booking = await paidBooking();
    const press = { amountCents: 7_500, reason: "Late arrival", expectedRefundableCents: 45_000 };
    expect(await refund(booking.bookingId, press)).toEqual(refunded);
    expect(await refused(booking.bookingId, press)).toEqual(changed);
    // A form drawn again shows 375.00 left, and refunds from there.
    expect(await refund(booking.bookingId, { ...press, expectedRefundableCents: 37_500 })).toEqual(
      refunded,
    );
    expect(await paymentsOf(database.db, booking.bookingId)).toMatchObject([
      { status: "paid", refunded_cents: 15_000 },
    ]);
  });
});
