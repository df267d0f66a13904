import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  MOSMAN_HOUSE,
  openDayFrom,
  testQuoteRequest,
} from "~/features/bookings/bookings.test-data";
import { createBooking } from "~/features/bookings/bookings.service.server";
import { AUTO_OFFER_TOPIC } from "~/features/bookings/job-offers";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { startWorker, type Worker } from "~/features/outbox/worker.server";
import { emailsOf } from "~/features/payments/payments.test-helpers";
import { createQuote } from "~/features/quote/quote.service.server";
import type { BusinessProfile } from "~/features/settings/business-profile";
import {
  getBusinessProfile,
  saveBusinessProfile,
} from "~/features/settings/settings.service.server";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import { APP_JOB_HANDLERS } from "~/jobs.server";
import { silentLogger, testConfig } from "../helpers/outbox";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/test-database";
import { UNSTAFFED_ALERT } from "~/features/assignments/assignments.repository.server";
import { assignCleaner, getAssignOptions } from "~/features/assignments/assignments.service.server";
import { ASSIGN_TEXT } from "~/features/assignments/assignments";
import { offerSeatAutomatically } from "~/features/assignments/auto-offers.server";
import { getCrew } from "~/features/assignments/crew.service.server";
import { answerOffer } from "~/features/assignments/offer-answers.server";

// docs/decisions/0064-automatic-offers.md: a booking's seat is offered by the outbox worker to
// the best free cleaner, then to the next after a decline or the waiting period; nobody left
// raises the "no cleaner" alert at once; staff can turn it off or take a seat by hand.

const publicUrl = "https://harbourandgold.test";
const HOUR = 60 * 60 * 1000;
const realNow = new Date();
const jobDate = openDayFrom(addDays(sydneyDate(realNow), 3));

