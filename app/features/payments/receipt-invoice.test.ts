import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { getInvoice, issueInvoice } from "~/features/invoices/invoice.service.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { emailsOf, insertBookedQuote } from "./payments.test-helpers";
import {
  confirmTestPayment,
  findPaymentSuccess,
  markBookingPaidByStaff,
  type PaymentsContext,
} from "./payments.service.server";

// docs/decisions/0054-tax-invoice-receipts-and-one-price.md: the email a customer gets when a
// booking is paid is its tax invoice, and the payment confirmation page shows the same invoice.

const ctx: PaymentsContext = {
  config: {
    paymentsMode: "test",
    publicUrl: "https://harbour.example",
    STRIPE_SECRET_KEY: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
  },
};
const visitor = { type: "visitor" as const, id: null };
// 2026-12-01 11:00 in Sydney.
const paidAt = new Date("2026-12-01T00:00:00.000Z");

type Email = { to: string; subject: string; text: string; html: string };

describe.each(testDialects)("the payment receipt as a tax invoice on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const receiptOf = async () => {
    const rows = await emailsOf(database.db, "payment.receipt");
    expect(rows).toHaveLength(1);
    return JSON.parse(rows[0]!.payload) as Email;
  };

  test("a card payment's receipt is titled Tax invoice, with the ABN, number, date, GST and the time as 9:00 AM", async () => {
    const { db } = database;
    const booking = await insertBookedQuote(db, { priceCents: 45_000 });
    const paid = await confirmTestPayment(
      db,
      { reference: booking.reference, token: "tok_visa", actor: visitor },
      ctx,
      paidAt,
    );
    expect(paid.kind).toBe("paid");

    const receipt = await receiptOf();
    expect(receipt.subject).toBe("Tax invoice INV-000001 from Harbour & Gold Cleaning: paid");
    for (const words of [
      "Tax invoice INV-000001",
      "Harbour & Gold Cleaning, ABN 51 824 753 556",
      "Tax invoice INV-000001, date Tuesday, 1 December 2026.",
      "Billed to: Ava Chen, 12 Raglan St, Mosman NSW 2088.",
      // $450 including GST: the GST is one eleventh, $40.91.
      "Total: $450.00, GST included: $40.91.",
      "Paid on Tuesday, 1 December 2026.",
      "Thursday, 14 March 2030 at 9:00 AM in Mosman",
    ]) {
      expect(receipt.text).toContain(words);
    }
    expect(receipt.text).not.toMatch(/at 09:00\b/);
    expect(receipt.html).toContain("Tax invoice INV-000001");

    // The confirmation page carries the same invoice.
    const page = await findPaymentSuccess(db, booking.reference);
    expect(page?.invoice).toMatchObject({
      number: "INV-000001",
      paid: true,
      totalCents: 45_000,
      gstCents: 4_091,
      details: { business: { abn: "51 824 753 556" } },
    });
  });

  test("an invoice staff issued before the payment is marked paid and keeps its number: no second invoice", async () => {
    const { db } = database;
    const booking = await insertBookedQuote(db, { priceCents: 24_000 });
    const issued = await issueInvoice(db, {
      quoteId: booking.quoteId,
      actor: { type: "staff", id: "staff-1" },
      describe: () => "Residential cleaning",
    });
    expect(issued).toMatchObject({ ok: true, status: "issued", number: "INV-000001" });

    expect(
      await markBookingPaidByStaff(
        db,
        { bookingId: booking.bookingId, staffUserId: "staff-1" },
        ctx,
        paidAt,
      ),
    ).toEqual({ ok: true });

    const receipt = await receiptOf();
    expect(receipt.subject).toContain("Tax invoice INV-000001");
    expect(receipt.text).toContain("GST included: $21.82.");
    const invoice = await getInvoice(db, issued.ok ? issued.id : "");
    expect(invoice).toMatchObject({ number: "INV-000001", paid: true });
    const numbers = await db.selectFrom("invoices").select(["number", "status"]).execute();
    expect(numbers).toEqual([{ number: "INV-000001", status: "paid" }]);
  });

  test("a booking not yet paid shows no invoice on the confirmation page", async () => {
    const { db } = database;
    const booking = await insertBookedQuote(db);
    const page = await findPaymentSuccess(db, booking.reference);
    expect(page).toMatchObject({ state: "payable", invoice: null });
    expect(await emailsOf(db, "payment.receipt")).toEqual([]);
  });
});
