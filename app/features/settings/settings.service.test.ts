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
    expect(profile.openingHours).toEqual(DEFAULT_BUSINESS_PROFILE.openingHours);
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

  test("an invalid profile is refused", async () => {
    await expect(
      saveBusinessProfile(database.db, { ...DEFAULT_BUSINESS_PROFILE, abn: "123" }, null),
    ).rejects.toThrow("ABN must be exactly 11 digits");
  });
});
