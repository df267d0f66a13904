import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { bookTestQuote, testQuoteRequest } from "~/features/bookings/bookings.test-data";
import {
  cancelBookingAsStaff,
  rescheduleBookingAsStaff,
} from "~/features/bookings/staff-booking-actions.service.server";
import {
  confirmPayOnTheDay,
  releaseRunOutHolds,
} from "~/features/bookings/unpaid-holds.service.server";
import {
  confirmTestPayment,
  markBookingPaidByStaff,
} from "~/features/payments/payments.service.server";
import { refundBookingPayment } from "~/features/payments/refunds.service.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { getLeadDetails } from "./lead-details.service.server";

// docs/decisions/0054-tax-invoice-receipts-and-one-price.md: what happens to a lead's booking and
// its money shows on the lead's timeline, read from the entries the payment, refund, hold release
// and booking change wrote.

// 2026-12-01 11:00 in Sydney: the clean is on Wednesday 2 December at 9:00 AM.
const now = new Date("2026-12-01T00:00:00.000Z");
const later = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
const publicUrl = "https://harbourandgold.test";
const ctx = {
  publicUrl,
  now,
  config: {
    paymentsMode: "test" as const,
    publicUrl,
    STRIPE_SECRET_KEY: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
  },
};
const slot = {
  date: "2026-12-02",
  timeSlot: "09:00",
  address: "12 Campbell Parade",
  suburb: "Bondi NSW 2026",
};
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const visitor = { type: "visitor" as const, id: null };
const owner = { type: "staff" as const, id: "owner-1" };

describe.each(testDialects)("money and booking events on a lead's timeline on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const book = () => bookTestQuote(database.db, testQuoteRequest(1), slot, ctx);
  const titlesOf = async (quoteId: string) =>
    (await getLeadDetails(database.db, quoteId))!.timeline.map((entry) => entry.title);
  const entryTitled = async (quoteId: string, title: string) =>
    (await getLeadDetails(database.db, quoteId))!.timeline.find((entry) => entry.title === title);

  test("a card payment, a partial refund with its reason and the refund of the rest each show", async () => {
    const { quote, booking } = await book();
    // What is paid: the price less the rewards discount (docs/decisions/0047-rewards-follow-the-email.md).
    const price = booking.priceCents - booking.discountCents;
    const paid = await confirmTestPayment(
      database.db,
      { reference: booking.reference, token: "tok_visa", actor: visitor },
      ctx,
      later(1),
    );
    expect(paid.kind).toBe("paid");
    const refund = (amountCents?: number, reason?: string) =>
      refundBookingPayment(
        database.db,
        { bookingId: booking.id, actor: owner, amountCents, reason },
        ctx,
        later(2),
      );
    expect(await refund(5_000, "Started an hour late")).toEqual({ ok: true });
    expect(await refund()).toEqual({ ok: true });

    const titles = await titlesOf(quote.id);
    expect(titles).toContain(`Payment of ${money(price)} received`);
    expect(titles).toContain("Refund of $50.00 (partial)");
    expect(titles).toContain(
      `Refund of ${money(price - 5_000)} (partial, the rest of the payment)`,
    );
    expect((await entryTitled(quote.id, `Payment of ${money(price)} received`))?.detail).toBe(
      "Paid by test card",
    );
    expect((await entryTitled(quote.id, "Refund of $50.00 (partial)"))?.detail).toBe(
      "Reason: Started an hour late",
    );
  });

  test("a payment staff mark paid says so, and a whole refund on cancelling reads full", async () => {
    const { quote, booking } = await book();
    expect(
      await markBookingPaidByStaff(
        database.db,
        { bookingId: booking.id, staffUserId: "staff-1" },
        ctx,
        later(1),
      ),
    ).toEqual({ ok: true });
    const cancelled = await cancelBookingAsStaff(
      database.db,
      { bookingId: booking.id, staffUserId: "staff-1", refund: true },
      { ...ctx, now: later(2) },
    );
    expect(cancelled).toMatchObject({ ok: true, refunded: true });

    const titles = await titlesOf(quote.id);
    const amount = money(booking.priceCents - booking.discountCents);
    expect(titles).toContain(`Payment of ${amount} marked paid by staff`);
    expect(titles).toContain(`Refund of ${amount} (full)`);
    expect(titles).toContain("Booking for Wed, 2 Dec 2026 at 9:00 AM cancelled by the staff");
  });

  test("a reschedule shows from and to, with the time as 9:00 AM", async () => {
    const { quote, booking } = await book();
    const moved = await rescheduleBookingAsStaff(
      database.db,
      { bookingId: booking.id, staffUserId: "staff-1", date: "2026-12-03", timeSlot: "13:00" },
      { ...ctx, now: later(1) },
    );
    expect(moved.ok).toBe(true);
    expect(await titlesOf(quote.id)).toContain(
      "Booking moved by the staff from Wed, 2 Dec 2026 at 9:00 AM to Thu, 3 Dec 2026 at 1:00 PM",
    );
  });

  test("an unpaid hold the system released shows as released, with the booking it cancelled", async () => {
    const { quote, booking } = await book();
    expect(await releaseRunOutHolds(database.db, { publicUrl, now: later(3) })).toBe(1);
    expect(await titlesOf(quote.id)).toContain(
      `Unpaid hold released: booking ${booking.reference} for Wed, 2 Dec 2026 at 9:00 AM cancelled`,
    );
  });

  test("a booking staff confirmed is paid on the day says so", async () => {
    const { quote, booking } = await book();
    expect(
      await confirmPayOnTheDay(database.db, { bookingId: booking.id, staffUserId: "staff-1" }),
    ).toEqual({ ok: true });
    expect(await titlesOf(quote.id)).toContain(
      `Staff confirmed booking ${booking.reference} is paid on the day`,
    );
  });

  test("another lead's payment never shows on this lead's timeline", async () => {
    const first = await book();
    const second = await bookTestQuote(
      database.db,
      testQuoteRequest(2),
      { ...slot, timeSlot: "13:00" },
      ctx,
    );
    await confirmTestPayment(
      database.db,
      { reference: second.booking.reference, token: "tok_visa", actor: visitor },
      ctx,
      later(1),
    );
    const titles = await titlesOf(first.quote.id);
    expect(titles.some((title) => title.startsWith("Payment"))).toBe(false);
  });
});
