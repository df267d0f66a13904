import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { refusal } from "../../../tests/helpers/refusal";
import { insertBookedQuote } from "~/features/payments/payments.test-helpers";
import {
  confirmTestPayment,
  type PaymentsContext,
} from "~/features/payments/payments.service.server";
import { getTransactionsPage, refundTransaction } from "./finance.service.server";

// Refund from the Transactions view (docs/product/back-office.md#finance): a booking's payment is refunded once through its
// provider; the row stops offering a refund; other transactions cannot be refunded here.

const ctx: PaymentsContext = {
  config: {
    paymentsMode: "test",
    publicUrl: "https://harbour.example",
    STRIPE_SECRET_KEY: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
  },
};
const filter = { period: "week", type: "all", sort: "date", dir: "desc" } as const;

describe.each(testDialects)("refunding a transaction on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.close();
  });

  test("a paid booking's payment is refunded once, and then offers no refund", async () => {
    const { db } = database;
    const booking = await insertBookedQuote(db, { priceCents: 24_000 });
    const paid = await confirmTestPayment(
      db,
      { reference: booking.reference, token: "tok_visa", actor: { type: "visitor", id: null } },
      ctx,
    );
    expect(paid.kind).toBe("paid");
    const before = await getTransactionsPage(db, filter);
    const payment = before.transactions.find((t) => t.type === "payment")!;
    expect(payment).toMatchObject({ amountCents: 24_000, refundable: true });

    const twice = await Promise.all([
      refundTransaction(db, { transactionId: payment.id, staffId: "owner-1" }, ctx),
      refundTransaction(db, { transactionId: payment.id, staffId: "owner-1" }, ctx),
    ]);
    const alreadyRefunded = {
      kind: "conflict",
      status: 409,
      message: "This payment was already refunded.",
    };
    expect(twice.map(refusal)).toHaveLength(2);
    expect(twice.map(refusal)).toEqual(expect.arrayContaining(["answered ok", alreadyRefunded]));

    const after = await getTransactionsPage(db, filter);
    const refunds = after.transactions.filter((t) => t.type === "refund");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountCents: 24_000, refundable: false });
    expect(after.transactions.find((t) => t.id === payment.id)?.refundable).toBe(false);
    // A refund line is not itself refundable.
    expect(
      refusal(
        await refundTransaction(db, { transactionId: refunds[0]!.id, staffId: "owner-1" }, ctx),
      ),
    ).toEqual({
      kind: "invalid",
      status: 422,
      message: "Only a booking's payment can be refunded here.",
    });
  });

  test("after part of a payment is refunded, its row offers a refund of what is left", async () => {
    const { db } = database;
    const booking = await insertBookedQuote(db, { priceCents: 24_000 });
    const visitor = { type: "visitor" as const, id: null };
    await confirmTestPayment(
      db,
      { reference: booking.reference, token: "tok_visa", actor: visitor },
      ctx,
    );
    const payment = (await getTransactionsPage(db, filter)).transactions.find(
      (t) => t.type === "payment",
    )!;
    expect(payment.refundableCents).toBe(24_000);
    const partial = { transactionId: payment.id, staffId: "owner-1", reason: "Late start" };
    expect(await refundTransaction(db, { ...partial, amountCents: 4_000 }, ctx)).toEqual({
      ok: true,
    });
    const tooMuch = "You can refund at most $200.00: what was paid less what was already refunded.";
    expect(refusal(await refundTransaction(db, { ...partial, amountCents: 20_001 }, ctx))).toEqual({
      kind: "invalid",
      status: 422,
      message: tooMuch,
      fieldErrors: { amount: tooMuch },
    });
    const after = await getTransactionsPage(db, filter);
    expect(after.transactions.find((t) => t.id === payment.id)).toMatchObject({
      refundable: true,
      refundableCents: 20_000,
    });
    expect(after.transactions.filter((t) => t.type === "refund")).toMatchObject([
      { amountCents: 4_000, refundable: false },
    ]);
  });
});
