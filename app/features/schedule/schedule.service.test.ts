import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createBooking } from "~/features/bookings/bookings.service.server";
import { ensureTestCrewFree, insertTestOffer } from "~/features/bookings/bookings.test-data";
import { cancelBookingAsStaff } from "~/features/bookings/staff-booking-actions.service.server";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { confirmTestPayment } from "~/features/payments/payments.service.server";
import type { QuoteRequestInput } from "~/features/quote/quote.schema";
import { createQuote } from "~/features/quote/quote.service.server";
import type { AssignmentStatus } from "~/server/database";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { readScheduleQuery, scheduleDays, stepDate, WEEK_JOBS_PER_SLOT } from "./schedule";
import { getSchedule } from "./schedule.service.server";

// /admin/schedule: a day or a week of bookings by slot, each job's cleaner or none,
// its payment, and how many jobs each slot has.

// 2026-12-01 11:00 in Sydney: Wednesday 2 December is bookable.
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

function quoteRequest(n: number): QuoteRequestInput {
  return {
    serviceType: "residential",
    spaceDetails: { type: "apartment", bedrooms: 2, bathrooms: 1, address: "Bondi NSW 2026" },
    cleaningLevel: "deep",
    preferences: { timePreference: "morning" },
    conditions: { dirtLevel: "normal" },
    images: [],
    photosWaived: true,
    leadInfo: { name: `Client ${n}`, email: `client${n}@example.com`, phone: "0412 345 678" },
  };
}

describe("the schedule's address", () => {
  test("view and date fall back to the week of today; a week runs Monday to Sunday", () => {
    expect(readScheduleQuery(new URLSearchParams(""), "2026-12-02")).toEqual({
      view: "week",
      date: "2026-12-02",
    });
    expect(
      readScheduleQuery(new URLSearchParams("view=day&date=2026-02-30"), "2026-12-02"),
    ).toEqual({ view: "day", date: "2026-12-02" });
    expect(readScheduleQuery(new URLSearchParams("view=month&date=2026-12-09"), "x")).toEqual({
      view: "week",
      date: "2026-12-09",
    });
    expect(scheduleDays("week", "2026-12-02")).toEqual([
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
      "2026-12-06",
    ]);
    expect(stepDate("week", "2026-12-02", 1)).toBe("2026-12-07");
    expect(stepDate("day", "2026-12-02", -1)).toBe("2026-12-01");
  });
});

