import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { newId } from "~/lib/ids";
import { findBookingByReference } from "./payments.repository.server";
import { settlePaid } from "./settle-payment.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { refusal } from "../../../tests/helpers/refusal";
import {
  auditOf,
  emailsOf,
  insertBookedQuote,
  ledgerOf,
  paymentsOf,
  quoteOf,
} from "./payments.test-helpers";
import {
  confirmTestPayment,
  findPaymentPage,
  findPaymentSuccess,
  markBookingPaidByStaff,
  paidDollarsForCustomer,
  type PaymentsContext,
} from "./payments.service.server";
import { refundBookingPayment } from "./refunds.service.server";

const ctx: PaymentsContext = {
  config: {
    paymentsMode: "test",
    publicUrl: "https://harbour.example",
    STRIPE_SECRET_KEY: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
  },
};
const visitor = { type: "visitor" as const, id: null, ip: "203.0.113.9" };

describe.each(testDialects)("paying a booking on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("ten concurrent confirmations of one booking pay it once: one paid row, one payment transaction, one receipt", async () => {
    const { db } = database;
    const booking = await insertBookedQuote(db);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        confirmTestPayment(
          db,
          { reference: booking.reference, token: "tok_visa", actor: visitor },
          ctx,
        ),
      ),
    );
    expect(results.every((result) => result.kind === "paid")).toBe(true);

    const payments = await paymentsOf(db, booking.bookingId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      status: "paid",
      provider: "test",
      payment_method: "card",
      amount_cents: 45_000,
      quote_id: booking.quoteId,
    });
    const ledger = await ledgerOf(db, booking.reference);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      type: "payment",
      status: "completed",
      amount_cents: 45_000,
      category: "Residential",
      payment_id: payments[0]!.id,
    });
    // docs/decisions/0027-lead-lifecycle.md: pending_payment -> pending, qualified -> booked.
    expect(await quoteOf(db, booking.quoteId)).toEqual({
      status: "pending",
      lead_status: "booked",
    });
    expect(await auditOf(db, "payment.paid")).toHaveLength(1);
    const quoteMoves = await auditOf(db, "quote.status_changed");
    expect(quoteMoves).toHaveLength(1);
    expect(JSON.parse(quoteMoves[0]!.details!)).toMatchObject({
      from: { status: "pending_payment", lead_status: "qualified" },
      to: { status: "pending", lead_status: "booked" },
    });
    const receipts = await emailsOf(db, "payment.receipt");
    expect(receipts).toHaveLength(1);
    const receipt = JSON.parse(receipts[0]!.payload) as {
      to: string;
      subject: string;
      text: string;
    };
    expect(receipt.to).toBe("ava@example.com");
    // docs/decisions/0054-tax-invoice-receipts-and-one-price.md: the receipt is the tax invoice.
    expect(receipt.subject).toBe("Tax invoice INV-000001 from Harbour & Gold Cleaning: paid");
    expect(receipt.text).toContain("$450.00");

    // The page now says the booking is paid, and a later Pay Now charges nothing more.
    expect((await findPaymentPage(db, booking.reference, ctx))?.state).toBe("paid");
    await confirmTestPayment(
      db,
      { reference: booking.reference, token: "tok_visa", actor: visitor },
      ctx,
    );
    expect(await ledgerOf(db, booking.reference)).toHaveLength(1);
  });

  test("a cancel that commits after Pay Now read the booking leaves the payment unpaid", async () => {
    const { db } = database;
    const booking = await insertBookedQuote(db);
    // A first, declined attempt leaves the booking's payment pending.
    await confirmTestPayment(
      db,
      { reference: booking.reference, token: "tok_chargeDeclined", actor: visitor },
      ctx,
    );
    // Pay Now has read the booking (confirmed)...
    const readBeforeTheCancel = (await findBookingByReference(db, booking.reference))!;
    expect(readBeforeTheCancel.status).toBe("confirmed");
    // ...then the customer's cancel commits, finding nothing paid to refund...
    await sql`update bookings set status = 'cancelled' where id = ${booking.bookingId}`.execute(db);
    // ...and only then does the payment's transaction run.
    const [payment] = await paymentsOf(db, booking.bookingId);
    const settled = await db.transaction().execute((trx) =>
      settlePaid(trx, {
        paymentId: payment!.id,
        booking: readBeforeTheCancel,
        provider: "test",
        providerReference: "ch_after_cancel",
        actor: visitor,
        at: new Date(),
        publicUrl: ctx.config.publicUrl,
      }),
    );
    expect(settled).toBe("not-payable");
    expect(await paymentsOf(db, booking.bookingId)).toMatchObject([{ status: "pending" }]);
    expect(await ledgerOf(db, booking.reference)).toEqual([]);
  });

  test("a declined test card pays nothing and writes no transaction; the card can then be changed", async () => {
    const { db } = database;
    const booking = await insertBookedQuote(db);
    const declined = await confirmTestPayment(
      db,
      { reference: booking.reference, token: "tok_chargeDeclined", actor: visitor },
      ctx,
    );
    expect(declined).toEqual({ kind: "declined", message: "Your card was declined." });
    const [payment] = await paymentsOf(db, booking.bookingId);
    expect(payment).toMatchObject({ status: "pending", failure_reason: "Your card was declined." });
    expect(await ledgerOf(db, booking.reference)).toEqual([]);
    expect(await quoteOf(db, booking.quoteId)).toEqual({
      status: "pending_payment",
      lead_status: "qualified",
    });
    expect(await emailsOf(db, "payment.receipt")).toEqual([]);
    expect(await auditOf(db, "payment.declined")).toHaveLength(1);

    const paid = await confirmTestPayment(
      db,
      { reference: booking.reference, token: "tok_visa", actor: visitor },
      ctx,
    );
    expect(paid.kind).toBe("paid");
    expect(await paymentsOf(db, booking.bookingId)).toMatchObject([
      { status: "paid", failure_reason: null },
    ]);
  });

  test("the test provider answers only in test mode, and an unknown reference is not found", async () => {
    const { db } = database;
    const booking = await insertBookedQuote(db);
    const off = { config: { ...ctx.config, paymentsMode: "off" as const } };
    expect(
      await confirmTestPayment(
        db,
        { reference: booking.reference, token: "tok_visa", actor: visitor },
        off,
      ),
    ).toEqual({ kind: "unavailable" });
    expect(
      await confirmTestPayment(
        db,
        { reference: "BK-NOTABOOKING", token: "tok_visa", actor: visitor },
        ctx,
      ),
    ).toEqual({ kind: "not-found" });
    expect(await findPaymentPage(db, "BK-NOTABOOKING", ctx)).toBeNull();
    expect(await paymentsOf(db, booking.bookingId)).toEqual([]);
  });

  test("the amount due is the booking's price less its rewards discount, shown as a line", async () => {
    const { db } = database;
    const booking = await insertBookedQuote(db, { priceCents: 30_000 });
    expect(await findPaymentPage(db, booking.reference, ctx)).toMatchObject({
      state: "payable",
      service: "Residential, Deep Clean",
      hours: "9 hours",
      hourlyRateCents: 5_000,
      priceCents: 30_000,
      discountCents: 0,
      totalCents: 30_000,
    });
    // A rewards discount stored on the booking (the quote keeps its total) comes off the amount.
    await sql`update bookings set discount_cents = 1500 where id = ${booking.bookingId}`.execute(
      db,
    );
    expect(await findPaymentPage(db, booking.reference, ctx)).toMatchObject({
      priceCents: 30_000,
      discountCents: 1_500,
      totalCents: 28_500,
    });
    await confirmTestPayment(
      db,
      { reference: booking.reference, token: "tok_visa", actor: visitor },
      ctx,
    );
    expect(await ledgerOf(db, booking.reference)).toMatchObject([{ amount_cents: 28_500 }]);
  });

  test("staff mark a booking paid after the service: provider manual, once, audited as the staff member", async () => {
    const { db } = database;
    const booking = await insertBookedQuote(db);
    const staffUserId = newId();
    const [first, second] = await Promise.all([
      markBookingPaidByStaff(db, { bookingId: booking.bookingId, staffUserId }, ctx),
      markBookingPaidByStaff(db, { bookingId: booking.bookingId, staffUserId }, ctx),
    ]);
    expect([first, second].map(refusal)).toEqual(
      expect.arrayContaining([
        "answered ok",
        { kind: "conflict", status: 409, message: "This booking is already paid." },
      ]),
    );
    expect(await paymentsOf(db, booking.bookingId)).toMatchObject([
      { status: "paid", provider: "manual", amount_cents: 45_000 },
    ]);
    expect(await ledgerOf(db, booking.reference)).toMatchObject([{ type: "payment" }]);
    const [entry] = await auditOf(db, "payment.paid");
    expect(entry).toMatchObject({ actor_type: "staff", actor_id: staffUserId });
    expect(await quoteOf(db, booking.quoteId)).toEqual({
      status: "pending",
      lead_status: "booked",
    });
    expect(
      refusal(await markBookingPaidByStaff(db, { bookingId: newId(), staffUserId }, ctx)),
    ).toEqual({ kind: "not_found", status: 404, message: "That booking is not on this lead." });
  });

  test("a refund goes through once, writes one refund transaction and takes the rewards dollars back", async () => {
    const { db } = database;
    const customerId = newId();
    const booking = await insertBookedQuote(db, { customerId });
    const other = await insertBookedQuote(db, { customerId, priceCents: 12_345 });
    await confirmTestPayment(
      db,
      { reference: booking.reference, token: "tok_visa", actor: visitor },
      ctx,
    );
    await confirmTestPayment(
      db,
      { reference: other.reference, token: "tok_visa", actor: visitor },
      ctx,
    );
    expect(await paidDollarsForCustomer(db, customerId)).toBe(450 + 123);

    const staff = { type: "staff" as const, id: newId() };
    const results = await Promise.all([
      refundBookingPayment(db, { bookingId: booking.bookingId, actor: staff }, ctx),
      refundBookingPayment(db, { bookingId: booking.bookingId, actor: staff }, ctx),
    ]);
    const alreadyRefunded = {
      kind: "conflict",
      status: 409,
      message: "This payment was already refunded.",
    };
    expect(results.map(refusal)).toHaveLength(2);
    expect(results.map(refusal)).toEqual(expect.arrayContaining(["answered ok", alreadyRefunded]));
    expect(
      refusal(await refundBookingPayment(db, { bookingId: booking.bookingId, actor: staff }, ctx)),
    ).toEqual(alreadyRefunded);

    const [payment] = await paymentsOf(db, booking.bookingId);
    expect(payment).toMatchObject({ status: "refunded" });
    expect(payment!.refunded_at).not.toBeNull();
    const ledger = await ledgerOf(db, booking.reference);
    expect(ledger.map((row) => [row.type, row.amount_cents])).toEqual([
      ["payment", 45_000],
      ["refund", 45_000],
    ]);
    expect(await auditOf(db, "payment.refunded")).toHaveLength(1);
    expect(await paidDollarsForCustomer(db, customerId)).toBe(123);
    expect((await findPaymentPage(db, booking.reference, ctx))?.state).toBe("refunded");

    const unpaid = await insertBookedQuote(db);
    expect(
      refusal(await refundBookingPayment(db, { bookingId: unpaid.bookingId, actor: staff }, ctx)),
    ).toEqual({
      kind: "conflict",
      status: 409,
      message: "This payment is not paid, so there is nothing to refund.",
    });
  });

  test("the payment success page says paid, then refunded after a refund, and stops waiting", async () => {
    const { db } = database;
    const booking = await insertBookedQuote(db);
    expect(await findPaymentSuccess(db, booking.reference)).toMatchObject({ state: "payable" });
    await confirmTestPayment(
      db,
      { reference: booking.reference, token: "tok_visa", actor: visitor },
      ctx,
    );
    expect(await findPaymentSuccess(db, booking.reference)).toMatchObject({
      state: "paid",
      amountCents: 45_000,
    });
    const staff = { type: "staff" as const, id: newId() };
    await refundBookingPayment(db, { bookingId: booking.bookingId, actor: staff }, ctx);
    expect(await findPaymentSuccess(db, booking.reference)).toMatchObject({
      state: "refunded",
      amountCents: 45_000,
    });
  });
});
