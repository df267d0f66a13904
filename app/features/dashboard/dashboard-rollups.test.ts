import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  rebuildDailyRollups,
  recordTransactions,
  setTransactionStatus,
} from "~/features/ledger/ledger.server";
import { newId } from "~/lib/ids";
import { sydneyDate } from "~/lib/sydney-time";
import type { TransactionStatus, TransactionType } from "~/server/database";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { getDashboard, UNCATEGORISED, type Dashboard } from "./dashboard.service.server";
import { addLead, addTransaction } from "./dashboard.test-data";
import { edgePoint, periodRanges, sydneyMonthsBetween } from "./dashboard-time";

// The dashboard reads whole Sydney days from the daily rollups, whole UTC hours from the hourly
// rollups and lead counts, and only the part hours at a period's ends row by row. These tests
// hold it to the plain definition: the same figures summed over every row in JavaScript.

const HOUR_MS = 3_600_000;

type Row = {
  id: string;
  type: TransactionType;
  cents: number;
  at: string;
  status: TransactionStatus;
  category: string | null;
};
type Lead = { id: string; at: string; deleted: boolean; booked: boolean };

/** A small deterministic generator, so a failure can be replayed. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return { next, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]! };
}

function expected(rows: Row[], leads: Lead[], now: Date, periodDays: number) {
  const { start, end, previousStart } = periodRanges(now, periodDays);
  const within = (at: string, from: Date, to: Date) =>
    Date.parse(at) >= from.getTime() && Date.parse(at) < to.getTime();
  const completed = rows.filter((r) => r.status === "completed");
  const sum = (types: TransactionType[], from: Date, to: Date) =>
    completed
      .filter((r) => types.includes(r.type) && within(r.at, from, to))
      .reduce((total, r) => total + r.cents, 0);
  const byCategory = new Map<string, number>();
  for (const r of completed) {
    if (r.type !== "payment" || !within(r.at, start, end)) continue;
    const category = r.category ?? UNCATEGORISED;
    byCategory.set(category, (byCategory.get(category) ?? 0) + r.cents);
  }
  const live = leads.filter((lead) => !lead.deleted && within(lead.at, start, end));
  return {
    revenue: [sum(["payment"], start, end), sum(["payment"], previousStart, start)],
    expenses: [
      sum(["payout", "refund"], start, end),
      sum(["payout", "refund"], previousStart, start),
    ],
    revenueByMonth: sydneyMonthsBetween(start, end).map((month) => ({
      month: month.key,
      revenueCents: completed
        .filter(
          (r) =>
            r.type === "payment" &&
            within(r.at, start, end) &&
            sydneyDate(new Date(r.at)).slice(0, 7) === month.key,
        )
        .reduce((total, r) => total + r.cents, 0),
    })),
    topServices: [...byCategory]
      .map(([category, revenueCents]) => ({ category, revenueCents }))
      .sort((a, b) => b.revenueCents - a.revenueCents || a.category.localeCompare(b.category))
      .slice(0, 3),
    leads: [live.length, live.filter((lead) => lead.booked).length],
  };
}

function actual(dashboard: Dashboard) {
  return {
    revenue: [dashboard.revenue.cents, dashboard.revenue.previousCents],
    expenses: [dashboard.expenses.cents, dashboard.expenses.previousCents],
    revenueByMonth: dashboard.revenueByMonth,
    topServices: dashboard.topServices,
    leads: [dashboard.leads.count, dashboard.leads.booked],
  };
}

test("an edge is read as whole days, whole hours of its own day and at most half an hour of rows", () => {
  const now = Date.parse("2026-11-20T01:00:00.000Z");
  const instants = [
    "2026-11-13T01:07:30.000Z", // 12:07:30 in Sydney: the part hour from its start
    "2026-11-13T01:52:00.000Z", // 12:52: the part hour to its end
    "2026-11-13T05:00:00.000Z", // on the hour: no row read
    "2026-11-12T13:00:00.000Z", // Sydney midnight: whole days only
    "2026-11-12T12:59:59.999Z", // a millisecond before it: the rest of the last hour
    "2026-10-03T17:30:00.000Z", // 03:30 on the 23-hour day
    "2026-04-05T01:45:00.000Z", // 12:45 on the 25-hour day
    "2026-04-05T13:20:00.000Z", // 23:20 on the 25-hour day (the hour 23:00 is 13:00 UTC)
  ].map(Date.parse);
  for (const at of instants) {
    const point = edgePoint(at, now);
    const label = new Date(at).toISOString();
    if (point.part) {
      expect(point.part.to - point.part.from, label).toBeLessThanOrEqual(HOUR_MS / 2);
      expect(point.part.side === "before" ? point.part.to : point.part.from, label).toBe(at);
      expect(point.part.hour, label).toBe(new Date(at).toISOString().slice(0, 13));
    } else {
      expect(at % HOUR_MS, label).toBe(0);
    }
    if (point.hours) {
      const hours =
        (Date.parse(`${point.hours.last}:00:00.000Z`) -
          Date.parse(`${point.hours.first}:00:00.000Z`)) /
          HOUR_MS +
        1;
      expect(hours, label).toBeLessThanOrEqual(13);
    }
  }
  expect(edgePoint(Date.parse("2026-11-12T13:00:00.000Z"), now)).toMatchObject({
    day: "2026-11-13",
    hours: null,
    part: null,
  });
  // A millisecond before midnight: the next day's whole days, less the rest of the last hour.
  expect(edgePoint(Date.parse("2026-11-12T12:59:59.999Z"), now)).toMatchObject({
    day: "2026-11-13",
    hours: null,
    part: { side: "after", hour: "2026-11-12T12" },
  });
  // At or after now, the rest of the hour and of the day, which hold almost nothing.
  expect(edgePoint(now + 60_000, now)).toMatchObject({
    day: "2026-11-20",
    hours: { side: "after", first: "2026-11-20T02", last: "2026-11-20T12" },
    part: { side: "after", hour: "2026-11-20T01" },
  });
});

describe.each(testDialects)("the dashboard's rollups on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("a period that starts and ends in the middle of a Sydney day counts each part of the day once", async () => {
    const db = database.db;
    // Sydney 12:00 on Fri 20 Nov 2026 (AEDT): the 7-day period starts at 12:00 on 13 Nov.
    const now = new Date("2026-11-20T01:00:00.000Z");
    const at = (iso: string, cents: number) =>
      addTransaction(db, { type: "payment", cents, at: iso });
    await at("2026-11-12T13:00:00.000Z", 1); // 00:00 on 13 Nov: the previous period
    await at("2026-11-13T00:59:59.999Z", 10); // 11:59:59 on 13 Nov: the previous period
    await at("2026-11-13T01:00:00.000Z", 100); // 12:00 on 13 Nov: this period
    await at("2026-11-13T12:59:59.999Z", 1_000); // 23:59:59 on 13 Nov: this period
    await at("2026-11-19T13:00:00.000Z", 10_000); // 00:00 on 20 Nov: this period
    await at("2026-11-20T00:59:59.999Z", 100_000); // 11:59:59 today: this period
    await at("2026-11-20T01:00:00.000Z", 1_000_000); // now: not yet
    await at("2026-11-20T12:59:59.999Z", 10_000_000); // tonight: not yet

    const week = await getDashboard(db, { periodDays: 7, now });
    expect(week.revenue.cents).toBe(111_100);
    expect(week.revenue.previousCents).toBe(11);
    expect(week.revenueByMonth).toEqual([{ month: "2026-11", revenueCents: 111_100 }]);
  });

  test("periods that meet the start or end of daylight saving count by Sydney's own days", async () => {
    const db = database.db;
    // Sun 4 Oct 2026 has 23 hours (14:00 UTC on the 3rd to 13:00 UTC on the 4th); Sun 5 Apr
    // has 25 (13:00 UTC on the 4th to 14:00 UTC on the 5th).
    for (const iso of [
      "2026-10-03T13:59:59.999Z",
      "2026-10-03T14:00:00.000Z",
      "2026-10-04T04:59:59.999Z",
      "2026-10-04T05:00:00.000Z",
      "2026-10-04T12:59:59.999Z",
      "2026-10-04T13:00:00.000Z",
      "2026-04-04T12:59:59.999Z",
      "2026-04-04T13:00:00.000Z",
      "2026-04-05T13:59:59.999Z",
      "2026-04-05T14:00:00.000Z",
    ]) {
      await addTransaction(db, { type: "payment", cents: 1_000, at: iso });
    }
    const rows = await db
      .selectFrom("transactions")
      .select(["id", "type", "amount_cents as cents", "created_at as at", "status", "category"])
      .execute();
    for (const now of [
      "2026-10-04T05:00:00.000Z", // 16:00 on the short day
      "2026-10-11T05:00:00.000Z", // a week later: the period starts on the short day
      "2026-04-05T02:30:00.000Z", // 12:30 on the long day
      "2026-04-12T13:30:00.000Z", // a week later, 23:30: the period starts on the long day
      "2026-05-05T14:00:00.000Z", // Sydney midnight: the 30-day period starts on the long day
    ]) {
      for (const periodDays of [7, 30]) {
        const dashboard = await getDashboard(db, { periodDays, now: new Date(now) });
        expect(actual(dashboard), `${now}, ${periodDays} days`).toEqual(
          expected(rows, [], new Date(now), periodDays),
        );
      }
    }
  });

  test("every figure matches a plain sum over the rows, through status changes, deletions and a rebuild", async () => {
    const db = database.db;
    const random = generator(20261122);
    const first = Date.parse("2026-01-15T00:00:00.000Z");
    const span = Date.parse("2026-12-15T00:00:00.000Z") - first;
    const rows: Row[] = [];
    for (let i = 0; i < 160; i++) {
      const type = random.pick(["payment", "payment", "payout", "refund"] as const);
      const row: Omit<Row, "id"> = {
        type,
        cents: 100 + Math.floor(random.next() * 50_000),
        at: new Date(first + Math.floor(random.next() * span)).toISOString(),
        status: random.pick(["completed", "completed", "pending", "failed"] as const),
        category: random.pick(["Residential", "Commercial", "Subscription", null] as const),
      };
      rows.push({ ...row, id: await addTransaction(db, row) });
    }
    const leads: Lead[] = [];
    for (let i = 0; i < 80; i++) {
      const at = new Date(first + Math.floor(random.next() * span)).toISOString();
      const booking =
        random.next() < 0.5
          ? random.pick(["paid", "paid", "completed", "cancelled", "unpaid"] as const)
          : null;
      const deleted = random.next() < 0.1;
      const bookedAt = new Date(Date.parse(at) + 3_600_000).toISOString();
      const id = await addLead(db, { at, deleted, ...(booking ? { bookedAt, booking } : {}) });
      // docs/decisions/0030-conversion-rate.md: only a paid or completed booking converts a lead.
      const booked = booking === "paid" || booking === "completed";
      leads.push({ id, at, deleted, booked });
    }

    const nows = [
      "2026-11-20T01:00:00.000Z",
      "2026-10-04T05:00:00.000Z",
      "2026-04-05T02:30:00.000Z",
      "2026-06-30T14:00:00.000Z",
      "2026-08-31T13:59:59.999Z",
      "2026-03-10T09:41:17.250Z", // mid-hour
      "2026-07-15T03:00:00.000Z", // on the hour
    ];
    const check = async (label: string) => {
      for (const now of nows) {
        for (const periodDays of [7, 30, 90]) {
          const dashboard = await getDashboard(db, { periodDays, now: new Date(now) });
          expect(actual(dashboard), `${label}: ${now}, ${periodDays} days`).toEqual(
            expected(rows, leads, new Date(now), periodDays),
          );
        }
      }
    };
    await check("as recorded");

    // Pending payments complete, completed ones fail; leads are deleted and bookings undone.
    for (const row of rows.filter((_, i) => i % 5 === 0)) {
      const status: TransactionStatus = row.status === "completed" ? "failed" : "completed";
      await setTransactionStatus(db, row.id, status);
      row.status = status;
    }
    for (const lead of leads.filter((_, i) => i % 6 === 0)) {
      lead.deleted = !lead.deleted;
      await db
        .updateTable("quotes")
        .set({ deleted_at: lead.deleted ? lead.at : null })
        .where("id", "=", lead.id)
        .execute();
    }
    for (const lead of leads.filter((lead, i) => lead.booked && i % 4 === 1)) {
      await db
        .updateTable("bookings")
        .set({ status: "cancelled" })
        .where("quote_id", "=", lead.id)
        .execute();
      lead.booked = false;
    }
    // A refund unpays a booking; an unpaid one's payment coming in converts its lead.
    for (const lead of leads.filter((lead, i) => lead.booked && i % 4 === 2)) {
      const refunded = await db
        .updateTable("payments")
        .set({ status: "refunded" })
        .where("quote_id", "=", lead.id)
        .executeTakeFirst();
      if (Number(refunded.numUpdatedRows) > 0) lead.booked = false;
    }
    await check("after changes");

    await rebuildDailyRollups(db);
    await check("after a rebuild");
  });

  test("edges mid-hour, on the hour and on Sydney midnight, with rows dense around them, count every row once", async () => {
    const db = database.db;
    const random = generator(20261123);
    const nows = [
      "2026-11-20T01:07:30.000Z", // 12:07:30 in Sydney: the part hour read from its start
      "2026-11-20T01:52:00.000Z", // 12:52: the part hour read to its end
      "2026-11-20T01:30:00.000Z", // half past: either side is as short
      "2026-11-20T05:00:00.000Z", // on the hour, mid-afternoon
      "2026-11-19T13:00:00.000Z", // Sydney midnight (AEDT); 30 days back too, 60 days back not
      "2026-11-19T12:59:59.999Z", // a millisecond before midnight
      "2026-11-19T14:00:00.001Z", // a millisecond after the hour
      "2026-10-04T02:20:00.000Z", // on the 23-hour day
      "2026-04-05T14:40:00.000Z", // 00:40 the day after the 25-hour day
      "2026-04-12T13:45:00.000Z", // a week later: the period starts in the 25-hour day's last hour
    ];
    const periods = [7, 30];
    // Every edge of every figure: the periods' ends and the Sydney months' starts.
    const edges = new Set<number>();
    for (const now of nows) {
      for (const periodDays of periods) {
        const { start, end, previousStart } = periodRanges(new Date(now), periodDays);
        for (const edge of [previousStart, start, end]) edges.add(edge.getTime());
        for (const month of sydneyMonthsBetween(start, end)) edges.add(month.start.getTime());
      }
    }
    // Rows at and around each edge and its hour's ends, and spread over the day about it.
    const types = ["payment", "payment", "payout", "refund"] as const;
    const categories = ["Residential", "Commercial", null] as const;
    const rows: Row[] = [];
    const add = (ms: number) => {
      rows.push({
        id: newId(),
        type: random.pick(types),
        cents: 100 + Math.floor(random.next() * 50_000),
        at: new Date(ms).toISOString(),
        status: random.pick(["completed", "completed", "completed", "pending"] as const),
        category: random.pick(categories),
      });
    };
    for (const edge of edges) {
      const hourStart = Math.floor(edge / HOUR_MS) * HOUR_MS;
      for (const ms of [edge - 1, edge, edge + 1, hourStart - 1, hourStart, hourStart + HOUR_MS]) {
        add(ms);
        add(ms); // two rows at the same instant
      }
      for (let i = 0; i < 40; i++) add(edge + Math.floor((random.next() - 0.5) * 2 * HOUR_MS));
      for (let i = 0; i < 25; i++) add(edge + Math.floor((random.next() - 0.5) * 52 * HOUR_MS));
    }
    await db.transaction().execute((trx) =>
      recordTransactions(
        trx,
        rows.map((r) => ({
          id: r.id,
          reference_id: `REF-${r.id.slice(0, 6)}`,
          description: `${r.type} ${r.cents}`,
          type: r.type,
          amount_cents: r.cents,
          category: r.category,
          status: r.status,
          payment_id: null,
          payout_id: null,
          created_at: r.at,
        })),
      ),
    );

    const check = async (label: string) => {
      for (const now of nows) {
        for (const periodDays of periods) {
          const dashboard = await getDashboard(db, { periodDays, now: new Date(now) });
          expect(actual(dashboard), `${label}: ${now}, ${periodDays} days`).toEqual(
            expected(rows, [], new Date(now), periodDays),
          );
        }
      }
    };
    await check("as recorded");

    // Some rows change status: some hours' rollups keep keys with nothing left in them.
    for (const row of rows.filter((_, i) => i % 10 === 0)) {
      const status: TransactionStatus = row.status === "completed" ? "failed" : "completed";
      await setTransactionStatus(db, row.id, status);
      row.status = status;
    }
    await check("after changes");
    await rebuildDailyRollups(db);
    await check("after a rebuild");
  });
});