describe.each(testDialects)("the schedule on %s", (dialect) => {
  let database: TestDatabase;
  let counter = 0;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function book(date: string, timeSlot: string, suburb = "Bondi NSW 2026") {
    counter += 1;
    const quote = await createQuote(database.db, quoteRequest(counter), ctx);
    if (!quote.ok) throw new Error(quote.message);
    await ensureTestCrewFree(database.db, { date, timeSlot }, quote.quote, now);
    const booked = await createBooking(
      database.db,
      { quoteReference: quote.quote.reference, date, timeSlot, address: "1 Main St", suburb },
      ctx,
    );
    if (!booked.ok) throw new Error(booked.message);
    return { ...booked.booking, quoteId: quote.quote.id };
  }

  async function offer(quoteId: string, cleanerName: string, status: AssignmentStatus) {
    const [cleanerId] = await insertCleaners(database.db, [{ name: cleanerName }]);
    await insertTestOffer(database.db, {
      job: { quoteId, date: "2026-12-02", timeSlot: "09:00" },
      cleanerId: cleanerId!,
      at: now.toISOString(),
      status,
      deadline: "2026-12-01T12:00:00.000Z",
      previousQuoteStatus: "pending",
    });
  }

  test("a week shows each job by slot with its cleaner or none, its payment, and its count", async () => {
    const first = await book("2026-12-02", "09:00", "Bondi NSW 2026");
    const second = await book("2026-12-02", "09:00", "Coogee NSW 2034");
    await book("2026-12-02", "09:00", "Manly NSW 2095");
    const afternoon = await book("2026-12-02", "13:00");
    const saturday = await book("2026-12-05", "11:00");
    await book("2026-12-07", "08:00"); // the next week
    const cancelled = await book("2026-12-03", "10:00");
    await cancelBookingAsStaff(
      database.db,
      { bookingId: cancelled.id, staffUserId: "staff-1", refund: false },
      ctx,
    );
    await offer(first.quoteId, "Mei Lin Chen", "accepted");
    await offer(second.quoteId, "Sam Taylor", "pending");
    await offer(afternoon.quoteId, "Declined Dan", "declined");
    const paid = await confirmTestPayment(
      database.db,
      { reference: first.reference, token: "tok_visa", actor: { type: "visitor", id: null } },
      ctx,
    );
    expect(paid.kind).toBe("paid");

    const week = await getSchedule(database.db, { view: "week", date: "2026-12-04", now });
    expect(week.days.map((d) => d.date)).toEqual(scheduleDays("week", "2026-12-04"));
    const wednesday = week.days[2]!;
    const nine = wednesday.slots.find((s) => s.slot === "09:00")!;
    expect(nine).toMatchObject({ booked: 3 });
    const bySuburb = [...nine.jobs].sort((a, b) => a.suburb.localeCompare(b.suburb));
    expect(bySuburb.map((j) => [j.suburb, j.cleaner, j.cleanerPending, j.payment])).toEqual([
      ["Bondi", "Mei Lin Chen", false, "paid"],
      ["Coogee", "Sam Taylor", true, "none"],
      ["Manly", null, false, "none"],
    ]);
    expect(bySuburb[0]).toMatchObject({ service: "Residential", quoteId: first.quoteId });
    expect(bySuburb[0]!.hours).toBeGreaterThan(0);

    const one = wednesday.slots.find((s) => s.slot === "13:00")!;
    expect(one).toMatchObject({ booked: 1 });
    expect(one.jobs[0]!.cleaner).toBeNull(); // a declined offer leaves it unassigned
    expect(week.days[3]!.jobs).toBe(0); // Thursday's only booking was cancelled
    expect(week.days[5]!.slots.find((s) => s.slot === "11:00")!.jobs[0]!.reference).toBe(
      saturday.reference,
    );
    expect(week.days.reduce((sum, d) => sum + d.jobs, 0)).toBe(5);

    const day = await getSchedule(database.db, { view: "day", date: "2026-12-07", now });
    expect(day.days).toHaveLength(1);
    expect(day.days[0]!.jobs).toBe(1);
  });

  test("a week's slot lists its first jobs and counts the rest; the day lists every job", async () => {
    const booked = [];
    for (let n = 0; n < WEEK_JOBS_PER_SLOT + 2; n += 1)
      booked.push(await book("2026-12-02", "09:00"));
    await book("2026-12-02", "13:00");

    const week = await getSchedule(database.db, { view: "week", date: "2026-12-02", now });
    const nine = week.days[2]!.slots.find((s) => s.slot === "09:00")!;
    expect(nine.booked).toBe(WEEK_JOBS_PER_SLOT + 2);
    expect(nine.more).toBe(2);
    expect(week.days[2]!.slots.find((s) => s.slot === "13:00")).toMatchObject({
      booked: 1,
      more: 0,
    });
    expect(week.days[2]!.jobs).toBe(WEEK_JOBS_PER_SLOT + 3);

    const day = await getSchedule(database.db, { view: "day", date: "2026-12-02", now });
    const dayNine = day.days[0]!.slots.find((s) => s.slot === "09:00")!;
    expect(dayNine).toMatchObject({ booked: WEEK_JOBS_PER_SLOT + 2, more: 0 });
    const dayOrder = dayNine.jobs.map((j) => j.reference);
    expect([...dayOrder].sort()).toEqual(booked.map((b) => b.reference).sort());
    // Booking order (all were booked at the test's one instant, so by id): the week lists the
    // day's first jobs.
    expect(nine.jobs.map((j) => j.reference)).toEqual(dayOrder.slice(0, WEEK_JOBS_PER_SLOT));
  });

  test("a regular clean's visit shows its own check-ins, not another visit's of the same quote", async () => {
    const first = await book("2026-12-02", "09:00");
    // The next week's visit of the same quote, as the series books it.
    const row = await database.db
      .selectFrom("bookings")
      .selectAll()
      .where("id", "=", first.id)
      .executeTakeFirstOrThrow();
    const nextId = `${first.id}-next`;
    await database.db
      .insertInto("bookings")
      .values({ ...row, id: nextId, reference: `${row.reference}N`, scheduled_date: "2026-12-09" })
      .execute();
    const [cleanerId] = await insertCleaners(database.db, [{ name: "Gabriel Santos" }]);
    await insertTestOffer(database.db, {
      job: { id: first.id, quoteId: first.quoteId, date: "2026-12-02", timeSlot: "09:00" },
      cleanerId: cleanerId!,
      at: now.toISOString(),
      status: "accepted",
    });

    const thisWeek = await getSchedule(database.db, { view: "week", date: "2026-12-02", now });
    const visited = thisWeek.days[2]!.slots.find((s) => s.slot === "09:00")!.jobs[0]!;
    expect(visited).toMatchObject({ cleaner: "Gabriel Santos", staffed: true });
    expect(visited.seats).toHaveLength(1);
    const nextWeek = await getSchedule(database.db, { view: "day", date: "2026-12-09", now });
    const next = nextWeek.days[0]!.slots.find((s) => s.slot === "09:00")!.jobs[0]!;
    // Offers are per quote, so the cleaner carries over; the first visit's seat line does not.
    expect(next).toMatchObject({ bookingId: nextId, cleaner: "Gabriel Santos", seats: [] });
  });
});
