import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/test-database";

// Migration 2026_12_04_1000 (docs/decisions/0101-the-sweep-books-a-dates-visits-together.md):
// PostgreSQL planned every statement of the count-keeping functions afresh on every write, about
// 2 ms of a booking's insert. Each function that runs statements keeps one generic plan per
// connection; a function added later without it would quietly bring the cost back.

// Functions that run no statement of their own, so there is no plan to keep.
const WITHOUT_STATEMENTS = ["cleaners_roster_stamp"];

describe.each(testDialects.filter((dialect) => dialect === "postgres"))(
  "the count-keeping functions on %s",
  (dialect) => {
    let database: TestDatabase;
    beforeEach(async () => {
      database = await createTestDatabase(dialect);
    });
    afterEach(async () => {
      await database.destroy();
    });

    test("every one plans its statements once per connection", async () => {
      const { rows } = await sql<{ name: string; config: string[] | null }>`
        select p.proname as name, p.proconfig as config
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        join pg_language l on l.oid = p.prolang
        where n.nspname = current_schema() and l.lanname = 'plpgsql'
        order by p.proname`.execute(database.db);
      expect(rows.map((row) => row.name)).toContain("booking_counts_recompute");
      const replanning = rows
        .filter((row) => !WITHOUT_STATEMENTS.includes(row.name))
        .filter((row) => !(row.config ?? []).includes("plan_cache_mode=force_generic_plan"))
        .map((row) => row.name);
      expect(replanning).toEqual([]);
    });
  },
);
