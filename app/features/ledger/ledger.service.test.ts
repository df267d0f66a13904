import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { newId } from "~/lib/ids";
import type { Database, TransactionStatus, TransactionType } from "~/server/database";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import {
  rebuildDailyRollups,
  recordTransaction,
  recordTransactions,
  setTransactionStatus,
  sydneyDateOf,
  type NewTransaction,
} from "./ledger.server";

function row(
  at: string,
  cents: number,
  {
    type = "payment",
    status = "completed",
    category = "Residential",
  }: { type?: TransactionType; status?: TransactionStatus; category?: string | null } = {},
): NewTransaction {
  const id = newId();
  return {
    id,
    reference_id: `REF-${id.slice(0, 6)}`,
    description: `${type} ${cents}`,
    type,
    amount_cents: cents,
    category,
    status,
    payment_id: null,
    payout_id: null,
    created_at: at,
  };
}

test("a ledger row's Sydney date follows Sydney's clock, daylight saving included (docs/decisions/0009-sydney-time-and-money.md)", () => {
  // AEDT (+11): 13:30 UTC on 31 Oct is 00:30 on 1 Nov in Sydney.
  expect(sydneyDateOf("2026-10-31T13:30:00.000Z")).toBe("2026-11-01");
  expect(sydneyDateOf("2026-10-31T12:59:59.999Z")).toBe("2026-10-31");
  // AEST (+10) in winter: midnight is 14:00 UTC.
  expect(sydneyDateOf("2026-06-30T13:59:59.999Z")).toBe("2026-06-30");
  expect(sydneyDateOf("2026-06-30T14:00:00.000Z")).toBe("2026-07-01");
  // Sunday 4 Oct 2026 has 23 hours (clocks go forward): it ends at 13:00 UTC, not 14:00.
  expect(sydneyDateOf("2026-10-03T14:00:00.000Z")).toBe("2026-10-04");
  expect(sydneyDateOf("2026-10-04T12:59:59.999Z")).toBe("2026-10-04");
  expect(sydneyDateOf("2026-10-04T13:00:00.000Z")).toBe("2026-10-05");
  // Sunday 5 Apr 2026 has 25 hours (clocks go back): it starts at 13:00 UTC and ends at 14:00.
  expect(sydneyDateOf("2026-04-04T13:00:00.000Z")).toBe("2026-04-05");
  expect(sydneyDateOf("2026-04-05T13:59:59.999Z")).toBe("2026-04-05");
  expect(sydneyDateOf("2026-04-05T14:00:00.000Z")).toBe("2026-04-06");
});

