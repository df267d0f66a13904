import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { confirmTestPayment } from "~/features/payments/payments.service.server";
import {
  getBusinessProfile,
  saveBusinessProfile,
} from "~/features/settings/settings.service.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { addCleaner } from "~/features/dashboard/dashboard.test-data";
import { bookTestQuote, insertTestOffer, testQuoteRequest } from "./bookings.test-data";
import { bookingPageFor } from "./bookings.service.server";
import { confirmPayOnTheDay, releaseRunOutHolds } from "./unpaid-holds.service.server";

// docs/decisions/0048-unpaid-booking-holds.md: an unpaid online booking holds its slot
// for the business's hold (2 hours unless changed), then is released and the customer emailed.

// 2026-12-01 11:00 in Sydney (AEDT, UTC+11): tomorrow is 2026-12-02.
const booked = new Date("2026-12-01T00:00:00.000Z");
const ctx = { publicUrl: "https://harbourandgold.test", now: booked };
const slot = {
  date: "2026-12-02",
  timeSlot: "09:00",
  address: "12 Campbell Parade",
  suburb: "Bondi NSW 2026",
};
const hoursLater = (hours: number) => new Date(booked.getTime() + hours * 3_600_000);
const paymentsCtx = {
  config: {
    paymentsMode: "test" as const,
    publicUrl: ctx.publicUrl,
    STRIPE_SECRET_KEY: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
  },
};

describe.each(testDialects)("unpaid booking holds on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const book = (n: number, timeSlot = slot.timeSlot) =>
    bookTestQuote(database.db, testQuoteRequest(n), { ...slot, timeSlot }, ctx);

  const release = (now: Date) => releaseRunOutHolds(database.db, { publicUrl: ctx.publicUrl, now });

  const bookingRow = (id: string) =>
    database.db
      .selectFrom("bookings")
      .select(["status", "cancelled_by", "hold_until"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  /** Cleaners held for the slot's bookings (docs/decisions/0060-crews-and-cleaner-holds.md). */
  const slotTaken = async () => {
    const rows = await database.db
      .selectFrom("cleaner_holds as h")
      .innerJoin("bookings as b", "b.id", "h.booking_id")
      .select("h.id")
      .where("h.released_at", "is", null)
      .where("b.scheduled_date", "=", slot.date)
      .where("b.time_slot", "=", slot.timeSlot)
      .execute();
    return rows.length;
  };

  const releaseEmails = (bookingId: string) =>
    database.db
      .selectFrom("outbox_messages")
      .select("payload")
      .where("topic", "=", "booking.hold_released")
      .where("subject_id", "=", bookingId)
      .execute();

  test("an unpaid booking keeps its slot for 2 hours, then is released and the customer emailed a link to book again", async () => {
    const { quote, booking } = await book(1);
    expect((await bookingRow(booking.id)).hold_until).toBe(hoursLater(2).toISOString());
    expect(await slotTaken()).toBe(1);

    expect(await release(hoursLater(1.9))).toBe(0);
    expect(await bookingRow(booking.id)).toMatchObject({ status: "confirmed" });

    expect(await release(hoursLater(2))).toBe(1);
    expect(await bookingRow(booking.id)).toMatchObject({
      status: "cancelled",
      cancelled_by: "system",
    });
    expect(await slotTaken()).toBe(0);
    // The quote can be booked again, and the email leads there.
    expect(await bookingPageFor(database.db, quote.reference, hoursLater(2))).toMatchObject({
      kind: "ready",
    });
    const [email] = await releaseEmails(booking.id);
    const mail = JSON.parse(email!.payload) as { to: string; subject: string; text: string };
    expect(mail.to).toBe("client1@example.com");
    expect(mail.subject).toBe(`Your booking ${booking.reference} was released`);
    expect(mail.text).toContain(`${ctx.publicUrl}/booking?ref=${quote.reference}`);
    expect(mail.text).toContain("for 2 hours, but the payment did not arrive");
  });

  test("a cleaner offered a released booking has the offer cancelled and is emailed", async () => {
    const { booking } = await book(1);
    const at = booked.toISOString();
    const cleanerId = await addCleaner(database.db, { status: "available", createdAt: at });
    const offerId = await insertTestOffer(database.db, {
      job: booking,
      cleanerId,
      at,
      deadline: hoursLater(12).toISOString(),
      previousQuoteStatus: "pending_payment",
    });

    expect(await release(hoursLater(3))).toBe(1);
    const offer = await database.db
      .selectFrom("assignments")
      .select("status")
      .where("id", "=", offerId)
      .executeTakeFirstOrThrow();
    expect(offer.status).toBe("cancelled");
    const told = await database.db
      .selectFrom("outbox_messages")
      .select("topic")
      .where("topic", "=", "assignment.cancelled")
      .where("subject_id", "=", booking.quoteId)
      .execute();
    expect(told).toHaveLength(1);
  });

  test("the hold is the business's setting", async () => {
    await saveBusinessProfile(
      database.db,
      { ...(await getBusinessProfile(database.db)), unpaidHoldHours: 5 },
      null,
    );
    const { booking } = await book(1);
    expect(await release(hoursLater(4.9))).toBe(0);
    expect(await release(hoursLater(5))).toBe(1);
    expect(await bookingRow(booking.id)).toMatchObject({ status: "cancelled" });
  });

  test("a paid booking and one staff confirmed as pay on the day are never released", async () => {
    const paid = await book(1);
    await confirmTestPayment(
      database.db,
      {
        reference: paid.booking.reference,
        token: "tok_visa",
        actor: { type: "visitor", id: null },
      },
      paymentsCtx,
    );
    const onTheDay = await book(2, "10:00");
    expect(
      await confirmPayOnTheDay(database.db, { bookingId: onTheDay.booking.id, staffUserId: "s1" }),
    ).toEqual({ ok: true });
    expect(
      await confirmPayOnTheDay(database.db, { bookingId: onTheDay.booking.id, staffUserId: "s1" }),
    ).toEqual({
      ok: false,
      kind: "conflict",
      message: "This booking is already confirmed as pay on the day, or is not live.",
    });

    expect(await release(hoursLater(48))).toBe(0);
    expect(await bookingRow(paid.booking.id)).toMatchObject({ status: "confirmed" });
    expect(await bookingRow(onTheDay.booking.id)).toMatchObject({
      status: "confirmed",
      hold_until: null,
    });
  });

  test("two runs at once, as on two servers, release a booking once: one email, one audit entry", async () => {
    const { booking } = await book(1);
    const runs = await Promise.all([release(hoursLater(3)), release(hoursLater(3))]);
    expect(runs[0]! + runs[1]!).toBe(1);
    expect(await release(hoursLater(4))).toBe(0);
    expect(await releaseEmails(booking.id)).toHaveLength(1);
    const audits = await database.db
      .selectFrom("audit_log")
      .select("action")
      .where("subject_id", "=", booking.id)
      .where("action", "=", "booking.hold_released")
      .execute();
    expect(audits).toHaveLength(1);
    expect(await slotTaken()).toBe(0);
  });
});
