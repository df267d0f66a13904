import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { bookTestQuote, testQuoteRequest } from "~/features/bookings/bookings.test-data";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import {
  cancelSeries,
  changeFutureVisits,
  pauseSeries,
  rescheduleVisit,
  skipVisit,
} from "./series-changes.service.server";
import { getSeries, startSeriesFromBooking } from "./series.service.server";
import { sweepSeries } from "./series-sweep.service.server";

// docs/decisions/0073-series-occurrences-are-bookings.md: skip or move one visit, change every
// future one, pause, cancel; each visit keeps the 24-hour rule, and holds follow the bookings.

// Tuesday 1 December 2026, 11:00 in Sydney; the series' first visit is Wednesday the 2nd at
// 9:00 AM, inside the customer's 24 hours.
const now = new Date("2026-12-01T00:00:00.000Z");
const ctx = { publicUrl: "https://harbourandgold.test", now };

describe.each(testDialects)("changing a series on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function sweptSeries() {
    const { booking } = await bookTestQuote(
      database.db,
      testQuoteRequest(1),
      {
        date: "2026-12-02",
        timeSlot: "09:00",
        address: "12 Campbell Parade",
        suburb: "Bondi NSW 2026",
      },
      ctx,
    );
    const started = await startSeriesFromBooking(database.db, {
      booking,
      frequency: "weekly",
      now,
    });
    if (!started.ok) throw new Error(started.message);
    await sweepSeries(database.db, ctx);
    const customer = { kind: "customer" as const, customerId: booking.customerId! };
    return {
      seriesId: started.seriesId,
      customer,
      series: (await getSeries(database.db, started.seriesId, now))!,
    };
  }

  async function bookingOf(id: string | null) {
    return database.db
      .selectFrom("bookings")
      .selectAll()
      .where("id", "=", id!)
      .executeTakeFirstOrThrow();
  }

  async function liveHolds(bookingId: string | null) {
    return database.db
      .selectFrom("cleaner_holds")
      .select("cleaner_id")
      .where("booking_id", "=", bookingId!)
      .where("released_at", "is", null)
      .execute();
  }

  test("skipping one visit cancels its booking and releases its crew; the rest stay", async () => {
    const { series, customer } = await sweptSeries();
    const second = series.upcoming[1]!;
    expect(
      await skipVisit(database.db, { occurrenceId: second.occurrenceId, actor: customer }, ctx),
    ).toEqual({ ok: true });

    expect((await bookingOf(second.bookingId)).status).toBe("cancelled");
    expect(await liveHolds(second.bookingId)).toEqual([]);
    const after = (await getSeries(database.db, series.id, now))!;
    expect(after.upcoming.map((v) => v.status)).toEqual([
      "booked",
      "skipped",
      "booked",
      "booked",
      "booked",
      "booked",
      "booked",
      "booked",
    ]);
    // Swept again, the skipped date is not booked again.
    expect((await sweepSeries(database.db, ctx)).booked).toBe(0);
  });

  test("a customer cannot skip a visit inside its 24 hours; staff can", async () => {
    const { series, customer } = await sweptSeries();
    const first = series.upcoming[0]!;
    const refused = await skipVisit(
      database.db,
      { occurrenceId: first.occurrenceId, actor: customer },
      ctx,
    );
    expect(refused).toMatchObject({ ok: false, kind: "conflict" });
    const staff = { kind: "staff" as const, staffUserId: "staff-1" };
    expect(
      await skipVisit(database.db, { occurrenceId: first.occurrenceId, actor: staff }, ctx),
    ).toEqual({ ok: true });
  });

  test("another customer's series reads as missing", async () => {
    const { series } = await sweptSeries();
    const stranger = { kind: "customer" as const, customerId: "someone-else" };
    const refused = await skipVisit(
      database.db,
      { occurrenceId: series.upcoming[2]!.occurrenceId, actor: stranger },
      ctx,
    );
    expect(refused).toMatchObject({ ok: false, kind: "not_found" });
  });

  test("moving one visit moves its booking and its crew, and the sweep books nothing in its place", async () => {
    const { series, customer } = await sweptSeries();
    const third = series.upcoming[2]!;
    const moved = await rescheduleVisit(
      database.db,
      { occurrenceId: third.occurrenceId, date: "2026-12-17", timeSlot: "13:00", actor: customer },
      ctx,
    );
    expect(moved.ok).toBe(true);
    const booking = await bookingOf(third.bookingId);
    expect([booking.scheduled_date, booking.time_slot]).toEqual(["2026-12-17", "13:00"]);
    expect(await liveHolds(third.bookingId)).toHaveLength(1);
    expect((await sweepSeries(database.db, ctx)).booked).toBe(0);
  });

  test("changing all future visits rebooks them on the new day, slot, frequency and address", async () => {
    const { series, customer } = await sweptSeries();
    const oldFuture = series.upcoming.filter((v) => v.occurrenceDate >= "2026-12-10");
    const changed = await changeFutureVisits(
      database.db,
      {
        seriesId: series.id,
        startsOn: "2026-12-10",
        timeSlot: "10:00",
        frequency: "fortnightly",
        address: "3 Bay Street, Bondi NSW 2026",
        actor: customer,
      },
      ctx,
    );
    expect(changed.ok).toBe(true);
    for (const visit of oldFuture) {
      expect((await bookingOf(visit.bookingId)).status).toBe("cancelled");
      expect(await liveHolds(visit.bookingId)).toEqual([]);
    }
    const after = (await getSeries(database.db, series.id, now))!;
    expect(after.wording).toBe("every second Thursday at 10:00 AM");
    // The visits before the change stay; then every second Thursday up to eight weeks ahead.
    expect(after.upcoming.map((v) => [v.date, v.status])).toEqual([
      ["2026-12-02", "booked"],
      ["2026-12-09", "booked"],
      ["2026-12-10", "booked"],
      ["2026-12-24", "booked"],
      ["2027-01-07", "booked"],
      ["2027-01-21", "booked"],
    ]);
    const next = await bookingOf(after.upcoming[2]!.bookingId);
    expect(next).toMatchObject({ time_slot: "10:00", address: "3 Bay Street, Bondi NSW 2026" });
    // Fortnightly: 10% off the $200 quote.
    expect(Number(next.price_cents)).toBe(18000);
  });

  test("a change of all future visits that would touch one inside 24 hours is refused for the customer", async () => {
    const { series, customer } = await sweptSeries();
    const refused = await changeFutureVisits(
      database.db,
      {
        seriesId: series.id,
        startsOn: "2026-12-02",
        timeSlot: "10:00",
        frequency: "weekly",
        address: "3 Bay Street, Bondi",
        actor: customer,
      },
      ctx,
    );
    expect(refused).toMatchObject({
      ok: false,
      kind: "conflict",
      message:
        "Visits can be changed or skipped free of charge up to 24 hours before the clean. Please call us.",
    });
  });

  test("pausing until a date leaves out the visits before it, and the sweep books from that date", async () => {
    const { series, customer } = await sweptSeries();
    const paused = await pauseSeries(
      database.db,
      { seriesId: series.id, until: "2026-12-30", actor: customer },
      ctx,
    );
    // The 2nd is inside its 24 hours and still happens; the 9th, 16th and 23rd are left out.
    expect(paused).toEqual({ ok: true, skipped: 3 });
    const after = (await getSeries(database.db, series.id, now))!;
    expect(after.statusLabel).toBe("Paused until Wednesday, 30 December 2026");
    expect(after.upcoming.slice(0, 5).map((v) => v.status)).toEqual([
      "booked",
      "skipped",
      "skipped",
      "skipped",
      "booked",
    ]);
    // When the date comes the series is active again and books on.
    const thatDay = new Date("2026-12-30T00:00:00.000Z");
    const counts = await sweepSeries(database.db, { ...ctx, now: thatDay });
    // Eight weeks from the 30th: 27 January to 24 February (the 30th itself was booked already).
    expect(counts.booked).toBe(5);
    expect((await getSeries(database.db, series.id, thatDay))!.status).toBe("active");
  });

  test("cancelling the series cancels every visit still changeable and books no more", async () => {
    const { series, customer } = await sweptSeries();
    expect(await cancelSeries(database.db, { seriesId: series.id, actor: customer }, ctx)).toEqual({
      ok: true,
      cancelled: 7,
    });
    const after = (await getSeries(database.db, series.id, now))!;
    expect(after.statusLabel).toBe("Cancelled");
    expect((await bookingOf(after.upcoming[0]!.bookingId)).status).toBe("confirmed");
    for (const visit of after.upcoming.slice(1)) {
      expect((await bookingOf(visit.bookingId)).status).toBe("cancelled");
    }
    const weekLater = new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000);
    expect((await sweepSeries(database.db, { ...ctx, now: weekLater })).booked).toBe(0);
  });
});
