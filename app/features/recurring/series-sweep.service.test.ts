import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { bookTestQuote, testQuoteRequest } from "~/features/bookings/bookings.test-data";
import { queuedEmails } from "../../../tests/helpers/outbox";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { findQuoteToBookByQuoteId } from "~/features/quote/quote-lifecycle.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import { findSeriesById } from "./recurring.repository.server";
import { cancelSeries, changeFutureVisits, pauseSeries } from "./series-changes.service.server";
import { listCustomerSeries, startSeriesFromBooking } from "./series.service.server";
import { SWEEP_WEEKS_AHEAD, sweepRead, sweepSeries } from "./series-sweep.service.server";

// docs/decisions/0073-series-occurrences-are-bookings.md: one rule drives the visits; the sweep
// books them ahead as real bookings with their crews, once each.

// Tuesday 1 December 2026, 11:00 in Sydney.
const now = new Date("2026-12-01T00:00:00.000Z");
const ctx = { publicUrl: "https://harbourandgold.test", now };
const WEEKLY_WEDNESDAYS = [
  "2026-12-09",
  "2026-12-16",
  "2026-12-23",
  "2026-12-30",
  "2027-01-06",
  "2027-01-13",
  "2027-01-20",
];

describe.each(testDialects)("the series sweep on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function weeklySeries(n = 1) {
    const { booking } = await bookTestQuote(
      database.db,
      testQuoteRequest(n),
      {
        date: "2026-12-02",
        timeSlot: "09:00",
        address: "12 Campbell Parade",
        suburb: "Bondi NSW 2026",
      },
      ctx,
    );
    const started = await startSeriesFromBooking(database.db, {
      booking: { ...booking, id: booking.id },
      frequency: "weekly",
      now,
    });
    if (!started.ok) throw new Error(started.message);
    return { booking, seriesId: started.seriesId };
  }

  async function seriesBookings(seriesId: string) {
    return database.db
      .selectFrom("series_occurrences as o")
      .innerJoin("bookings as b", "b.id", "o.booking_id")
      .select([
        "o.occurrence_date",
        "o.status",
        "b.scheduled_date",
        "b.status as booking_status",
        "b.id",
        "b.price_cents",
      ])
      .where("o.series_id", "=", seriesId)
      .orderBy("o.occurrence_date")
      .execute();
  }

  test("books the visits of the next eight weeks, each with the cleaner of the first visit held", async () => {
    const { booking, seriesId } = await weeklySeries();
    const counts = await sweepSeries(database.db, ctx);
    expect(counts).toMatchObject({ series: 1, booked: 7, unstaffed: 0 });

    const visits = await seriesBookings(seriesId);
    expect(visits.map((v) => v.occurrence_date)).toEqual(["2026-12-02", ...WEEKLY_WEDNESDAYS]);
    expect(visits.every((v) => v.booking_status === "confirmed")).toBe(true);
    // The weekly discount (15%) off the $200 quote: $170 a visit.
    expect(visits.slice(1).every((v) => Number(v.price_cents) === 17000)).toBe(true);

    const first = await database.db
      .selectFrom("cleaner_holds")
      .select("cleaner_id")
      .where("booking_id", "=", booking.id)
      .executeTakeFirstOrThrow();
    const held = await database.db
      .selectFrom("cleaner_holds")
      .select(["booking_id", "cleaner_id"])
      .where(
        "booking_id",
        "in",
        visits.slice(1).map((v) => v.id),
      )
      .where("released_at", "is", null)
      .execute();
    expect(held).toHaveLength(7);
    expect(new Set(held.map((h) => h.cleaner_id))).toEqual(new Set([first.cleaner_id]));
  });

  test("run twice, or by two sweeps at once, books each visit once", async () => {
    const { seriesId } = await weeklySeries();
    const [a, b] = await Promise.all([
      sweepSeries(database.db, ctx),
      sweepSeries(database.db, ctx),
    ]);
    expect(a.booked + b.booked).toBe(7);
    const again = await sweepSeries(database.db, ctx);
    expect(again.booked).toBe(0);
    const bookings = await database.db
      .selectFrom("bookings")
      .select("id")
      .where("status", "=", "confirmed")
      .execute();
    expect(bookings).toHaveLength(8);
    expect(await seriesBookings(seriesId)).toHaveLength(8);
  });

  test("a week later books the one new week, and nothing again", async () => {
    await weeklySeries();
    await sweepSeries(database.db, ctx);
    const weekLater = new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000);
    const counts = await sweepSeries(database.db, { ...ctx, now: weekLater });
    expect(counts.booked).toBe(1);
  });

  test("a visit no cleaner is free for is still booked, and staff are told", async () => {
    const { seriesId } = await weeklySeries();
    // Every cleaner takes the 16th off.
    const cleaners = await database.db.selectFrom("cleaners").select("id").execute();
    for (const cleaner of cleaners) {
      await database.db
        .insertInto("cleaner_time_off")
        .values({
          id: `off-${cleaner.id}`,
          cleaner_id: cleaner.id,
          starts_on: "2026-12-16",
          ends_on: "2026-12-16",
          created_by: null,
          created_at: now.toISOString(),
        })
        .execute();
    }
    const counts = await sweepSeries(database.db, ctx);
    expect(counts).toMatchObject({ booked: 7, unstaffed: 1 });
    const visits = await seriesBookings(seriesId);
    expect(visits.find((v) => v.occurrence_date === "2026-12-16")?.status).toBe("unstaffed");
    const alert = (await queuedEmails(database.db)).find((e) => e.topic === "series.unstaffed");
    expect(alert?.subject).toBe(
      "Regular visit needs a crew: Client 1, Wednesday, 16 December 2026 at 9:00 AM",
    );
  });

  test("the customer's series reads as the product writes it", async () => {
    const { booking } = await weeklySeries();
    await sweepSeries(database.db, ctx);
    const [series] = await listCustomerSeries(database.db, booking.customerId!, now);
    expect(series).toMatchObject({
      wording: "every Wednesday at 9:00 AM",
      statusLabel: "Active",
      rule: "FREQ=WEEKLY;INTERVAL=1;BYDAY=WE",
      visitPriceCents: 17000,
    });
    expect(series!.upcoming).toHaveLength(8);
  });

  // A sweep reads its series, then books date after date; a pause, cancel or change can commit in
  // between. The sweep as it stood before the change is replayed after it: what it would have
  // booked from its stale read is what a race books.
  async function sweepAsReadNow(...seriesIds: string[]) {
    const business = await getBusinessProfile(database.db);
    const today = sydneyDate(now);
    const horizon = addDays(today, 7 * SWEEP_WEEKS_AHEAD);
    const inputs: Parameters<typeof sweepRead>[1][number][] = [];
    for (const seriesId of seriesIds) {
      const series = (await findSeriesById(database.db, seriesId))!;
      const quote = (await findQuoteToBookByQuoteId(database.db, series.quote_id))!;
      inputs.push({ series, quote, business, today, horizon, now, publicUrl: ctx.publicUrl });
    }
    return async () => {
      const counts = { series: inputs.length, booked: 0, skipped: 0, unstaffed: 0 };
      await sweepRead(database.db, inputs, counts);
      return counts;
    };
  }

  /** The dates of the series' visits that will happen (every booking not cancelled). */
  async function liveVisitDates(seriesId: string) {
    const series = (await findSeriesById(database.db, seriesId))!;
    const rows = await database.db
      .selectFrom("bookings")
      .select("scheduled_date")
      .where("quote_id", "=", series.quote_id)
      .where("status", "!=", "cancelled")
      .orderBy("scheduled_date")
      .execute();
    return rows.map((row) => row.scheduled_date);
  }

  async function customerOf(seriesId: string) {
    const series = (await findSeriesById(database.db, seriesId))!;
    return { kind: "customer" as const, customerId: series.customer_id };
  }

  test("a pause that commits while a sweep runs: the sweep books no visit inside the pause", async () => {
    const { seriesId } = await weeklySeries();
    const sweep = await sweepAsReadNow(seriesId);
    const actor = await customerOf(seriesId);
    expect((await pauseSeries(database.db, { seriesId, until: "2026-12-30", actor }, ctx)).ok).toBe(
      true,
    );

    expect((await sweep()).booked).toBe(0);
    // The first visit is inside the customer's 24 hours, so it still happens.
    expect(await liveVisitDates(seriesId)).toEqual(["2026-12-02"]);
    // The next sweep reads the pause: the dates inside it skipped, the visits from its end booked.
    expect(await sweepSeries(database.db, ctx)).toMatchObject({ booked: 4, skipped: 3 });
    expect(await liveVisitDates(seriesId)).toEqual(["2026-12-02", ...WEEKLY_WEDNESDAYS.slice(3)]);
  });

  test("a cancel that commits while a sweep runs: the sweep books no visit after it", async () => {
    const { seriesId } = await weeklySeries();
    const sweep = await sweepAsReadNow(seriesId);
    const actor = await customerOf(seriesId);
    expect((await cancelSeries(database.db, { seriesId, actor }, ctx)).ok).toBe(true);

    expect((await sweep()).booked).toBe(0);
    expect(await liveVisitDates(seriesId)).toEqual(["2026-12-02"]);
    expect((await sweepSeries(database.db, ctx)).booked).toBe(0);
  });

  test("a cancel while a sweep runs stops that series alone: the others of its dates still book", async () => {
    const first = await weeklySeries(1);
    const second = await weeklySeries(2);
    // Both series book the same Wednesdays, so each date's visits share a transaction.
    const sweep = await sweepAsReadNow(first.seriesId, second.seriesId);
    const actor = await customerOf(first.seriesId);
    expect((await cancelSeries(database.db, { seriesId: first.seriesId, actor }, ctx)).ok).toBe(
      true,
    );

    expect((await sweep()).booked).toBe(WEEKLY_WEDNESDAYS.length);
    expect(await liveVisitDates(first.seriesId)).toEqual(["2026-12-02"]);
    expect(await liveVisitDates(second.seriesId)).toEqual(["2026-12-02", ...WEEKLY_WEDNESDAYS]);
    const marks = await database.db
      .selectFrom("recurring_series")
      .select(["id", "booked_through"])
      .where("id", "in", [first.seriesId, second.seriesId])
      .execute();
    const markOf = new Map(marks.map((row) => [row.id, row.booked_through]));
    expect(markOf.get(second.seriesId)).toBe(addDays(sydneyDate(now), 7 * SWEEP_WEEKS_AHEAD));
    expect(markOf.get(first.seriesId)).not.toBe(markOf.get(second.seriesId));
  });

  test("a new weekday that commits while a sweep runs: the sweep books none of the old days", async () => {
    const { seriesId } = await weeklySeries();
    const sweep = await sweepAsReadNow(seriesId);
    const changed = await changeFutureVisits(
      database.db,
      {
        seriesId,
        startsOn: "2026-12-10",
        timeSlot: "09:00",
        frequency: "weekly",
        address: "12 Campbell Parade",
        actor: await customerOf(seriesId),
      },
      ctx,
    );
    expect(changed.ok).toBe(true);

    expect((await sweep()).booked).toBe(0);
    // The first visit, then Thursdays only.
    const thursdays = WEEKLY_WEDNESDAYS.map((date) => addDays(date, 1));
    expect(await liveVisitDates(seriesId)).toEqual(["2026-12-02", ...thursdays]);
  });
});
