import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { bookTestQuote, testQuoteRequest } from "./bookings.test-data";
import { confirmTestPayment } from "~/features/payments/payments.service.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { queuedEmails } from "../../../tests/helpers/outbox";
import {
  cancelBookingAsStaff,
  rescheduleBookingAsStaff,
} from "./staff-booking-actions.service.server";

// Staff act on a booking for the customer (docs/product/bookings.md): cancel with or without a refund, and
// reschedule inside the 24 hours a customer may not.

// 2026-12-01 11:00 in Sydney: the booking below is tomorrow, inside the customer's 24 hours.
const now = new Date("2026-12-01T00:00:00.000Z");
const ctx = {
  publicUrl: "https://harbourandgold.test",
  now,
  config: {
    paymentsMode: "test" as const,
    publicUrl: "https://harbourandgold.test",
    STRIPE_SECRET_KEY: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
  },
};

// What the test quote below is paid: a deep clean of a two-bedroom apartment, $200, less the
// Bronze rewards discount (5%) every first booking has.
const PAID_CENTS = 19000;
const PAID_TEXT = "$190.00";

describe.each(testDialects)("staff changing a booking on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function paidBooking(n: number, timeSlot: string) {
    const booked = await bookTestQuote(
      database.db,
      testQuoteRequest(n),
      { date: "2026-12-02", timeSlot, address: "12 Campbell Parade", suburb: "Bondi NSW 2026" },
      ctx,
    );
    const paid = await confirmTestPayment(
      database.db,
      {
        reference: booked.booking.reference,
        token: "tok_visa",
        actor: { type: "visitor", id: null },
      },
      ctx,
    );
    expect(paid.kind).toBe("paid");
    return booked.booking;
  }

  const paymentOf = (bookingId: string) =>
    database.db
      .selectFrom("payments")
      .select("status")
      .where("booking_id", "=", bookingId)
      .executeTakeFirstOrThrow();

  test("a cancel with a refund refunds the payment once; without one the payment stays", async () => {
    const refunded = await paidBooking(1, "09:00");
    const kept = await paidBooking(2, "10:00");

    const withRefund = await cancelBookingAsStaff(
      database.db,
      { bookingId: refunded.id, staffUserId: "owner-1", refund: true },
      ctx,
    );
    expect(withRefund).toMatchObject({ ok: true, refunded: true });
    expect((await paymentOf(refunded.id)).status).toBe("refunded");
    const refunds = await database.db
      .selectFrom("transactions")
      .select("amount_cents")
      .where("type", "=", "refund")
      .execute();
    expect(refunds).toHaveLength(1);

    const withoutRefund = await cancelBookingAsStaff(
      database.db,
      { bookingId: kept.id, staffUserId: "staff-1", refund: false },
      ctx,
    );
    expect(withoutRefund).toMatchObject({ ok: true, refunded: false });
    expect((await paymentOf(kept.id)).status).toBe("paid");
  });

  test("the customer's cancellation email states the amount refunded, or that none was", async () => {
    const refunded = await paidBooking(4, "09:00");
    const kept = await paidBooking(5, "10:00");
    const { amount_cents: paidCents } = await database.db
      .selectFrom("payments")
      .select("amount_cents")
      .where("booking_id", "=", refunded.id)
      .executeTakeFirstOrThrow();
    expect(paidCents).toBe(PAID_CENTS);

    for (const [booking, refund] of [
      [refunded, true],
      [kept, false],
    ] as const) {
      await cancelBookingAsStaff(
        database.db,
        { bookingId: booking.id, staffUserId: "owner-1", refund },
        ctx,
      );
    }
    const cancellation = async (bookingId: string) =>
      (await queuedEmails(database.db)).find(
        (email) =>
          email.topic === "booking.cancelled" &&
          email.subjectId === bookingId &&
          email.to !== "hello@harbourandgold.com.au",
      )!.text;
    expect(await cancellation(refunded.id)).toContain(
      `We are refunding ${PAID_TEXT} to the card you paid with; it can take a few days to appear.`,
    );
    expect(await cancellation(kept.id)).toContain("No charge was refunded.");
    expect(await cancellation(kept.id)).not.toContain("We are refunding");
  });

  test("staff may move a booking inside the customer's 24 hours", async () => {
    const booking = await paidBooking(3, "11:00");
    const moved = await rescheduleBookingAsStaff(
      database.db,
      { bookingId: booking.id, staffUserId: "staff-1", date: "2026-12-03", timeSlot: "13:00" },
      ctx,
    );
    expect(moved).toMatchObject({ ok: true, booking: { date: "2026-12-03", timeSlot: "13:00" } });
  });
});
