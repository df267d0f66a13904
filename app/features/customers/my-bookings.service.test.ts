import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { refusal } from "../../../tests/helpers/refusal";
import { addTestCrew } from "~/features/bookings/bookings.test-data";
import { addBooking, addCustomer, addPayment } from "./customers.test-data";
import {
  changeMyBooking,
  findBookingForReference,
  listMyBookings,
} from "./my-bookings.service.server";
import { getCustomerProfile, updateCustomerProfile } from "./profile.service.server";
import { rewardsStatusOf } from "./rewards.service.server";
import { CHANGE_REASONS } from "~/features/bookings/booking-rules";

// 2026-11-25 12:00 in Sydney (UTC+11).
const NOW = new Date("2026-11-25T01:00:00.000Z");
const CTX = {
  config: {
    paymentsMode: "test" as const,
    publicUrl: "https://harbour.example",
    STRIPE_SECRET_KEY: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
  },
  now: NOW,
};

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

describe.each(testDialects)("a customer's own bookings on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("My Bookings lists only the customer's bookings, upcoming soonest first, then past ones", async () => {
    const olivia = await addCustomer(database.db, { email: "olivia@example.com" });
    const other = await addCustomer(database.db, { email: "noah@example.com" });
    await addBooking(database.db, { customerId: olivia, date: "2026-12-20", slot: "09:00" });
    await addBooking(database.db, {
      customerId: olivia,
      date: "2026-12-01",
      slot: "14:00",
      priceCents: 27500,
    });
    await addBooking(database.db, { customerId: olivia, date: "2026-11-01", status: "completed" });
    await addBooking(database.db, { customerId: olivia, date: "2026-12-05", status: "cancelled" });
    await addBooking(database.db, {
      customerId: other,
      date: "2026-12-02",
      address: "Noah's house",
    });

    const { upcoming, past, cancelled } = await listMyBookings(database.db, olivia, NOW);
    expect(upcoming.map((b) => b.date)).toEqual(["2026-12-01", "2026-12-20"]);
    expect(past.map((b) => b.date)).toEqual(["2026-11-01"]);
    // A cancelled clean still ahead is not "past": it has a group of its own.
    expect(cancelled.map((b) => [b.date, b.statusLabel])).toEqual([["2026-12-05", "Cancelled"]]);
    expect(upcoming[0]).toMatchObject({
      serviceLabel: "Residential cleaning",
      status: "confirmed",
      statusLabel: "Confirmed",
      dateLabel: "Tuesday, 1 December 2026",
      timeLabel: "2:00 PM",
      priceCents: 27500,
      change: { allowed: true },
    });
    expect([...upcoming, ...past].some((b) => b.address === "Noah's house")).toBe(false);
  });

  test("each card shows what the customer pays and whether it is paid; only an unpaid one has a Pay link", async () => {
    const olivia = await addCustomer(database.db, { email: "olivia@example.com" });
    const paid = await addBooking(database.db, {
      customerId: olivia,
      date: "2026-12-01",
      priceCents: 30_000,
      discountCents: 1_500,
    });
    await addPayment(database.db, { bookingId: paid.id, quoteId: paid.quoteId, cents: 28_500 });
    const unpaid = await addBooking(database.db, { customerId: olivia, date: "2026-12-02" });
    await addPayment(database.db, {
      bookingId: unpaid.id,
      quoteId: unpaid.quoteId,
      cents: 20_000,
      status: "pending",
    });
    const refunded = await addBooking(database.db, {
      customerId: olivia,
      date: "2026-12-03",
      status: "cancelled",
    });
    await addPayment(database.db, {
      bookingId: refunded.id,
      quoteId: refunded.quoteId,
      cents: 20_000,
      status: "refunded",
    });
    await addBooking(database.db, { customerId: olivia, date: "2026-12-04", status: "cancelled" });

    const { upcoming, cancelled } = await listMyBookings(database.db, olivia, NOW);
    expect(
      upcoming.map((b) => [b.date, b.priceCents, b.discountCents, b.payment, b.payHref]),
    ).toEqual([
      ["2026-12-01", 28_500, 1_500, { status: "paid", label: "Paid" }, null],
      [
        "2026-12-02",
        20_000,
        0,
        { status: "unpaid", label: "Unpaid" },
        `/payment?ref=${unpaid.reference}`,
      ],
    ]);
    // A cancelled booking nobody paid for says nothing of payment and offers no Pay link.
    expect(cancelled.map((b) => [b.date, b.payment, b.payHref])).toEqual([
      ["2026-12-04", null, null],
      ["2026-12-03", { status: "refunded", label: "Refunded" }, null],
    ]);
  });

  test("a booking less than 24 hours away cannot be changed, and says why", async () => {
    const olivia = await addCustomer(database.db, { email: "olivia@example.com" });
    // Tomorrow 9 am in Sydney is 21 hours after NOW.
    await addBooking(database.db, { customerId: olivia, date: "2026-11-26", slot: "09:00" });
    const { upcoming } = await listMyBookings(database.db, olivia, NOW);
    expect(upcoming[0]!.change).toEqual({ allowed: false, reason: CHANGE_REASONS.tooLate });
  });

  test("a reference opens its one booking; an unknown or malformed one opens nothing", async () => {
    const olivia = await addCustomer(database.db, { email: "olivia@example.com" });
    const booking = await addBooking(database.db, { customerId: olivia, date: "2026-12-01" });
    expect(await findBookingForReference(database.db, booking.reference, NOW)).toMatchObject({
      customerId: olivia,
      booking: { id: booking.id, reference: booking.reference },
    });
    expect(await findBookingForReference(database.db, "HG-ABCDEFGHJK", NOW)).toBeNull();
    expect(await findBookingForReference(database.db, booking.id, NOW)).toBeNull();
    expect(await findBookingForReference(database.db, null, NOW)).toBeNull();
    // A booking made on the site carries the booking feature's unguessable BK- reference.
    const siteRef = `BK-${"A".repeat(26)}`;
    await database.db
      .updateTable("bookings")
      .set({ reference: siteRef })
      .where("id", "=", booking.id)
      .execute();
    expect(await findBookingForReference(database.db, siteRef, NOW)).toMatchObject({
      booking: { id: booking.id, reference: siteRef },
    });
  });

  test("a customer cannot cancel or move another customer's booking by changing its id", async () => {
    const notFound = { kind: "not_found", status: 404, message: "We could not find that booking." };
    const olivia = await addCustomer(database.db, { email: "olivia@example.com" });
    const noah = await addCustomer(database.db, { email: "noah@example.com" });
    const noahs = await addBooking(database.db, { customerId: noah, date: "2026-12-10" });
    expect(
      refusal(
        await changeMyBooking(
          database.db,
          olivia,
          form({ intent: "cancel", bookingId: noahs.id }),
          CTX,
        ),
      ),
    ).toEqual(notFound);
    expect(
      refusal(
        await changeMyBooking(
          database.db,
          olivia,
          form({
            intent: "reschedule",
            bookingId: noahs.id,
            date: "2026-12-12",
            timeSlot: "10:00",
          }),
          CTX,
        ),
      ),
    ).toEqual(notFound);
  });

  test("changes to the customer's own booking are checked, then handed to the booking feature", async () => {
    // A move needs a whole crew free at the new time (docs/decisions/0060-crews-and-cleaner-holds.md).
    await addTestCrew(database.db, 1);
    const olivia = await addCustomer(database.db, { email: "olivia@example.com" });
    const soon = await addBooking(database.db, {
      customerId: olivia,
      date: "2026-11-26",
      slot: "09:00",
    });
    const later = await addBooking(database.db, {
      customerId: olivia,
      date: "2026-12-10",
      slot: "09:00",
    });

    expect(
      await changeMyBooking(
        database.db,
        olivia,
        form({ intent: "cancel", bookingId: soon.id }),
        CTX,
      ),
    ).toEqual({
      ok: false,
      kind: "conflict",
      message: CHANGE_REASONS.tooLate,
      bookingId: soon.id,
    });
    expect(
      await changeMyBooking(
        database.db,
        olivia,
        form({ intent: "reschedule", bookingId: later.id, date: "2026-11-25", timeSlot: "10:00" }),
        CTX,
      ),
    ).toEqual({
      ok: false,
      kind: "invalid",
      message: "Please choose a date from tomorrow onwards.",
      fieldErrors: { date: "Please choose a date from tomorrow onwards." },
      bookingId: later.id,
    });
    expect(
      await changeMyBooking(
        database.db,
        olivia,
        form({ intent: "reschedule", bookingId: later.id, date: "2026-12-12", timeSlot: "12:00" }),
        CTX,
      ),
    ).toMatchObject({
      ok: false,
      kind: "malformed",
      fieldErrors: { timeSlot: expect.any(String) },
    });
    // Handed to the booking feature: a paid booking is cancelled and refunded through the provider.
    await addPayment(database.db, { bookingId: later.id, quoteId: later.quoteId, cents: 20_000 });
    expect(
      await changeMyBooking(
        database.db,
        olivia,
        form({ intent: "cancel", bookingId: later.id }),
        CTX,
      ),
    ).toEqual({ ok: true, message: "Your booking is cancelled.", bookingId: later.id });
    const cancelled = await database.db
      .selectFrom("bookings")
      .select(["status", "cancelled_by"])
      .where("id", "=", later.id)
      .executeTakeFirstOrThrow();
    expect(cancelled).toEqual({ status: "cancelled", cancelled_by: "customer" });
    const payment = await database.db
      .selectFrom("payments")
      .select("status")
      .where("booking_id", "=", later.id)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe("refunded");

    const moving = await addBooking(database.db, { customerId: olivia, date: "2026-12-11" });
    // docs/decisions/0040-business-hours-bound-bookings.md: Sunday 13 December is closed, said beside the date.
    expect(
      await changeMyBooking(
        database.db,
        olivia,
        form({ intent: "reschedule", bookingId: moving.id, date: "2026-12-13", timeSlot: "10:00" }),
        CTX,
      ),
    ).toEqual({
      ok: false,
      kind: "invalid",
      message: "We are closed on Sundays. Please choose another date.",
      fieldErrors: { date: "We are closed on Sundays. Please choose another date." },
      bookingId: moving.id,
    });
    expect(
      await changeMyBooking(
        database.db,
        olivia,
        form({ intent: "reschedule", bookingId: moving.id, date: "2026-12-14", timeSlot: "10:00" }),
        CTX,
      ),
    ).toEqual({ ok: true, message: "Your booking has moved.", bookingId: moving.id });
    const moved = await database.db
      .selectFrom("bookings")
      .select(["scheduled_date", "time_slot"])
      .where("id", "=", moving.id)
      .executeTakeFirstOrThrow();
    expect(moved).toEqual({ scheduled_date: "2026-12-14", time_slot: "10:00" });
  });

  test("rewards count whole dollars of paid payments of the customer's bookings; refunds take them back", async () => {
    const olivia = await addCustomer(database.db, { email: "olivia@example.com" });
    const noah = await addCustomer(database.db, { email: "noah@example.com" });
    expect(await rewardsStatusOf(database.db, olivia)).toMatchObject({
      points: 0,
      tier: { id: "bronze", discountPercent: 5 },
    });
    const first = await addBooking(database.db, { customerId: olivia, date: "2026-10-01" });
    await addPayment(database.db, { ...ids(first), cents: 60_050 });
    const second = await addBooking(database.db, { customerId: olivia, date: "2026-10-08" });
    await addPayment(database.db, { ...ids(second), cents: 45_000 });
    const refunded = await addBooking(database.db, { customerId: olivia, date: "2026-10-15" });
    await addPayment(database.db, { ...ids(refunded), cents: 90_000, status: "refunded" });
    const pending = await addBooking(database.db, { customerId: olivia, date: "2026-10-22" });
    await addPayment(database.db, { ...ids(pending), cents: 90_000, status: "pending" });
    const noahs = await addBooking(database.db, { customerId: noah, date: "2026-10-01" });
    await addPayment(database.db, { ...ids(noahs), cents: 900_000 });

    expect(await rewardsStatusOf(database.db, olivia)).toMatchObject({
      points: 1050,
      tier: { id: "silver", discountPercent: 10 },
    });
  });

  test("the profile shows the latest booking's address, and its details form saves name and phone", async () => {
    const olivia = await addCustomer(database.db, { email: "olivia@example.com", name: "Olivia" });
    expect(await getCustomerProfile(database.db, olivia)).toMatchObject({ savedAddress: null });
    await addBooking(database.db, {
      customerId: olivia,
      date: "2026-10-01",
      address: "1 Old St",
      createdAt: "2026-09-01T00:00:00.000Z",
    });
    await addBooking(database.db, {
      customerId: olivia,
      date: "2026-09-01",
      address: "9 New Rd",
      createdAt: "2026-09-20T00:00:00.000Z",
    });
    expect(await getCustomerProfile(database.db, olivia)).toEqual({
      name: "Olivia",
      email: "olivia@example.com",
      phone: "0412 345 678",
      savedAddress: "9 New Rd",
    });

    const refused = await updateCustomerProfile(
      database.db,
      olivia,
      form({ name: " ", phone: "12" }),
      NOW,
    );
    expect(refused).toMatchObject({
      ok: false,
      fieldErrors: { name: expect.any(String), phone: expect.any(String) },
    });
    const saved = await updateCustomerProfile(
      database.db,
      olivia,
      form({ name: "Olivia Smith", phone: "0491 570 156" }),
      NOW,
    );
    expect(saved.ok).toBe(true);
    expect(await getCustomerProfile(database.db, olivia)).toMatchObject({
      name: "Olivia Smith",
      phone: "0491 570 156",
    });
  });
});

function ids(booking: { id: string; quoteId: string }) {
  return { bookingId: booking.id, quoteId: booking.quoteId };
}
