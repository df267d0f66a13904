import { Migrator } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { migrations } from "~/server/migrations";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { getDashboard } from "./dashboard.service.server";
import { periodRanges } from "./dashboard-time";
import { readLeadFigures } from "./team-and-lead-figures.server";
import {
  addCleaner,
  addLead,
  addStatusChange,
  addTransaction,
  statusChangeRow,
} from "./dashboard.test-data";

// Sydney 12:00 on Fri 20 Nov 2026 (AEDT, +11). The 30-day period starts 2026-10-21T01:00Z and
// the previous one 2026-09-21T01:00Z.
const now = new Date("2026-11-20T01:00:00.000Z");
const inPeriod = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString();

describe.each(testDialects)("the dashboard on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("revenue is completed payments, expenses completed payouts and refunds, profit the difference (docs/decisions/0021-one-definition-of-money-figures.md)", async () => {
    const db = database.db;
    await addTransaction(db, { type: "payment", cents: 10_000, at: inPeriod(1) });
    await addTransaction(db, {
      type: "payment",
      cents: 5_000,
      at: inPeriod(29),
      category: "Commercial",
    });
    await addTransaction(db, {
      type: "payment",
      cents: 99_999,
      at: inPeriod(2),
      status: "pending",
    });
    await addTransaction(db, { type: "payment", cents: 88_888, at: inPeriod(3), status: "failed" });
    await addTransaction(db, { type: "payout", cents: 3_000, at: inPeriod(4) });
    await addTransaction(db, { type: "payout", cents: 7_777, at: inPeriod(4), status: "failed" });
    await addTransaction(db, { type: "refund", cents: 1_000, at: inPeriod(5) });
    // Outside both periods, and after now
    await addTransaction(db, { type: "payment", cents: 50_000, at: inPeriod(61) });
    await addTransaction(db, { type: "payment", cents: 50_000, at: inPeriod(-1) });

    const dashboard = await getDashboard(db, { periodDays: 30, now });
    expect(dashboard.revenue.cents).toBe(15_000);
    expect(dashboard.expenses.cents).toBe(4_000);
    expect(dashboard.netProfit.cents).toBe(11_000);
    expect(dashboard.hasData).toBe(true);
  });

  test("growth compares with the preceding period of the same length: 1,000 to 1,500 is +50%", async () => {
    const db = database.db;
    await addTransaction(db, { type: "payment", cents: 150_000, at: inPeriod(3) });
    await addTransaction(db, { type: "payment", cents: 100_000, at: inPeriod(33) });
    await addTransaction(db, { type: "payout", cents: 20_000, at: inPeriod(3) });
    await addTransaction(db, { type: "payout", cents: 40_000, at: inPeriod(40) });

    const dashboard = await getDashboard(db, { periodDays: 30, now });
    expect(dashboard.revenue).toEqual({
      cents: 150_000,
      previousCents: 100_000,
      growth: { kind: "percent", value: 50 },
    });
    expect(dashboard.expenses.growth).toEqual({ kind: "percent", value: -50 });
    expect(dashboard.netProfit).toEqual({
      cents: 130_000,
      previousCents: 60_000,
      growth: { kind: "percent", value: 116.7 },
    });

    // In the 7-day view, day 3 is current and days 33 and 40 belong to neither period.
    const week = await getDashboard(db, { periodDays: 7, now });
    expect(week.revenue.previousCents).toBe(0);
    expect(week.revenue.growth).toEqual({ kind: "new" });
  });

  test("a previous value of 0 is 'new' against something and no change against nothing", async () => {
    const db = database.db;
    await addTransaction(db, { type: "payment", cents: 2_500, at: inPeriod(1) });
    const dashboard = await getDashboard(db, { periodDays: 30, now });
    expect(dashboard.revenue.growth).toEqual({ kind: "new" });
    expect(dashboard.expenses.growth).toEqual({ kind: "none" });
  });

  test("a money change on a base near zero has no percentage (docs/decisions/0044-figures-by-permission.md)", async () => {
    const db = database.db;
    // The previous 30 days: $1,012 in, $1,000 out, a $12 profit; now $846.23 of profit.
    await addTransaction(db, { type: "payment", cents: 101_200, at: inPeriod(40) });
    await addTransaction(db, { type: "payout", cents: 100_000, at: inPeriod(40) });
    await addTransaction(db, { type: "payment", cents: 184_623, at: inPeriod(2) });
    await addTransaction(db, { type: "payout", cents: 100_000, at: inPeriod(2) });

    const dashboard = await getDashboard(db, { periodDays: 30, now });
    // Not "+6,951.9%": the base is under $100.
    expect(dashboard.netProfit).toEqual({
      cents: 84_623,
      previousCents: 1_200,
      growth: { kind: "not-comparable" },
    });
    expect(dashboard.revenue.growth).toEqual({ kind: "percent", value: 82.4 });
    expect(dashboard.expenses.growth).toEqual({ kind: "percent", value: 0 });
  });

  test("a change beyond 1,000% either way has no percentage, even on a base over $100", async () => {
    const db = database.db;
    await addTransaction(db, { type: "payment", cents: 20_000, at: inPeriod(40) });
    await addTransaction(db, { type: "payment", cents: 2_500_000, at: inPeriod(2) });
    await addTransaction(db, { type: "payout", cents: 10_000, at: inPeriod(40) });
    await addTransaction(db, { type: "payout", cents: 100_000, at: inPeriod(2) });

    const dashboard = await getDashboard(db, { periodDays: 30, now });
    expect(dashboard.revenue.growth).toEqual({ kind: "not-comparable" });
    // $100 to $1,000 is +900%: within the bound, so it is shown.
    expect(dashboard.expenses.growth).toEqual({ kind: "percent", value: 900 });
  });

  test("GST collected is GST on the period's payments less GST on its refunds", async () => {
    const db = database.db;
    // $16,475 of payments: $1,497.73 of GST.
    await addTransaction(db, { type: "payment", cents: 1_000_000, at: inPeriod(3) });
    await addTransaction(db, { type: "payment", cents: 647_500, at: inPeriod(4) });
    expect((await getDashboard(db, { periodDays: 30, now })).gstCollectedCents).toBe(149_773);

    // Two $200 refunds give back $36.36 of it; a payout carries no GST of ours.
    await addTransaction(db, { type: "refund", cents: 20_000, at: inPeriod(2) });
    await addTransaction(db, { type: "refund", cents: 20_000, at: inPeriod(1) });
    await addTransaction(db, { type: "payout", cents: 30_000, at: inPeriod(1) });
    // A refund outside the period is the other period's.
    await addTransaction(db, { type: "refund", cents: 20_000, at: inPeriod(45) });
    expect((await getDashboard(db, { periodDays: 30, now })).gstCollectedCents).toBe(146_136);
  });

  test("conversion is the share of the period's leads that have a booking", async () => {
    const db = database.db;
    await addLead(db, { at: inPeriod(2), bookedAt: inPeriod(1) });
    await addLead(db, { at: inPeriod(3) });
    await addLead(db, { at: inPeriod(4) });
    await addLead(db, { at: inPeriod(5) });
    await addLead(db, { at: inPeriod(6), deleted: true, bookedAt: inPeriod(5) });
    // An older lead booked during the period is not one of the period's leads.
    await addLead(db, { at: inPeriod(45), bookedAt: inPeriod(2) });

    const dashboard = await getDashboard(db, { periodDays: 30, now });
    expect(dashboard.leads).toEqual({ count: 4, booked: 1, conversionRate: 25 });
    expect(dashboard.hasData).toBe(true);
  });

  test("a lead converts with a paid or completed booking, not a cancelled or unpaid one", async () => {
    const db = database.db;
    const paid = await addLead(db, { at: inPeriod(2), bookedAt: inPeriod(1), booking: "paid" });
    await addLead(db, { at: inPeriod(3), bookedAt: inPeriod(2), booking: "completed" });
    await addLead(db, { at: inPeriod(4), bookedAt: inPeriod(3), booking: "cancelled" });
    await addLead(db, { at: inPeriod(5), bookedAt: inPeriod(4), booking: "unpaid" });
    // Mid-period ends are read row by row: the same definition applies there.
    const midHour = new Date(now.getTime() + 30 * 60_000);
    const recent = new Date(now.getTime() + 10 * 60_000).toISOString();
    await addLead(db, { at: recent, bookedAt: recent, booking: "unpaid" });
    await addLead(db, { at: recent, bookedAt: recent, booking: "completed" });

    expect((await getDashboard(db, { periodDays: 30, now: midHour })).leads).toEqual({
      count: 6,
      booked: 3,
      conversionRate: 50,
    });

    // The paid booking is cancelled later: its lead no longer counts.
    await db
      .updateTable("bookings")
      .set({ status: "cancelled" })
      .where("quote_id", "=", paid)
      .execute();
    expect((await getDashboard(db, { periodDays: 30, now: midHour })).leads).toEqual({
      count: 6,
      booked: 2,
      conversionRate: 33.3,
    });
  });

  test("top services are the three categories with the most revenue in the period", async () => {
    const db = database.db;
    await addTransaction(db, {
      type: "payment",
      cents: 4_000,
      at: inPeriod(1),
      category: "Residential",
    });
    await addTransaction(db, {
      type: "payment",
      cents: 3_000,
      at: inPeriod(2),
      category: "Residential",
    });
    await addTransaction(db, {
      type: "payment",
      cents: 9_000,
      at: inPeriod(3),
      category: "Commercial",
    });
    await addTransaction(db, {
      type: "payment",
      cents: 2_000,
      at: inPeriod(4),
      category: "Subscription",
    });
    await addTransaction(db, {
      type: "payment",
      cents: 1_000,
      at: inPeriod(5),
      category: "Post-construction",
    });
    // Before the period, and not a payment: neither counts.
    await addTransaction(db, {
      type: "payment",
      cents: 90_000,
      at: inPeriod(40),
      category: "Post-construction",
    });
    await addTransaction(db, {
      type: "refund",
      cents: 90_000,
      at: inPeriod(2),
      category: "Subscription",
    });

    const dashboard = await getDashboard(db, { periodDays: 30, now });
    expect(dashboard.topServices).toEqual([
      { category: "Commercial", revenueCents: 9_000 },
      { category: "Residential", revenueCents: 7_000 },
      { category: "Subscription", revenueCents: 2_000 },
    ]);
  });

  test("recent activity is the latest five transactions of the period, newest first", async () => {
    const db = database.db;
    const ids: string[] = [];
    for (let day = 1; day <= 7; day++) {
      ids.push(
        await addTransaction(db, {
          type: day % 2 ? "payment" : "payout",
          cents: day * 100,
          at: inPeriod(day),
        }),
      );
    }
    const dashboard = await getDashboard(db, { periodDays: 30, now });
    expect(dashboard.recentActivity.map((row) => row.id)).toEqual(ids.slice(0, 5));
    expect(dashboard.recentActivity[0]).toMatchObject({
      type: "payment",
      amountCents: 100,
      status: "completed",
    });
  });

  test("revenue by month covers the period's Sydney months, not UTC's", async () => {
    const db = database.db;
    // 31 Oct 13:30 UTC is 1 Nov 00:30 in Sydney (AEDT): November's.
    await addTransaction(db, { type: "payment", cents: 1_000, at: "2026-10-31T13:30:00.000Z" });
    // 31 Oct 12:30 UTC is 31 Oct 23:30 in Sydney: October's.
    await addTransaction(db, { type: "payment", cents: 2_000, at: "2026-10-31T12:30:00.000Z" });
    // Before the 30-day period: no bar.
    await addTransaction(db, { type: "payment", cents: 4_000, at: "2026-06-15T00:00:00.000Z" });

    const dashboard = await getDashboard(db, { periodDays: 30, now });
    expect(dashboard.revenueByMonth).toEqual([
      { month: "2026-10", revenueCents: 2_000 },
      { month: "2026-11", revenueCents: 1_000 },
    ]);
    const week = await getDashboard(db, { periodDays: 7, now });
    expect(week.revenueByMonth).toEqual([{ month: "2026-11", revenueCents: 0 }]);
  });

  test("active cleaners at the period's start come from their status history", async () => {
    const db = database.db;
    const longAgo = "2026-01-01T00:00:00.000Z";
    // Available all along, no history: counted then and now.
    await addCleaner(db, { status: "available", rating: 4.8, createdAt: longAgo });
    // Offline when the period began, made available during it.
    const back = await addCleaner(db, { status: "available", rating: 4.2, createdAt: longAgo });
    await addStatusChange(db, back, { from: "offline", to: "available", at: inPeriod(10) });
    // Available when the period began, offline since.
    const left = await addCleaner(db, { status: "offline", rating: 5, createdAt: longAgo });
    await addStatusChange(db, left, { from: "available", to: "offline", at: inPeriod(10) });
    // Joined during the period.
    await addCleaner(db, { status: "available", rating: 4.5, createdAt: inPeriod(3) });
    // Busy since before the period.
    const busy = await addCleaner(db, { status: "busy", rating: 3, createdAt: longAgo });
    await addStatusChange(db, busy, { from: "available", to: "busy", at: inPeriod(50) });
    // Suspended, then available again before the period, then busy during it.
    const twice = await addCleaner(db, { status: "busy", createdAt: longAgo });
    await addStatusChange(db, twice, { from: "available", to: "suspended", at: inPeriod(60) });
    await addStatusChange(db, twice, { from: "suspended", to: "available", at: inPeriod(40) });
    await addStatusChange(db, twice, { from: "available", to: "busy", at: inPeriod(5) });

    const dashboard = await getDashboard(db, { periodDays: 30, now });
    expect(dashboard.activeCleaners).toEqual({
      count: 3,
      // The first, `left` (until day 10) and `twice` (since day 40).
      countAtStart: 3,
      growth: { kind: "percent", value: 0 },
      averageRating: 4.5,
    });

    const week = await getDashboard(db, { periodDays: 7, now });
    // At the week's start (day 7): the first, `back` (since day 10) and `twice` (until day 5);
    // the newcomer joined on day 3.
    expect(week.activeCleaners.countAtStart).toBe(3);
    expect(week.activeCleaners.growth).toEqual({ kind: "percent", value: 0 });
  });

  test("the average rating leaves out available cleaners not rated yet, who start at 0", async () => {
    const db = database.db;
    const longAgo = "2026-01-01T00:00:00.000Z";
    for (const rating of [4, 4.5, 5, 4.2, 4.8]) {
      await addCleaner(db, { status: "available", rating, createdAt: longAgo });
    }
    await addCleaner(db, { status: "available", createdAt: inPeriod(1) });
    const dashboard = await getDashboard(db, { periodDays: 30, now });
    expect(dashboard.activeCleaners).toMatchObject({ count: 6, averageRating: 4.5 });
  });

  test("with no rated cleaner available there is no average, not 0 stars", async () => {
    await addCleaner(database.db, { status: "available", createdAt: inPeriod(1) });
    const dashboard = await getDashboard(database.db, { periodDays: 30, now });
    expect(dashboard.activeCleaners).toMatchObject({ count: 1, averageRating: null });
  });

  test("a status change whose stored details do not fit is passed over, not a failed page", async () => {
    const db = database.db;
    const longAgo = "2026-01-01T00:00:00.000Z";
    // Offline when the period began; the entry that says so is unreadable, so the change after
    // it and then today's status decide.
    const back = await addCleaner(db, { status: "available", createdAt: longAgo });
    const broken = statusChangeRow(back, { from: "available", to: "offline", at: inPeriod(50) });
    await db
      .insertInto("audit_log")
      .values([
        { ...broken, details: "not json" },
        {
          ...statusChangeRow(back, { from: "offline", to: "busy", at: inPeriod(45) }),
          details: JSON.stringify({ from: "offline", to: "on holiday" }),
        },
      ])
      .execute();
    await addStatusChange(db, back, { from: "offline", to: "available", at: inPeriod(10) });

    const dashboard = await getDashboard(db, { periodDays: 30, now });
    expect(dashboard.activeCleaners).toMatchObject({ count: 1, countAtStart: 0 });
  });

  test("a status change stored in another JSON layout is read as written", async () => {
    const db = database.db;
    // Made available before the period (details laid out by hand), offline during it.
    const left = await addCleaner(db, { status: "offline", createdAt: "2026-01-01T00:00:00.000Z" });
    await db
      .insertInto("audit_log")
      .values({
        ...statusChangeRow(left, { from: "offline", to: "available", at: inPeriod(50) }),
        details: '{ "to": "available",\n  "from": "offline" }',
      })
      .execute();
    await addStatusChange(db, left, { from: "available", to: "offline", at: inPeriod(10) });

    const dashboard = await getDashboard(db, { periodDays: 30, now });
    expect(dashboard.activeCleaners).toMatchObject({ count: 0, countAtStart: 1 });
  });

  test("an empty period has no data, zero figures and nothing to compare", async () => {
    await addTransaction(database.db, { type: "payment", cents: 10_000, at: inPeriod(100) });
    const dashboard = await getDashboard(database.db, { periodDays: 7, now });
    expect(dashboard.hasData).toBe(false);
    expect(dashboard.revenue).toEqual({ cents: 0, previousCents: 0, growth: { kind: "none" } });
    expect(dashboard.netProfit.growth).toEqual({ kind: "none" });
    expect(dashboard.leads).toEqual({ count: 0, booked: 0, conversionRate: null });
    expect(dashboard.topServices).toEqual([]);
    expect(dashboard.recentActivity).toEqual([]);
    expect(dashboard.activeCleaners).toMatchObject({ count: 0, averageRating: null });
  });
});

