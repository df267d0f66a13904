import { Migrator } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { cleanerRow } from "~/features/cleaners/cleaner.test-data";
import { migrations } from "~/server/migrations";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/test-database";

// docs/decisions/0042-who-is-free-for-a-job.md: checks recorded before police checks had an
// expiry get three years from their date, so the cleaners already working keep working.

const BEFORE = "2026_11_25_1410_lead_actions";

describe.each(testDialects)("the police check expiry backfill on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("a recorded check expires three years after its date; no check or a bad one, none", async () => {
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrations },
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    });
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const answers = {
      checked: { has_police_check: true, police_check_date: "2025-06-30" },
      leap: { has_police_check: true, police_check_date: "2024-02-29" },
      unchecked: { has_police_check: false, police_check_date: null },
      garbled: { has_police_check: true, police_check_date: "30/06/2025" },
    };
    const rows = Object.entries(answers).map(([id, metadata]) => {
      const { police_check_expires_on: _new, ...row } = cleanerRow({
        id,
        additional_metadata: JSON.stringify(metadata),
      });
      return row;
    });
    rows.push({ ...rows[0]!, id: "unanswered", email: "x@example.com", additional_metadata: null });
    await database.db.insertInto("cleaners").values(rows).execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const stored = await database.db
      .selectFrom("cleaners")
      .select(["id", "police_check_expires_on"])
      .orderBy("id")
      .execute();
    expect(stored).toEqual([
      { id: "checked", police_check_expires_on: "2028-06-30" },
      { id: "garbled", police_check_expires_on: null },
      { id: "leap", police_check_expires_on: "2027-02-28" },
      { id: "unanswered", police_check_expires_on: null },
      { id: "unchecked", police_check_expires_on: null },
    ]);
  });
});
