import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { getDashboard } from "~/features/dashboard/dashboard.service.server";
import { addCleaner } from "~/features/dashboard/dashboard.test-data";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { CLEANER_STATUS_CHANGED } from "./cleaner-status";
import { changeCleanerStatus } from "./cleaner-status.server";

const staff = { type: "staff", id: "staff-1" } as const;

describe.each(testDialects)("cleaner status changes on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const history = (cleanerId: string) =>
    database.db
      .selectFrom("audit_log")
      .select(["actor_type", "actor_id", "action", "subject_type", "details", "created_at"])
      .where("subject_id", "=", cleanerId)
      .orderBy("created_at")
      .execute();

  test("a change updates the cleaner and writes one audit entry {from, to} with it", async () => {
    const { db } = database;
    const id = await addCleaner(db, {
      status: "available",
      createdAt: "2026-01-01T00:00:00.000Z",
    });
    const at = new Date("2026-11-02T03:00:00.000Z");
    const change = await db
      .transaction()
      .execute((trx) =>
        changeCleanerStatus(trx, { cleanerId: id, to: "offline", actor: staff, at }),
      );
    expect(change).toEqual({ from: "available", to: "offline" });

    const cleaner = await db
      .selectFrom("cleaners")
      .select(["status", "updated_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(cleaner).toEqual({ status: "offline", updated_at: at.toISOString() });
    expect(await history(id)).toEqual([
      {
        actor_type: "staff",
        actor_id: "staff-1",
        action: CLEANER_STATUS_CHANGED,
        subject_type: "cleaner",
        details: JSON.stringify({ from: "available", to: "offline" }),
        created_at: at.toISOString(),
      },
    ]);
  });

  test("setting the status a cleaner already has writes nothing", async () => {
    const { db } = database;
    const id = await addCleaner(db, { status: "busy", createdAt: "2026-01-01T00:00:00.000Z" });
    const change = await changeCleanerStatus(db, {
      cleanerId: id,
      to: "busy",
      actor: staff,
      at: new Date("2026-11-02T03:00:00.000Z"),
    });
    expect(change).toBeNull();
    expect(await history(id)).toEqual([]);
  });

  test("a change rolled back with its transaction leaves neither the status nor an entry", async () => {
    const { db } = database;
    const id = await addCleaner(db, { status: "available", createdAt: "2026-01-01T00:00:00.000Z" });
    await expect(
      db.transaction().execute(async (trx) => {
        await changeCleanerStatus(trx, {
          cleanerId: id,
          to: "suspended",
          actor: staff,
          at: new Date("2026-11-02T03:00:00.000Z"),
        });
        throw new Error("the suspension letter failed to send");
      }),
    ).rejects.toThrow();
    const cleaner = await db
      .selectFrom("cleaners")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(cleaner.status).toBe("available");
    expect(await history(id)).toEqual([]);
  });

  test("an unknown cleaner is an error", async () => {
    await expect(
      changeCleanerStatus(database.db, {
        cleanerId: "missing",
        to: "available",
        actor: staff,
        at: new Date(),
      }),
    ).rejects.toThrow(/No cleaner/);
  });

  test("the dashboard's active cleaners at a period's start follow the recorded changes", async () => {
    const { db } = database;
    const now = new Date("2026-11-20T01:00:00.000Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const longAgo = "2026-01-01T00:00:00.000Z";
    const steady = await addCleaner(db, { status: "available", createdAt: longAgo });
    const back = await addCleaner(db, { status: "offline", createdAt: longAgo });
    const left = await addCleaner(db, { status: "available", createdAt: longAgo });
    const change = (cleanerId: string, to: "available" | "offline" | "busy", days: number) =>
      changeCleanerStatus(db, { cleanerId, to, actor: staff, at: daysAgo(days) });
    await change(back, "available", 10); // back from a break during the period
    await change(left, "busy", 40); // busy since before the period
    await change(steady, "offline", 60); // away and back, all before the period
    await change(steady, "available", 45);

    const dashboard = await getDashboard(db, { periodDays: 30, now });
    // At the start (30 days ago) only `steady` was available; now `steady` and `back` are.
    expect(dashboard.activeCleaners).toMatchObject({
      count: 2,
      countAtStart: 1,
      growth: { kind: "percent", value: 100 },
    });
  });
});