describe.each(testDialects)("the conversion migration on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("leads already stored are recounted by the new definition, and back on rollback", async () => {
    const db = database.db;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    });
    const names = Object.keys(migrations);
    const before = names[names.indexOf("2026_11_25_1140_lead_conversion") - 1]!;
    // The lead figures alone: the rest of the dashboard reads tables of later migrations.
    const { start, end } = periodRanges(now, 30);
    const leadFigures = () => readLeadFigures(db, start.getTime(), end.getTime(), end.getTime());
    expect((await migrator.migrateTo(before)).error).toBeUndefined();
    // Before it: any booking counted, so an unpaid and a cancelled one did too.
    await addLead(db, { at: inPeriod(2), bookedAt: inPeriod(1), booking: "paid" });
    await addLead(db, { at: inPeriod(3), bookedAt: inPeriod(2), booking: "unpaid" });
    await addLead(db, { at: inPeriod(4), bookedAt: inPeriod(3), booking: "cancelled" });
    expect((await leadFigures()).booked).toBe(3);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect((await getDashboard(db, { periodDays: 30, now })).leads).toEqual({
      count: 3,
      booked: 1,
      conversionRate: 33.3,
    });
    expect((await migrator.migrateTo(before)).error).toBeUndefined();
    expect((await leadFigures()).booked).toBe(3);
  });
});
