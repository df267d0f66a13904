import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { DEFAULT_BUSINESS_PROFILE } from "./business-profile";
import {
  ensureBusinessProfile,
  getBusinessProfile,
  saveBusinessProfile,
} from "./settings.service.server";

describe.each(testDialects)("business profile on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("a new database serves the default profile with the $50 hourly rate", async () => {
    await ensureBusinessProfile(database.db);
    const profile = await getBusinessProfile(database.db);
    expect(profile.hourlyRateCents).toBe(5000);
    expect(profile.weeklyHours).toEqual(DEFAULT_BUSINESS_PROFILE.weeklyHours);
    expect(profile.closedDates).toEqual([]);
  });

  test("a saved change is what the next read returns", async () => {
    await ensureBusinessProfile(database.db);
    await saveBusinessProfile(
      database.db,
      { ...DEFAULT_BUSINESS_PROFILE, hourlyRateCents: 6500 },
      null,
    );
    expect((await getBusinessProfile(database.db)).hourlyRateCents).toBe(6500);
  });

  test("starting again does not overwrite a saved profile", async () => {
    await saveBusinessProfile(database.db, { ...DEFAULT_BUSINESS_PROFILE, name: "Renamed" }, null);
    await ensureBusinessProfile(database.db);
    expect((await getBusinessProfile(database.db)).name).toBe("Renamed");
  });

  // The JSON column is parsed at the repository edge: unreadable stored text must not take the
  // public pages down with it.
  test.each([
    ["text that is not JSON", "{not json"],
    ["JSON that is not a profile", JSON.stringify({ hourlyRateCents: "lots" })],
    ["JSON null", "null"],
  ])("a stored profile holding %s reads as the defaults", async (_label, value) => {
    await database.db
      .insertInto("settings")
      .values({
        key: "business_profile",
        value,
        updated_at: new Date().toISOString(),
      })
      .execute();
    expect(await getBusinessProfile(database.db)).toEqual(DEFAULT_BUSINESS_PROFILE);
  });

  test("a stored profile missing newer fields keeps their defaults", async () => {
    await database.db
      .insertInto("settings")
      .values({
        key: "business_profile",
        value: JSON.stringify({ name: "Older Co" }),
        updated_at: new Date().toISOString(),
      })
      .execute();
    expect(await getBusinessProfile(database.db)).toEqual({
      ...DEFAULT_BUSINESS_PROFILE,
      name: "Older Co",
    });
  });

  test("an invalid profile is refused", async () => {
    await expect(
      saveBusinessProfile(database.db, { ...DEFAULT_BUSINESS_PROFILE, abn: "123" }, null),
    ).rejects.toThrow("ABN must be exactly 11 digits");
  });
});
