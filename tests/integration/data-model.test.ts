import { Migrator, type Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Database } from "~/server/database";
import { migrations } from "~/server/migrations";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/test-database";
import { fixtures } from "./data-model.fixtures";

// Every business table, inserted with every column set and read back unchanged, on each
// dialect: proves the migration, the Database interface and both drivers agree on every type.

async function insertFixtures(db: Kysely<Database>) {
  const rows = fixtures();
  for (const [table, row] of Object.entries(rows)) {
    await db
      .insertInto(table as keyof Database)
      .values(row as never)
      .execute();
  }
  return rows;
}

// Columns a trigger draws whatever was written: the roster's change marker
// (docs/decisions/0097-the-sweep-reuses-the-roster.md), a random whole number below 2^40.
const DRAWN_BY_THE_DATABASE: Record<string, string[]> = { cleaners: ["roster_stamp"] };

function withoutColumns(row: object, columns: string[]) {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !columns.includes(key)));
}

describe.each(testDialects)("business data model on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("every table reads back every column exactly as written", async () => {
    const rows = await insertFixtures(database.db);
    for (const [table, row] of Object.entries(rows)) {
      const back = await database.db
        .selectFrom(table as keyof Database)
        .selectAll()
        .execute();
      const drawn = DRAWN_BY_THE_DATABASE[table] ?? [];
      for (const column of drawn) {
        const value = Number((back[0] as Record<string, unknown> | undefined)?.[column]);
        expect(Number.isInteger(value) && value >= 0 && value < 2 ** 40, `${table}.${column}`).toBe(
          true,
        );
      }
      expect(
        back.map((read) => withoutColumns(read, drawn)),
        table,
      ).toEqual([withoutColumns(row, drawn)]);
    }
  });

  test("references, stored money and text ids are checked by the database", async () => {
    await insertFixtures(database.db);
    const { db } = database;
    const { bookings, quotes, payments } = fixtures();

    // A booking must belong to an existing quote.
    await expect(
      db
        .insertInto("bookings")
        .values({ ...bookings, id: "booking-2", reference: "HG-OTHER", quote_id: "missing" })
        .execute(),
    ).rejects.toThrow();
    // References are unique: a guessed or repeated one never opens someone else's quote.
    await expect(
      db
        .insertInto("quotes")
        .values({ ...quotes, id: "quote-2" })
        .execute(),
    ).rejects.toThrow();
    // One provider reference is one payment; payments without one are many.
    await expect(
      db
        .insertInto("payments")
        .values({ ...payments, id: "payment-2" })
        .execute(),
    ).rejects.toThrow();
    for (const id of ["payment-3", "payment-4"]) {
      await db
        .insertInto("payments")
        .values({ ...payments, id, provider_reference: null, status: "pending" })
        .execute();
    }
  });

  test("a review's rating stays between 1 and 5", async () => {
    await insertFixtures(database.db);
    const { reviews } = fixtures();
    for (const rating of [0, 6]) {
      await expect(
        database.db
          .insertInto("reviews")
          .values({ ...reviews, id: `review-${rating}`, rating })
          .execute(),
      ).rejects.toThrow();
    }
  });

  test("a placed image is an upload or a link, never both or neither", async () => {
    await insertFixtures(database.db);
    const { background_images: slide, room_images: room } = fixtures();
    await expect(
      database.db
        .insertInto("background_images")
        .values({ ...slide, id: "slide-2", url: "https://images.unsplash.com/photo-2" })
        .execute(),
    ).rejects.toThrow();
    await expect(
      database.db
        .insertInto("room_images")
        .values({ ...room, id: "room-2", room: "bathrooms", url: null })
        .execute(),
    ).rejects.toThrow();
    // Each room card exists once.
    await expect(
      database.db
        .insertInto("room_images")
        .values({ ...room, id: "room-3" })
        .execute(),
    ).rejects.toThrow();
  });

  test("a suburb is listed once per postcode", async () => {
    await insertFixtures(database.db);
    const { suburbs } = fixtures();
    await expect(
      database.db
        .insertInto("suburbs")
        .values({ ...suburbs, id: "suburb-2" })
        .execute(),
    ).rejects.toThrow();
    await database.db
      .insertInto("suburbs")
      .values({ ...suburbs, id: "suburb-3", postcode: "2025" })
      .execute();
  });

  test("the business migration creates exactly the tables above, and rolls back cleanly", async () => {
    // Each test has a database of its own, so no other test's schemas come and go under it.
    await migrateDownAndUp(database);
  });
});

/**
 * Business tables with fixtures that later migrations add (2026_11_22_1500: the rollups;
 * 2026_11_26_0921: time off; 2026_11_27_0840: application notes and documents; 2026_11_28_0900: cleaner holds;
 * 2026_11_29_1200: a job visit's checklist, problems and photos; 2026_11_29_1300: cleaner calendar
 * feeds; 2026_11_29_1400: recurring series and their occurrences; 2026_11_29_1500: reminders, SMS
 * choices and quote follow-ups; 2026_11_29_1600: tips and their shares; 2026_11_29_1700:
 * timesheets and pay runs).
 */
const LATER_TABLES = [
  "daily_rollups",
  "hourly_rollups",
  "cleaner_time_off",
  "application_notes",
  "application_documents",
  "cleaner_holds",
  "cleaner_calendar_feeds",
  "timesheet_lines",
  "pay_runs",
  "pay_run_lines",
  "booking_reminders",
  "sms_preferences",
  "quote_follow_ups",
  "quote_follow_up_stops",
  "recurring_series",
  "series_occurrences",
  "tips",
  "tip_shares",
  "job_checklist_items",
  "job_problems",
  "job_photos",
];

async function migrateDownAndUp(database: TestDatabase) {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  // On PostgreSQL the introspection lists every schema; only this test's own counts.
  const tables = async () =>
    (await database.db.introspection.getTables())
      .filter((t) => !database.schema || t.schema === database.schema)
      .map((t) => t.name)
      .sort();
  const latest = await tables();

  const down = await migrator.migrateTo("2026_11_22_0905_platform");
  expect(down.error).toBeUndefined();
  const before = await tables();
  expect(before).toContain("customers");

  const up = await migrator.migrateTo("2026_11_22_0910_business_data");
  expect(up.error).toBeUndefined();
  const created = (await tables()).filter((name) => !before.includes(name));
  const covered = Object.keys(fixtures()).filter(
    (name) => before.includes(name) === false && !LATER_TABLES.includes(name),
  );
  expect(created).toEqual(covered.sort());

  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await tables()).toEqual(latest);
  await insertFixtures(database.db);
}