describe.each(testDialects)("the ledger on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  /** The non-empty rows of a rollup table in key order, with the counters as numbers. */
  const readRollups = async <T extends "daily_rollups" | "hourly_rollups">(
    table: T,
    key: Extract<keyof Database[T], "sydney_date" | "utc_hour">,
  ) => {
    const { rows } = await sql<Database[T]>`
      select * from ${sql.table(table)} where completed_count <> 0
      order by ${sql.ref(key)}, type, category`.execute(database.db);
    return rows.map((r) => ({
      ...r,
      amount_cents: Number(r.amount_cents),
      completed_count: Number(r.completed_count),
    }));
  };

  test("recording completed rows adds them to their Sydney day's rollup; others are left out", async () => {
    const { db } = database;
    await db.transaction().execute(async (trx) => {
      await recordTransaction(trx, row("2026-10-31T13:30:00.000Z", 1_000));
      await recordTransaction(trx, row("2026-10-31T20:00:00.000Z", 2_500));
      await recordTransaction(trx, row("2026-10-31T12:30:00.000Z", 4_000));
      await recordTransaction(trx, row("2026-10-31T21:00:00.000Z", 9_999, { status: "pending" }));
      await recordTransaction(trx, row("2026-10-31T21:00:00.000Z", 8_888, { status: "failed" }));
      await recordTransaction(
        trx,
        row("2026-10-31T22:00:00.000Z", 700, { type: "payout", category: null }),
      );
    });
    expect(await readRollups("daily_rollups", "sydney_date")).toEqual([
      {
        sydney_date: "2026-10-31",
        type: "payment",
        category: "Residential",
        amount_cents: 4_000,
        completed_count: 1,
      },
      {
        sydney_date: "2026-11-01",
        type: "payment",
        category: "Residential",
        amount_cents: 3_500,
        completed_count: 2,
      },
      {
        sydney_date: "2026-11-01",
        type: "payout",
        category: "",
        amount_cents: 700,
        completed_count: 1,
      },
    ]);
    // The same rows by UTC hour: the first 13 characters of created_at.
    expect(await readRollups("hourly_rollups", "utc_hour")).toEqual([
      {
        utc_hour: "2026-10-31T12",
        type: "payment",
        category: "Residential",
        amount_cents: 4_000,
        completed_count: 1,
      },
      {
        utc_hour: "2026-10-31T13",
        type: "payment",
        category: "Residential",
        amount_cents: 1_000,
        completed_count: 1,
      },
      {
        utc_hour: "2026-10-31T20",
        type: "payment",
        category: "Residential",
        amount_cents: 2_500,
        completed_count: 1,
      },
      {
        utc_hour: "2026-10-31T22",
        type: "payout",
        category: "",
        amount_cents: 700,
        completed_count: 1,
      },
    ]);
    const stored = await db
      .selectFrom("transactions")
      .select(["created_at", "sydney_date"])
      .orderBy("created_at")
      .execute();
    expect(stored[0]).toEqual({
      created_at: "2026-10-31T12:30:00.000Z",
      sydney_date: "2026-10-31",
    });
    expect(stored[1]).toEqual({
      created_at: "2026-10-31T13:30:00.000Z",
      sydney_date: "2026-11-01",
    });
  });

  test("a pending payment that completes joins the rollup, and leaves it when it fails or is refunded back to pending", async () => {
    const { db } = database;
    const pending = row("2026-11-02T01:00:00.000Z", 5_000, { status: "pending" });
    await recordTransaction(db, row("2026-11-02T02:00:00.000Z", 1_000));
    await recordTransaction(db, pending);
    const revenueOfDay = async () => {
      const day = (await readRollups("daily_rollups", "sydney_date")).find(
        (r) => r.sydney_date === "2026-11-02" && r.type === "payment",
      );
      // Both rows fall in one UTC hour's rollup too, always agreeing with the day's.
      const hour = (await readRollups("hourly_rollups", "utc_hour")).filter(
        (r) => r.utc_hour.startsWith("2026-11-02T0") && r.type === "payment",
      );
      expect(hour.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(day?.amount_cents ?? 0);
      return day;
    };

    expect(await revenueOfDay()).toMatchObject({ amount_cents: 1_000, completed_count: 1 });
    expect(await setTransactionStatus(db, pending.id, "completed")).toBe(true);
    expect(await revenueOfDay()).toMatchObject({ amount_cents: 6_000, completed_count: 2 });
    // Completing it again changes nothing.
    expect(await setTransactionStatus(db, pending.id, "completed")).toBe(true);
    expect(await revenueOfDay()).toMatchObject({ amount_cents: 6_000, completed_count: 2 });
    expect(await setTransactionStatus(db, pending.id, "failed")).toBe(true);
    expect(await revenueOfDay()).toMatchObject({ amount_cents: 1_000, completed_count: 1 });
    await setTransactionStatus(db, pending.id, "pending");
    expect(await revenueOfDay()).toMatchObject({ amount_cents: 1_000, completed_count: 1 });
    await setTransactionStatus(db, pending.id, "completed");
    expect(await revenueOfDay()).toMatchObject({ amount_cents: 6_000, completed_count: 2 });

    expect(await setTransactionStatus(db, "no-such-row", "completed")).toBe(false);
  });

  test("a status change rolled back with its transaction leaves the rollup as it was", async () => {
    const { db } = database;
    const pending = row("2026-11-03T01:00:00.000Z", 5_000, { status: "pending" });
    await recordTransaction(db, pending);
    await expect(
      db.transaction().execute(async (trx) => {
        await setTransactionStatus(trx, pending.id, "completed");
        throw new Error("the payment provider said no after all");
      }),
    ).rejects.toThrow();
    expect(await readRollups("daily_rollups", "sydney_date")).toEqual([]);
    expect(await readRollups("hourly_rollups", "utc_hour")).toEqual([]);
  });

  test("a ledger row's time must be ISO-8601 UTC as toISOString writes it, so its hour is its first 13 characters", async () => {
    const { db } = database;
    for (const at of [
      "2026-11-02T01:00:00Z",
      "2026-11-02T12:00:00.000+11:00",
      "2026-11-02 01:00:00",
    ]) {
      await expect(recordTransaction(db, row(at, 1_000)), at).rejects.toThrow(/ISO-8601 UTC/);
    }
    expect(await db.selectFrom("transactions").select("id").execute()).toEqual([]);
    expect(await readRollups("hourly_rollups", "utc_hour")).toEqual([]);
  });

  test("rebuilding the daily and hourly rollups from the ledger gives what the incremental updates gave", async () => {
    const { db } = database;
    const types: TransactionType[] = ["payment", "payout", "refund"];
    const statuses: TransactionStatus[] = ["completed", "completed", "pending", "failed"];
    const categories = ["Residential", "Commercial", null, "Subscription"];
    // Three weeks around the end of daylight saving, a row every 97 minutes.
    const rows = Array.from({ length: 300 }, (_, i) =>
      row(
        new Date(Date.parse("2026-03-25T00:00:00.000Z") + i * 97 * 60_000).toISOString(),
        1_000 + ((i * 7919) % 50_000),
        {
          type: types[i % 3]!,
          status: statuses[(i * 5) % 4]!,
          category: categories[i % 4]!,
        },
      ),
    );
    await db.transaction().execute((trx) => recordTransactions(trx, rows));
    for (const [i, r] of rows.entries()) {
      if (i % 7 === 0) await setTransactionStatus(db, r.id, "completed");
      if (i % 11 === 0) await setTransactionStatus(db, r.id, "failed");
    }
    const incremental = await readRollups("daily_rollups", "sydney_date");
    expect(incremental.length).toBeGreaterThan(20);
    const incrementalHours = await readRollups("hourly_rollups", "utc_hour");
    expect(incrementalHours.length).toBeGreaterThan(100);
    const total = (list: { amount_cents: number }[]) =>
      list.reduce((sum, r) => sum + r.amount_cents, 0);
    expect(total(incrementalHours)).toBe(total(incremental));

    await rebuildDailyRollups(db);
    expect(await readRollups("daily_rollups", "sydney_date")).toEqual(incremental);
    expect(await readRollups("hourly_rollups", "utc_hour")).toEqual(incrementalHours);
  });
});
