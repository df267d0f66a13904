import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  addTestCrew,
  bookTestQuote,
  insertTestOffer,
  MOSMAN_HOUSE,
  testQuoteRequest,
} from "./bookings.test-data";
import { addCleaner } from "~/features/dashboard/dashboard.test-data";
import { newId } from "~/lib/ids";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { cancelBooking, rescheduleBooking } from "./booking-changes.service.server";
import {
  getBusinessProfile,
  saveBusinessProfile,
} from "~/features/settings/settings.service.server";
import { BOOKING_MESSAGES } from "./booking-messages";
import type { Booking } from "./bookings.service.server";

// Booked on 2026-12-01 at 11:00 Sydney time for 2026-12-05 at 09:00 (2026-12-04T22:00Z).
const bookedAt = new Date("2026-12-01T00:00:00.000Z");
const publicUrl = "https://harbourandgold.test";
const staff = { kind: "staff", staffUserId: "staff-1" } as const;

describe.each(testDialects)("rescheduling and cancelling bookings on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    // Three cleaners free every day: a slot takes three one-cleaner jobs
    // (docs/decisions/0060-crews-and-cleaner-holds.md).
    await addTestCrew(database.db, 3);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function book(n: number, date = "2026-12-05", timeSlot = "09:00"): Promise<Booking> {
    const { booking } = await bookTestQuote(
      database.db,
      testQuoteRequest(n, MOSMAN_HOUSE),
      { date, timeSlot, address: `${n} Military Road`, suburb: "Mosman NSW 2088" },
      { publicUrl, now: bookedAt },
    );
    return booking;
  }

  const customerOf = (booking: Booking) =>
    ({ kind: "customer", customerId: booking.customerId! }) as const;

  /** Cleaners held for the bookings at (date, slot). */
  async function slotCount(date: string, slot: string) {
    const rows = await database.db
      .selectFrom("cleaner_holds as h")
      .innerJoin("bookings as b", "b.id", "h.booking_id")
      .select("h.id")
      .where("h.released_at", "is", null)
      .where("b.scheduled_date", "=", date)
      .where("b.time_slot", "=", slot)
      .execute();
    return rows.length;
  }

  const quoteOf = (booking: Booking) =>
    database.db
      .selectFrom("quotes")
      .select(["status", "lead_status", "scheduled_date"])
      .where("id", "=", booking.quoteId)
      .executeTakeFirstOrThrow();

  const topics = (booking: Booking) =>
    database.db
      .selectFrom("outbox_messages")
      .select(["kind", "topic", "payload"])
      .where("subject_id", "=", booking.id)
      .orderBy("created_at")
      .execute();

  test("a customer moves their own booking 24 hours or more ahead; the slots and the team follow", async () => {
    const booking = await book(1);
    const now = new Date("2026-12-02T00:00:00.000Z");
    const result = await rescheduleBooking(
      database.db,
      {
        bookingReference: booking.reference,
        date: "2026-12-08",
        timeSlot: "10:00",
        actor: customerOf(booking),
      },
      { publicUrl, now },
    );
    expect(result).toMatchObject({ ok: true, booking: { date: "2026-12-08", timeSlot: "10:00" } });
    expect(await slotCount("2026-12-05", "09:00")).toBe(0);
    expect(await slotCount("2026-12-08", "10:00")).toBe(1);
    expect(await quoteOf(booking)).toEqual({
      status: "pending_payment",
      lead_status: "qualified",
      scheduled_date: "2026-12-08",
    });
    const audit = await database.db
      .selectFrom("audit_log")
      .select(["actor_type", "actor_id", "details"])
      .where("subject_id", "=", booking.id)
      .where("action", "=", "booking.rescheduled")
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      actor_type: "customer",
      actor_id: booking.customerId,
      details: JSON.stringify({
        from: { date: "2026-12-05", timeSlot: "09:00" },
        to: { date: "2026-12-08", timeSlot: "10:00" },
      }),
    });
    const messages = await topics(booking);
    const webhook = messages.find((m) => m.topic === "booking.rescheduled" && m.kind === "webhook");
    expect(JSON.parse(webhook!.payload).body.booking).toMatchObject({
      status: "rescheduled",
      scheduledDate: "2026-12-08",
      scheduledTime: "10:00",
    });
    const email = messages.find((m) => m.topic === "booking.rescheduled" && m.kind === "email");
    expect(JSON.parse(email!.payload)).toMatchObject({ to: "client1@example.com" });
  });

  test("inside 24 hours a customer cannot change or cancel, and staff can", async () => {
    const booking = await book(1);
    // 2026-12-04T00:00Z is 22 hours before the 09:00 Sydney start on the 5th.
    const now = new Date("2026-12-04T00:00:00.000Z");
    const moved = await rescheduleBooking(
      database.db,
      { bookingId: booking.id, date: "2026-12-09", timeSlot: "10:00", actor: customerOf(booking) },
      { publicUrl, now },
    );
    expect(moved).toEqual({
      ok: false,
      kind: "conflict",
      message: BOOKING_MESSAGES.tooLateToChange,
    });
    const cancelled = await cancelBooking(
      database.db,
      { bookingId: booking.id, actor: customerOf(booking) },
      { publicUrl, now },
    );
    expect(cancelled).toEqual({
      ok: false,
      kind: "conflict",
      message: BOOKING_MESSAGES.tooLateToChange,
    });

    const byStaff = await rescheduleBooking(
      database.db,
      { bookingId: booking.id, date: "2026-12-09", timeSlot: "10:00", actor: staff },
      { publicUrl, now },
    );
    expect(byStaff.ok).toBe(true);
  });

  /** The cleaner held for each live seat of a booking, with the hold's start. */
  const crewOf = (booking: Booking) =>
    database.db
      .selectFrom("cleaner_holds")
      .select(["seat", "cleaner_id", "assignment_id"])
      .where("booking_id", "=", booking.id)
      .where("released_at", "is", null)
      .orderBy("seat")
      .execute();

  test("a move keeps the crew's cleaner when free then, else holds the next free one", async () => {
    const booking = await book(1);
    expect(await crewOf(booking)).toEqual([
      { seat: 1, cleaner_id: "test-crew-1", assignment_id: null },
    ]);
    // Crew member 1 is taken on Tuesday 8 December at 10:00 by another customer.
    await book(2, "2026-12-08", "10:00");
    const now = new Date("2026-12-02T00:00:00.000Z");
    const move = (date: string, timeSlot: string) =>
      rescheduleBooking(
        database.db,
        { bookingId: booking.id, date, timeSlot, actor: staff },
        { publicUrl, now },
      );
    expect((await move("2026-12-08", "10:00")).ok).toBe(true);
    expect(await crewOf(booking)).toEqual([
      { seat: 1, cleaner_id: "test-crew-2", assignment_id: null },
    ]);
    // Rated lower now, crew member 2 would not be picked first, but keeps the job it holds.
    await database.db
      .updateTable("cleaners")
      .set({ rating: 4 })
      .where("id", "=", "test-crew-2")
      .execute();
    expect((await move("2026-12-09", "10:00")).ok).toBe(true);
    expect(await crewOf(booking)).toEqual([
      { seat: 1, cleaner_id: "test-crew-2", assignment_id: null },
    ]);
    const released = await database.db
      .selectFrom("cleaner_holds")
      .select("id")
      .where("booking_id", "=", booking.id)
      .where("released_at", "is not", null)
      .execute();
    expect(released).toHaveLength(2);
  });

  test("staff may move a job to a slot still ahead today; a customer's move starts tomorrow", async () => {
    const booking = await book(1);
    // 2026-12-03T00:00Z is Thursday 3 December, 11 am in Sydney.
    const now = new Date("2026-12-03T00:00:00.000Z");
    const move = (actor: typeof staff | ReturnType<typeof customerOf>, timeSlot: string) =>
      rescheduleBooking(
        database.db,
        { bookingId: booking.id, date: "2026-12-03", timeSlot, actor },
        { publicUrl, now },
      );
    expect(await move(customerOf(booking), "13:00")).toMatchObject({
      ok: false,
      fieldErrors: { date: BOOKING_MESSAGES.dateTooEarly },
    });
    expect(await move(staff, "10:00")).toMatchObject({
      ok: false,
      fieldErrors: { timeSlot: BOOKING_MESSAGES.timePassed },
    });
    expect(await move(staff, "13:00")).toMatchObject({ ok: true });
    expect(await slotCount("2026-12-03", "13:00")).toBe(1);
  });

  test("a move to a Sunday, a closed date or past closing is refused for staff and customers alike", async () => {
    const booking = await book(1);
    const profile = await getBusinessProfile(database.db);
    const closedDates = [{ date: "2026-12-24", label: "Christmas Eve" }];
    await saveBusinessProfile(database.db, { ...profile, closedDates }, null);
    const move = (
      actor: typeof staff | ReturnType<typeof customerOf>,
      date: string,
      slot: string,
    ) =>
      rescheduleBooking(
        database.db,
        { bookingId: booking.id, date, timeSlot: slot, actor },
        { publicUrl, now: bookedAt },
      );
    for (const actor of [staff, customerOf(booking)]) {
      // 2026-12-06 is a Sunday; 2026-12-12 a Saturday, closing at 4 pm.
      expect(await move(actor, "2026-12-06", "16:00")).toMatchObject({
        fieldErrors: { date: BOOKING_MESSAGES.closedWeekday("Sunday") },
      });
      expect(await move(actor, "2026-12-24", "09:00")).toMatchObject({
        fieldErrors: { date: BOOKING_MESSAGES.closedDate("Christmas Eve") },
      });
      const late = await move(actor, "2026-12-12", "15:00");
      expect(late.ok ? null : late.fieldErrors?.timeSlot).toMatch(/^This clean takes about/);
    }
    expect(await slotCount("2026-12-05", "09:00")).toBe(1);
  });

  test("a customer cannot touch another customer's booking", async () => {
    const mine = await book(1);
    const theirs = await book(2, "2026-12-04");
    const now = new Date("2026-12-02T00:00:00.000Z");
    const moved = await rescheduleBooking(
      database.db,
      { bookingId: theirs.id, date: "2026-12-09", timeSlot: "10:00", actor: customerOf(mine) },
      { publicUrl, now },
    );
    expect(moved).toEqual({ ok: false, kind: "not_found", message: BOOKING_MESSAGES.notFound });
    const cancelled = await cancelBooking(
      database.db,
      { bookingReference: theirs.reference, actor: customerOf(mine) },
      { publicUrl, now },
    );
    expect(cancelled).toEqual({ ok: false, kind: "not_found", message: BOOKING_MESSAGES.notFound });
    const row = await database.db
      .selectFrom("bookings")
      .select(["status", "scheduled_date"])
      .where("id", "=", theirs.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "confirmed", scheduled_date: "2026-12-04" });
  });

  test("a reschedule into a full slot is refused and nothing moves", async () => {
    for (let n = 1; n <= 3; n++) await book(n, "2026-12-07", "11:00");
    const booking = await book(4);
    const now = new Date("2026-12-02T00:00:00.000Z");
    const result = await rescheduleBooking(
      database.db,
      { bookingId: booking.id, date: "2026-12-07", timeSlot: "11:00", actor: staff },
      { publicUrl, now },
    );
    expect(result).toEqual({
      ok: false,
      kind: "conflict",
      message: BOOKING_MESSAGES.slotFull,
      fieldErrors: { timeSlot: BOOKING_MESSAGES.slotFull },
    });
    expect(await slotCount("2026-12-07", "11:00")).toBe(3);
    expect(await slotCount("2026-12-05", "09:00")).toBe(1);
  });

  test("two reschedules racing for the last place in a slot: one moves, the other is told it is full", async () => {
    for (let n = 1; n <= 2; n++) await book(n, "2026-12-07", "11:00");
    const a = await book(3);
    const b = await book(4, "2026-12-04");
    const now = new Date("2026-12-02T00:00:00.000Z");
    const results = await Promise.all(
      [a, b].map((booking) =>
        rescheduleBooking(
          database.db,
          { bookingId: booking.id, date: "2026-12-07", timeSlot: "11:00", actor: staff },
          { publicUrl, now },
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({
      ok: false,
      kind: "conflict",
      message: BOOKING_MESSAGES.slotFull,
      fieldErrors: { timeSlot: BOOKING_MESSAGES.slotFull },
    });
    expect(await slotCount("2026-12-07", "11:00")).toBe(3);
    expect(
      (await slotCount("2026-12-05", "09:00")) + (await slotCount("2026-12-04", "09:00")),
    ).toBe(1);
  });

  test("a customer's cancel frees the place, loses an unpaid lead and tells the team", async () => {
    const booking = await book(1);
    for (let n = 2; n <= 3; n++) await book(n);
    expect(await slotCount("2026-12-05", "09:00")).toBe(3);
    const now = new Date("2026-12-02T00:00:00.000Z");
    const result = await cancelBooking(
      database.db,
      { bookingReference: booking.reference, actor: customerOf(booking) },
      { publicUrl, now },
    );
    expect(result).toMatchObject({
      ok: true,
      booking: { status: "cancelled" },
      paymentToRefund: null,
    });
    expect(await slotCount("2026-12-05", "09:00")).toBe(2);
    expect(await quoteOf(booking)).toMatchObject({ status: "cancelled", lead_status: "lost" });
    const row = await database.db
      .selectFrom("bookings")
      .select(["status", "cancelled_by", "cancelled_at"])
      .where("id", "=", booking.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: "cancelled",
      cancelled_by: "customer",
      cancelled_at: now.toISOString(),
    });
    const messages = await topics(booking);
    const cancelled = messages.filter((m) => m.topic === "booking.cancelled");
    // The webhook, the customer's email, and the team's email.
    expect(cancelled.map((m) => m.kind)).toEqual(["webhook", "email", "email"]);
    const subjects = cancelled
      .filter((m) => m.kind === "email")
      .map((m) => (JSON.parse(m.payload) as { subject: string }).subject);
    expect(subjects).toContainEqual(expect.stringMatching(/^Booking cancelled: Client \d+, BK-/));
    // Nothing was paid, so the customer is told plainly that nothing is refunded.
    const customerCopy = cancelled
      .filter((m) => m.kind === "email")
      .map((m) => JSON.parse(m.payload) as { subject: string; text?: string })
      .find((payload) => payload.subject.startsWith("Your booking is cancelled"));
    expect(customerCopy?.text).toContain("No charge was refunded.");
    // The freed cleaner can be booked again, with no one added.
    expect((await book(4)).date).toBe("2026-12-05");
    expect(await slotCount("2026-12-05", "09:00")).toBe(3);
    const crew = await database.db.selectFrom("cleaners").select("id").execute();
    expect(crew).toHaveLength(3);
    const again = await cancelBooking(
      database.db,
      { bookingId: booking.id, actor: staff },
      { publicUrl, now },
    );
    expect(again).toEqual({
      ok: false,
      kind: "conflict",
      message: BOOKING_MESSAGES.alreadyCancelled,
    });
  });

  test("cancelling a paid booking names the payment to refund and keeps the lead, and cancels the offer", async () => {
    const booking = await book(1);
    const at = bookedAt.toISOString();
    const paymentId = newId();
    await database.db
      .insertInto("payments")
      .values({
        id: paymentId,
        quote_id: booking.quoteId,
        booking_id: booking.id,
        amount_cents: booking.priceCents,
        payment_method: "card",
        provider: "test",
        status: "paid",
        created_at: at,
        updated_at: at,
        paid_at: at,
      })
      .execute();
    await database.db
      .updateTable("quotes")
      .set({ lead_status: "booked" })
      .where("id", "=", booking.quoteId)
      .execute();
    const cleanerId = await addCleaner(database.db, { status: "available", createdAt: at });
    const offerId = await insertTestOffer(database.db, {
      job: booking,
      cleanerId,
      at,
      deadline: "2026-12-02T00:00:00.000Z",
      previousQuoteStatus: "pending_payment",
    });

    // Staff may cancel inside 24 hours.
    const now = new Date("2026-12-04T20:00:00.000Z");
    const result = await cancelBooking(
      database.db,
      { bookingId: booking.id, actor: staff },
      { publicUrl, now },
    );
    expect(result).toMatchObject({ ok: true, paymentToRefund: paymentId });
    expect(await quoteOf(booking)).toMatchObject({ status: "cancelled", lead_status: "booked" });
    const offer = await database.db
      .selectFrom("assignments")
      .select("status")
      .where("id", "=", offerId)
      .executeTakeFirstOrThrow();
    expect(offer.status).toBe("cancelled");
  });
  test("an accepted offer taken back by a cancel or a reschedule leaves the cleaner's active jobs", async () => {
    const at = bookedAt.toISOString();
    const cleanerId = await addCleaner(database.db, { status: "available", createdAt: at });
    await database.db
      .updateTable("cleaners")
      .set({ active_bookings: 2 })
      .where("id", "=", cleanerId)
      .execute();
    const acceptedOffer = (booking: Awaited<ReturnType<typeof book>>) =>
      insertTestOffer(database.db, {
        job: booking,
        cleanerId,
        at,
        status: "accepted",
        deadline: "2026-12-02T00:00:00.000Z",
        previousQuoteStatus: "pending_payment",
      });
    const activeJobs = async () =>
      Number(
        (
          await database.db
            .selectFrom("cleaners")
            .select("active_bookings")
            .where("id", "=", cleanerId)
            .executeTakeFirstOrThrow()
        ).active_bookings,
      );
    const now = new Date("2026-12-04T20:00:00.000Z");

    const cancelled = await book(1);
    await acceptedOffer(cancelled);
    const cancel = await cancelBooking(
      database.db,
      { bookingId: cancelled.id, actor: staff },
      { publicUrl, now },
    );
    expect(cancel.ok).toBe(true);
    expect(await activeJobs()).toBe(1);

    const moved = await book(2);
    await acceptedOffer(moved);
    const reschedule = await rescheduleBooking(
      database.db,
      { bookingId: moved.id, actor: staff, date: "2026-12-09", timeSlot: "13:00" },
      { publicUrl, now },
    );
    expect(reschedule.ok).toBe(true);
    expect(await activeJobs()).toBe(0);
  });
});
