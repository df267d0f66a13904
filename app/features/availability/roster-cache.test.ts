import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { addTestCrew } from "~/features/bookings/bookings.test-data";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { findRosterMarker } from "./availability.repository.server";
import { rosterCache } from "./availability.service.server";

// docs/decisions/0097-the-sweep-reuses-the-roster.md: a kept roster is read again after any
// write to any cleaner, whoever makes it; the marker's stamps are drawn by the database.

describe.each(testDialects)("the sweep's kept roster on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    await addTestCrew(database.db, 3);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("every insert, update and delete of a cleaner moves the marker", async () => {
    const { db } = database;
    const markers = [await findRosterMarker(db)];
    const [added] = await addTestCrew(db, 1);
    markers.push(await findRosterMarker(db));
    // A write that leaves every column as it was still draws a new stamp.
    await db.updateTable("cleaners").set({ name: "Crew Member 1" }).execute();
    markers.push(await findRosterMarker(db));
    await db.updateTable("cleaners").set({ status: "offline" }).where("id", "=", added!).execute();
    markers.push(await findRosterMarker(db));
    await db.deleteFrom("cleaners").where("id", "=", added!).execute();
    markers.push(await findRosterMarker(db));
    expect(new Set(markers).size).toBe(markers.length);
  });

  test("the same roster while nothing changed, read again once a cleaner did", async () => {
    const { db } = database;
    const roster = rosterCache();
    const first = await roster.read(db);
    expect(await roster.read(db)).toBe(first);
    const idsOf = (cleaners: typeof first) => cleaners.map((c) => c.cleaner.id);
    const leaving = idsOf(first)[0]!;
    await db.updateTable("cleaners").set({ status: "offline" }).where("id", "=", leaving).execute();
    const after = await roster.read(db);
    expect(idsOf(after)).toEqual(idsOf(first).slice(1));
    await db
      .updateTable("cleaners")
      .set({ working_hours: "9am-1pm" })
      .where("id", "=", idsOf(after)[0]!)
      .execute();
    const [changed] = await roster.read(db);
    expect(changed!.cleaner.workingHours).toBe("9am-1pm");
    expect(changed!.hours).toEqual({ from: 9 * 60, to: 13 * 60 });
  });
});
