import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { DEFAULT_BUSINESS_PROFILE } from "~/features/settings/business-profile";
import {
  updateBusinessProfile,
  updateIntegrationSettings,
} from "~/features/settings/settings.service.server";
import { createDatabase, type AppDatabase } from "~/server/db.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { getSiteContent } from "./content-cache.server";
import { bumpContentVersion, readContentVersion } from "~/server/content-version.repository.server";

const config = { ANALYTICS_TAG_ID: undefined };
const actor = { staffId: "staff-1", ip: null };
const AT = "2026-11-20T23:15:00.000Z";

function review(id: string) {
  return {
    id,
    client_name: "Olivia M.",
    location: "Mosman",
    rating: 4,
    comment: "Immaculate.",
    verified: 1,
    show_on_home: 1,
    service_label: "Deep Clean",
    created_at: AT,
    updated_at: AT,
  };
}

// Two connections to one database play two app processes behind a load balancer.
describe.each(testDialects)("the site content cache on %s", (dialect) => {
  let database: TestDatabase;
  let other: AppDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    other =
      dialect === "postgres"
        ? createDatabase(database.url, { schema: database.schema })
        : createDatabase(database.location);
  });
  afterEach(async () => {
    await other.close();
    await database.destroy();
  });

  test("a profile edit made through another process shows on the next read", async () => {
    const before = await getSiteContent(database.db, config);
    expect(before.profile.name).toBe(DEFAULT_BUSINESS_PROFILE.name);

    await updateBusinessProfile(
      other.db,
      { ...DEFAULT_BUSINESS_PROFILE, name: "Harbour & Gold Sydney" },
      actor,
    );

    const after = await getSiteContent(database.db, config);
    expect(after.profile.name).toBe("Harbour & Gold Sydney");
    expect(after.version).toBeGreaterThan(before.version);
  });

  test("an analytics tag saved by another process is in force on the next read", async () => {
    expect((await getSiteContent(database.db, config)).analyticsTagId).toBeNull();
    await updateIntegrationSettings(
      other.db,
      { webhookProductionUrl: "", webhookTestUrl: "", analyticsTagId: "G-NEXT1234" },
      actor,
    );
    expect((await getSiteContent(database.db, config)).analyticsTagId).toBe("G-NEXT1234");
  });

  test("content is read once per version: a write that does not bump it is not seen until one does", async () => {
    const first = await getSiteContent(database.db, config);
    expect(first.home.testimonials).toEqual([]);

    await other.db.insertInto("reviews").values(review("r1")).execute();
    const cached = await getSiteContent(database.db, config);
    expect(cached).toBe(first);

    await other.db.transaction().execute((trx) => bumpContentVersion(trx));
    const fresh = await getSiteContent(database.db, config);
    expect(fresh.home.testimonials.map((t) => t.id)).toEqual(["r1"]);
    expect(fresh.rating).toEqual({ count: 1, average: 4 });
  });

  test("each bump moves the version on by one, and the migration starts it at 1", async () => {
    expect(await readContentVersion(database.db)).toBe(1);
    await bumpContentVersion(database.db);
    await bumpContentVersion(other.db);
    expect(await readContentVersion(database.db)).toBe(3);
  });

  test("while the database cannot answer, the last content read is served", async () => {
    const first = await getSiteContent(other.db, config);
    await other.close();
    await expect(getSiteContent(other.db, config)).resolves.toBe(first);
    other =
      dialect === "postgres"
        ? createDatabase(database.url, { schema: database.schema })
        : createDatabase(database.location);
    await expect(getSiteContent(other.db, config)).resolves.toMatchObject({ version: 1 });
  });
});
