import { Migrator } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openDayFrom } from "~/features/bookings/bookings.test-data";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { acceptedJob, addCrewMate } from "~/features/job-visits/job-visits.test-data";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import { migrations } from "~/server/migrations";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/test-database";

// docs/decisions/0087-job-photos-and-on-my-way-texts.md: a job whose crew was already on the
// way when the claim column came keeps its earliest accepted seat's time, so no crew mate
// setting off after the upgrade texts the customer a second time.

const BEFORE = "2026_12_01_1300_margin_rollups";
const today = new Date();
const jobDate = openDayFrom(addDays(sydneyDate(today), 3));

describe.each(testDialects)("the crew's set-off backfill on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("a job on the way takes its earliest accepted seat's time; a job not yet, none", async () => {
    const { db } = database;
    const [mei, tom, ana] = (await insertCleaners(db, [
      { name: "Mei Lin Chen", status: "available" },
      { name: "Tom Fraser", status: "available" },
      { name: "Ana Silva", status: "available" },
    ])) as [string, string, string];
    const place = { date: jobDate, timeSlot: "09:00", now: today };
    const onTheWay = await acceptedJob(db, { n: 1, cleanerId: mei, ...place, crewSize: 2 });
    const tomSeat = await addCrewMate(db, onTheWay, { cleanerId: tom, ...place });
    const notYet = await acceptedJob(db, { n: 2, cleanerId: ana, ...place });
    const setOff = (id: string, at: string) =>
      db.updateTable("assignments").set({ on_my_way_at: at }).where("id", "=", id).execute();
    await setOff(onTheWay.assignmentId, "2026-12-03T21:40:00.000Z");
    await setOff(tomSeat, "2026-12-03T21:25:00.000Z");

    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    });
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const stored = await db.selectFrom("bookings").select(["id", "crew_set_off_at"]).execute();
    expect(Object.fromEntries(stored.map((row) => [row.id, row.crew_set_off_at]))).toEqual({
      [onTheWay.bookingId]: "2026-12-03T21:25:00.000Z",
      [notYet.bookingId]: null,
    });
  });
});
