import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { newId } from "~/lib/ids";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { refusal } from "../../../tests/helpers/refusal";
import { insertBookedQuote, ledgerOf } from "./payments.test-helpers";
import { markBookingPaidByStaff, type PaymentsContext } from "./payments.service.server";
import { refundBookingPayment } from "./refunds.service.server";

// Staff mark a booking paid in every state where money is owed, and only then
// (docs/product/payments.md): a completed job not yet paid can be; a paid, refunded or
// cancelled-without-charge booking is refused.

const ctx: PaymentsContext = {
  config: {
    paymentsMode: "off",
    publicUrl: "https://harbour.example",
    STRIPE_SECRET_KEY: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
  },
};

describe.each(testDialects)("staff marking a booking paid on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const setBookingStatus = (bookingId: string, status: "completed" | "cancelled") =>
    database.db.updateTable("bookings").set({ status }).where("id", "=", bookingId).execute();
  const markPaid = (bookingId: string) =>
    markBookingPaidByStaff(database.db, { bookingId, staffUserId: "staff-1" }, ctx);
  const refused = async (bookingId: string) => refusal(await markPaid(bookingId));
  const notPayable = {
    kind: "conflict",
    status: 409,
    message: "This booking cannot be marked paid (it is cancelled or refunded).",
  };

  test("a completed job that is not yet paid is marked paid, with its payment in the ledger", async () => {
    const booking = await insertBookedQuote(database.db);
    await setBookingStatus(booking.bookingId, "completed");
    expect(await markPaid(booking.bookingId)).toEqual({ ok: true });
    expect(await ledgerOf(database.db, booking.reference)).toMatchObject([
      { type: "payment", amount_cents: 45_000 },
    ]);
    expect(await refused(booking.bookingId)).toEqual({
      kind: "conflict",
      status: 409,
      message: "This booking is already paid.",
    });
  });

  test("a booking cancelled without a charge, or refunded, is refused", async () => {
    const cancelled = await insertBookedQuote(database.db);
    await setBookingStatus(cancelled.bookingId, "cancelled");
    expect(await refused(cancelled.bookingId)).toEqual(notPayable);

    const refunded = await insertBookedQuote(database.db);
    await setBookingStatus(refunded.bookingId, "completed");
    expect(await markPaid(refunded.bookingId)).toEqual({ ok: true });
    const owner = { type: "staff" as const, id: newId() };
    await refundBookingPayment(database.db, { bookingId: refunded.bookingId, actor: owner }, ctx);
    expect(await refused(refunded.bookingId)).toEqual(notPayable);
    expect(await ledgerOf(database.db, cancelled.reference)).toEqual([]);
  });
});
