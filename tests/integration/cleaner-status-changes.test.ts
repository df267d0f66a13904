import { Migrator } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { statusChangeRow } from "~/features/dashboard/dashboard.test-data";
import { migrations } from "~/server/migrations";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/test-database";

// Migration 2026_12_04_1200: the dashboard reads cleaners' status changes as typed rows that a
// trigger keeps from the audit log. Entries written before the migration are copied, entries
// written after are added as they are written, and details that do not read as a change between
// two known statuses are left out without failing the audit entry's write.

const BEFORE = "2026_12_04_1100_suburb_name_index";

describe.each(testDialects)("cleaners' typed status changes on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const entry = (id: string, details: string, at: string) => ({
    ...statusChangeRow(id, { from: "offline", to: "available", at }),
    details,
  });

  test("entries before and after the migration are read alike; unreadable ones are left out", async () => {
    const { db } = database;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    });
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const written = (suffix: string) => [
      entry(`app-${suffix}`, '{"from":"offline","to":"available"}', "2026-11-01T00:00:00.000Z"),
      entry(
        `hand-${suffix}`,
        '{ "to": "busy",\n  "from": "available" }',
        "2026-11-02T00:00:00.000Z",
      ),
      entry(`text-${suffix}`, "not json", "2026-11-03T00:00:00.000Z"),
      entry(`odd-${suffix}`, '{"from":"offline","to":"on holiday"}', "2026-11-04T00:00:00.000Z"),
      entry(`list-${suffix}`, '["offline","available"]', "2026-11-05T00:00:00.000Z"),
      {
        ...entry(
          `other-${suffix}`,
          '{"from":"offline","to":"available"}',
          "2026-11-06T00:00:00.000Z",
        ),
        action: "cleaner.updated",
      },
    ];
    await db.insertInto("audit_log").values(written("before")).execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await db.insertInto("audit_log").values(written("after")).execute();

    const changes = await db
      .selectFrom("cleaner_status_changes")
      .select(["cleaner_id", "changed_at", "from_status", "to_status"])
      .orderBy("cleaner_id")
      .execute();
    const read = (suffix: string) => [
      {
        cleaner_id: `app-${suffix}`,
        changed_at: "2026-11-01T00:00:00.000Z",
        from_status: "offline",
        to_status: "available",
      },
      {
        cleaner_id: `hand-${suffix}`,
        changed_at: "2026-11-02T00:00:00.000Z",
        from_status: "available",
        to_status: "busy",
      },
    ];
    expect(changes).toEqual(
      [...read("after"), ...read("before")].sort((a, b) =>
        a.cleaner_id.localeCompare(b.cleaner_id),
      ),
    );
    // Every entry is kept in the audit log, readable or not.
    const entries = await db
      .selectFrom("audit_log")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(entries.n)).toBe(12);
  });
});
