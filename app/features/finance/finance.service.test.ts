import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { getDashboard } from "~/features/dashboard/dashboard.service.server";
import { addTransaction } from "~/features/dashboard/dashboard.test-data";
import { getFinanceOverview, getTransactionsPage } from "./finance.service.server";
import { parseFinanceQuery } from "./finance.schema";

// Sydney 12:00 on Fri 20 Nov 2026 (AEDT, +11).
const now = new Date("2026-11-20T01:00:00.000Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

describe.each(testDialects)("the finance figures on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("the overview's totals, growth, average booking value, projection and GST follow the one definition", async () => {
    const db = database.db;
    await addTransaction(db, { type: "payment", cents: 220_000, at: daysAgo(1) });
    await addTransaction(db, {
      type: "payment",
      cents: 110_000,
      at: daysAgo(20),
      category: "Commercial",
    });
    await addTransaction(db, {
      type: "payment",
      cents: 999_990,
      at: daysAgo(2),
      status: "pending",
    });
    await addTransaction(db, { type: "payment", cents: 888_880, at: daysAgo(3), status: "failed" });
    await addTransaction(db, { type: "payout", cents: 50_000, at: daysAgo(4) });
    await addTransaction(db, { type: "refund", cents: 10_000, at: daysAgo(5) });
    // The preceding 30 days
    await addTransaction(db, { type: "payment", cents: 110_000, at: daysAgo(40) });
    await addTransaction(db, { type: "payout", cents: 40_000, at: daysAgo(45) });

    const overview = await getFinanceOverview(db, { period: "month", now });
    expect(overview.revenue).toEqual({
      cents: 330_000,
      previousCents: 110_000,
      growth: { kind: "percent", value: 200 },
    });
    expect(overview.expenses).toEqual({
      cents: 60_000,
      previousCents: 40_000,
      growth: { kind: "percent", value: 50 },
    });
    expect(overview.netProfit.cents).toBe(270_000);
    expect(overview.netProfit.growth).toEqual({ kind: "percent", value: 285.7 });
    expect(overview.projectedRevenue.cents).toBe(363_000);
    expect(overview.averageBookingValue.cents).toBe(165_000);
    expect(overview.averageBookingValue.growth).toEqual({ kind: "percent", value: 50 });
    // GST on the payments less GST on the refund: (330,000 - 10,000) / 11.
    expect(overview.gstCollectedCents).toBe(29_091);
    expect(overview.byCategory).toEqual([
      { category: "Residential", revenueCents: 220_000 },
      { category: "Commercial", revenueCents: 110_000 },
    ]);

    // The same numbers as the dashboard's for the same 30 days.
    const dashboard = await getDashboard(db, { periodDays: 30, now });
    expect(dashboard.revenue).toEqual(overview.revenue);
    expect(dashboard.expenses).toEqual(overview.expenses);
    expect(dashboard.netProfit).toEqual(overview.netProfit);
    expect(dashboard.gstCollectedCents).toBe(overview.gstCollectedCents);
  });

  test("the chart's bars are Sydney days for a week and months for a year, and add up to the totals", async () => {
    const db = database.db;
    await addTransaction(db, { type: "payment", cents: 10_000, at: daysAgo(1) });
    await addTransaction(db, { type: "payment", cents: 7_000, at: daysAgo(6.9) });
    await addTransaction(db, { type: "payout", cents: 3_000, at: daysAgo(2) });
    await addTransaction(db, { type: "payment", cents: 50_000, at: daysAgo(200) });

    const week = await getFinanceOverview(db, { period: "week", now });
    expect(week.overTime).toHaveLength(8);
    expect(week.overTime[0]!.key).toBe("2026-11-13");
    expect(week.overTime.at(-1)!.key).toBe("2026-11-20");
    expect(week.overTime.reduce((sum, bar) => sum + bar.revenueCents, 0)).toBe(17_000);
    expect(week.overTime.reduce((sum, bar) => sum + bar.expensesCents, 0)).toBe(3_000);

    const year = await getFinanceOverview(db, { period: "year", now });
    expect(year.overTime).toHaveLength(13);
    expect(year.overTime.at(-1)!.key).toBe("2026-11");
    expect(year.revenue.cents).toBe(67_000);
    expect(year.overTime.reduce((sum, bar) => sum + bar.revenueCents, 0)).toBe(67_000);
  });

  test("transactions page through the filters by keyset, newest first or by amount, without gaps or repeats", async () => {
    const db = database.db;
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      ids.push(
        await addTransaction(db, {
          type: i % 3 === 0 ? "payout" : "payment",
          cents: 1_000 + (i % 5) * 100,
          at: daysAgo(0.1 + i * 0.25),
        }),
      );
    }
    await addTransaction(db, { type: "payment", cents: 1, at: daysAgo(10) }); // outside the week

    const week = parseFinanceQuery(new URLSearchParams("view=transactions&period=week"));
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await getTransactionsPage(db, { ...week, after }, { now, limit: 10 });
      seen.push(...page.transactions.map((t) => t.id));
      if (!page.nextCursor) break;
      after = page.nextCursor;
    }
    expect(seen).toEqual(ids);

    const payouts = await getTransactionsPage(db, { ...week, type: "payout" }, { now, limit: 50 });
    expect(payouts.transactions).toHaveLength(8);
    expect(payouts.transactions.every((t) => t.type === "payout")).toBe(true);

    const byAmount: number[] = [];
    after = undefined;
    for (;;) {
      const page = await getTransactionsPage(
        db,
        { ...week, sort: "amount", dir: "asc", after },
        { now, limit: 7 },
      );
      byAmount.push(...page.transactions.map((t) => t.amountCents));
      if (!page.nextCursor) break;
      after = page.nextCursor;
    }
    expect(byAmount).toHaveLength(23);
    expect(byAmount).toEqual([...byAmount].sort((a, b) => a - b));

    const month = await getTransactionsPage(
      db,
      { ...week, period: "month", sort: "amount", dir: "asc" },
      { now, limit: 1 },
    );
    expect(month.transactions[0]!.amountCents).toBe(1);
  });
});