describe.each(testDialects)("automatic offers on %s", (dialect) => {
  let database: TestDatabase;
  let worker: Worker;
  let ana: string, ben: string, cara: string;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    // The ranking asks the best rated first (docs/decisions/0060-crews-and-cleaner-holds.md).
    [ana, ben, cara] = (await insertCleaners(database.db, [
      { name: "Ana Best", rating: 4.9 },
      { name: "Ben Next", rating: 4.5 },
      { name: "Cara Third", rating: 4.1 },
    ])) as [string, string, string];
    worker = startWorker({
      db: database.db,
      dialect,
      config: testConfig({ PUBLIC_URL: publicUrl }),
      logger: silentLogger,
      poll: false,
      handlers: APP_JOB_HANDLERS,
    });
  });
  afterEach(async () => {
    await worker.stop();
    await database.destroy();
  });

  async function book(n = 1, now = realNow) {
    const quote = await createQuote(database.db, testQuoteRequest(n, MOSMAN_HOUSE), {
      publicUrl,
      now,
    });
    if (!quote.ok) throw new Error(quote.message);
    const booked = await createBooking(
      database.db,
      {
        quoteReference: quote.quote.reference,
        date: jobDate,
        timeSlot: "09:00",
        address: `${n} Military Road`,
        suburb: "Mosman NSW 2088",
      },
      { publicUrl, now },
    );
    if (!booked.ok) throw new Error(booked.message);
    return { quoteId: quote.quote.id, bookingId: booked.booking.id };
  }

  /** The worker's runs until nothing more is due (jobs scheduled by a run go in the next). */
  async function drain() {
    for (let run = 0; run < 10; run += 1) if ((await worker.runOnce()) === 0) return;
  }

  const offersOf = (quoteId: string) =>
    database.db
      .selectFrom("assignments")
      .select(["id", "cleaner_id", "seat", "status", "automatic", "created_by"])
      .where("quote_id", "=", quoteId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  const decline = (cleanerId: string, assignmentId: string) =>
    answerOffer(database.db, { cleanerId, assignmentId }, "decline", { publicUrl });
  const setProfile = async (change: Partial<BusinessProfile>) => {
    const profile = await getBusinessProfile(database.db);
    await saveBusinessProfile(database.db, { ...profile, ...change }, null);
  };
  const alertsOf = (bookingId: string) =>
    database.db
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", UNSTAFFED_ALERT)
      .where("subject_id", "=", bookingId)
      .execute();

  test("a booking's seat is offered by the worker to the best free cleaner, marked automatic", async () => {
    const { quoteId } = await book();
    // Nothing is offered in the request: the booking scheduled the offer for the worker.
    expect(await offersOf(quoteId)).toEqual([]);
    expect(await emailsOf(database.db, AUTO_OFFER_TOPIC)).toHaveLength(1);

    await drain();
    const [first, ...rest] = await offersOf(quoteId);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ cleaner_id: ana, seat: 1, status: "pending", automatic: 1 });
    const offered = await emailsOf(database.db, "assignment.offered");
    expect(offered).toHaveLength(1);
    expect(JSON.parse(offered[0]!.payload)).toMatchObject({ to: expect.stringContaining(ana) });
    // The deadline is the waiting period (2 hours by default), not the 12-hour offer deadline.
    const { response_deadline } = await database.db
      .selectFrom("assignments")
      .select("response_deadline")
      .where("id", "=", first!.id)
      .executeTakeFirstOrThrow();
    const waited = new Date(response_deadline).getTime() - realNow.getTime();
    expect(waited).toBeGreaterThan(1.9 * HOUR);
    expect(waited).toBeLessThanOrEqual(2 * HOUR + 60_000);
    // The seat's history says who was asked, and that the chain asked them.
    const crew = await getCrew(database.db, quoteId);
    expect(crew!.seats[0]!.offers).toMatchObject([
      { cleaner: "Ana Best", answer: "Waiting for an answer", automatic: true },
    ]);
  });

  test("a decline moves on to the next cleaner, never back to the one who declined", async () => {
    const { quoteId } = await book();
    await drain();
    const [first] = await offersOf(quoteId);
    expect(await decline(ana, first!.id)).toMatchObject({ state: "declined" });
    await drain();
    expect(await offersOf(quoteId)).toMatchObject([
      { cleaner_id: ana, status: "declined", automatic: 1 },
      { cleaner_id: ben, status: "pending", automatic: 1, seat: 1 },
    ]);
    // A step of the chain is not a lapse for staff to act on.
    expect(await emailsOf(database.db, "assignment.declined")).toEqual([]);
    const second = (await offersOf(quoteId))[1]!;
    await decline(ben, second.id);
    await drain();
    expect((await offersOf(quoteId)).map((o) => [o.cleaner_id, o.status])).toEqual([
      [ana, "declined"],
      [ben, "declined"],
      [cara, "pending"],
    ]);
  });

  test("after the waiting period the worker expires the offer and asks the next cleaner", async () => {
    const { quoteId, bookingId } = await book();
    // The offer as the worker made it three hours ago: its two hours ran out an hour ago.
    const threeHoursAgo = new Date(realNow.getTime() - 3 * HOUR);
    const made = await offerSeatAutomatically(
      database.db,
      { bookingId, seat: 1 },
      { publicUrl, now: threeHoursAgo },
    );
    expect(made).toBe("offered");
    await drain();
    expect(await offersOf(quoteId)).toMatchObject([
      { cleaner_id: ana, status: "expired", automatic: 1 },
      { cleaner_id: ben, status: "pending", automatic: 1 },
    ]);
    expect(await emailsOf(database.db, "assignment.expired")).toEqual([]);
  });

  test("with nobody left to ask, the no-cleaner alert is raised at once, once", async () => {
    await database.db
      .updateTable("cleaners")
      .set({ status: "suspended" })
      .where("id", "in", [ben, cara])
      .execute();
    const { quoteId, bookingId } = await book();
    await drain();
    const [first] = await offersOf(quoteId);
    expect(first).toMatchObject({ cleaner_id: ana, status: "pending" });
    expect(await alertsOf(bookingId)).toEqual([]);

    await decline(ana, first!.id);
    await drain();
    expect(await offersOf(quoteId)).toHaveLength(1);
    // Three days ahead, yet staff hear now rather than 24 hours before.
    expect(await alertsOf(bookingId)).toHaveLength(1);
    const alerts = await emailsOf(database.db, "booking.unstaffed");
    expect(alerts.map((row) => row.subject_id)).toEqual([quoteId]);
    const again = await offerSeatAutomatically(database.db, { bookingId, seat: 1 }, { publicUrl });
    expect(again).toBe("nobody-left");
    expect(await alertsOf(bookingId)).toHaveLength(1);
  });

  test("with automatic offers off, a booking and a decline offer nobody", async () => {
    await setProfile({ autoOffers: false });
    const { quoteId } = await book();
    expect(await emailsOf(database.db, AUTO_OFFER_TOPIC)).toEqual([]);
    await drain();
    expect(await offersOf(quoteId)).toEqual([]);

    const staffOffer = await assignCleaner(
      database.db,
      { quoteId, cleanerId: cara, date: jobDate, timeSlot: "09:00" },
      { actor: { type: "staff", id: "staff-1" }, publicUrl },
    );
    expect(staffOffer.ok).toBe(true);
    await decline(cara, staffOffer.assignmentId!);
    await drain();
    expect(await offersOf(quoteId)).toHaveLength(1);
    expect(await emailsOf(database.db, "assignment.declined")).toHaveLength(1);
  });

  test("a staff offer takes the seat over; its decline goes back to the chain when set", async () => {
    const { quoteId } = await book();
    // Staff offer the seat by hand before the worker gets to it.
    const staffOffer = await assignCleaner(
      database.db,
      { quoteId, cleanerId: cara, date: jobDate, timeSlot: "09:00" },
      { actor: { type: "staff", id: "staff-1" }, publicUrl },
    );
    expect(staffOffer.ok).toBe(true);
    await drain();
    expect(await offersOf(quoteId)).toMatchObject([
      { cleaner_id: cara, status: "pending", automatic: 0, created_by: "staff-1" },
    ]);

    // "Offer released seats automatically" (on by default): the chain picks the seat up again,
    // and staff still hear that their own offer was declined.
    await decline(cara, staffOffer.assignmentId!);
    await drain();
    expect(await offersOf(quoteId)).toMatchObject([
      { cleaner_id: cara, status: "declined", automatic: 0 },
      { cleaner_id: ana, status: "pending", automatic: 1 },
    ]);
    expect(await emailsOf(database.db, "assignment.declined")).toHaveLength(1);

    // Staff take the seat again: the automatic offer waiting is withdrawn for theirs.
    const again = await assignCleaner(
      database.db,
      { quoteId, cleanerId: ben, date: jobDate, timeSlot: "09:00" },
      { actor: { type: "staff", id: "staff-1" }, publicUrl },
    );
    expect(again.ok).toBe(true);
    await setProfile({ autoOfferReleasedSeats: false });
    await decline(ben, again.assignmentId!);
    await drain();
    expect((await offersOf(quoteId)).map((o) => [o.cleaner_id, o.status])).toEqual([
      [cara, "declined"],
      [ana, "cancelled"],
      [ben, "declined"],
    ]);
  });

  test("a seat waiting on an answer is never offered over by the chain or the board", async () => {
    const { quoteId, bookingId } = await book();
    await drain();
    const offerOpenSeat = (cleanerId: string) =>
      assignCleaner(
        database.db,
        { quoteId, cleanerId, date: jobDate, timeSlot: "09:00" },
        { actor: { type: "staff", id: "staff-1" }, publicUrl, openSeatOnly: true },
      );
    expect(await offerOpenSeat(ben)).toMatchObject({ ok: false, message: ASSIGN_TEXT.crewOffered });
    expect(await offerSeatAutomatically(database.db, { bookingId, seat: 1 }, { publicUrl })).toBe(
      "not-needed",
    );
    expect(await offersOf(quoteId)).toMatchObject([{ cleaner_id: ana, status: "pending" }]);
  });

  test("the assign panel judges free by holds, as the slot picker does", async () => {
    // The first booking holds Ana for its seat before anyone is offered it.
    await book(1);
    const second = await book(2);
    const options = await getAssignOptions(database.db, { quote: second.quoteId });
    const anaOption = options.cleaners.find((cleaner) => cleaner.id === ana)!;
    expect(anaOption).toMatchObject({
      free: false,
      reason: expect.stringMatching(/^On another job 09:00–/),
    });
    // The second booking's own hold does not make its cleaner busy for it.
    const benOption = options.cleaners.find((cleaner) => cleaner.id === ben)!;
    expect(benOption).toMatchObject({ free: true, reason: null });
  });
});
