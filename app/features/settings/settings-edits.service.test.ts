import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { getWebhookTargets } from "~/features/outbox/webhook-targets.server";
import type { Database } from "~/server/database";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { DEFAULT_BUSINESS_PROFILE } from "./business-profile";
import {
  ensureBusinessProfile,
  getAnalyticsTagId,
  getBusinessProfile,
  getIntegrationSettings,
  getNotificationSettings,
  secretStatuses,
  updateBusinessProfile,
  updateIntegrationSettings,
  updateNotificationSettings,
} from "./settings.service.server";

const actor = { staffId: "staff-1", ip: "203.0.113.9" };

const ENV = {
  WEBHOOK_PRODUCTION_URL: "https://env.example/prod",
  WEBHOOK_TEST_URL: undefined,
  ANALYTICS_TAG_ID: "G-FROMENV1",
};

async function auditRows(db: Kysely<Database>) {
  return db
    .selectFrom("audit_log")
    .select(["action", "actor_type", "actor_id", "details", "ip"])
    .orderBy("created_at")
    .execute();
}

describe.each(testDialects)("settings edited by staff on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("a profile edit is saved, read by the next request and audited with the fields changed", async () => {
    await ensureBusinessProfile(database.db);
    const changed = await updateBusinessProfile(
      database.db,
      { ...DEFAULT_BUSINESS_PROFILE, hourlyRateCents: 6500, abn: "12 345 678 901" },
      actor,
    );
    expect(changed).toEqual(["abn", "hourlyRateCents"]);
    expect(await getBusinessProfile(database.db)).toMatchObject({
      hourlyRateCents: 6500,
      abn: "12 345 678 901",
    });
    expect(await auditRows(database.db)).toEqual([
      {
        action: "settings.business_profile_updated",
        actor_type: "staff",
        actor_id: "staff-1",
        details: JSON.stringify({ changed: ["abn", "hourlyRateCents"] }),
        ip: "203.0.113.9",
      },
    ]);

    // Saving the same values again changes nothing and writes no audit entry.
    expect(
      await updateBusinessProfile(
        database.db,
        { ...DEFAULT_BUSINESS_PROFILE, hourlyRateCents: 6500, abn: "12 345 678 901" },
        actor,
      ),
    ).toEqual([]);
    expect(await auditRows(database.db)).toHaveLength(1);
  });

  test("an invalid profile is refused and nothing is written", async () => {
    await expect(
      updateBusinessProfile(database.db, { ...DEFAULT_BUSINESS_PROFILE, abn: "123" }, actor),
    ).rejects.toThrow("ABN must be exactly 11 digits");
    expect(await getBusinessProfile(database.db)).toEqual(DEFAULT_BUSINESS_PROFILE);
    expect(await auditRows(database.db)).toEqual([]);
  });

  test("email notifications start on; SMS stays off without Twilio settings", async () => {
    expect(await getNotificationSettings(database.db)).toEqual({ email: true, sms: false });
    const changed = await updateNotificationSettings(
      database.db,
      { email: false, sms: true },
      actor,
    );
    expect(changed).toEqual(["email"]);
    expect(await getNotificationSettings(database.db)).toEqual({ email: false, sms: false });
    expect((await auditRows(database.db)).map((row) => row.action)).toEqual([
      "settings.notifications_updated",
    ]);
  });

  test("the environment gives first values; once saved here the database wins, for the worker too", async () => {
    expect(await getIntegrationSettings(database.db, ENV)).toEqual({
      webhookProductionUrl: {
        inForce: "https://env.example/prod",
        source: "environment",
        saved: null,
        fromEnvironment: "https://env.example/prod",
      },
      webhookTestUrl: { inForce: null, source: "unset", saved: null, fromEnvironment: null },
      analyticsTagId: {
        inForce: "G-FROMENV1",
        source: "environment",
        saved: null,
        fromEnvironment: "G-FROMENV1",
      },
    });

    const changed = await updateIntegrationSettings(
      database.db,
      {
        webhookProductionUrl: "https://saved.example/prod",
        webhookTestUrl: "https://saved.example/test",
        analyticsTagId: "G-SAVED123",
      },
      actor,
    );
    expect(changed).toEqual(["webhookProductionUrl", "webhookTestUrl", "analyticsTagId"]);
    const saved = await getIntegrationSettings(database.db, ENV);
    expect(saved.webhookProductionUrl).toMatchObject({
      inForce: "https://saved.example/prod",
      source: "saved",
      fromEnvironment: "https://env.example/prod",
    });
    expect(saved.analyticsTagId).toMatchObject({ inForce: "G-SAVED123", source: "saved" });
    expect(await getAnalyticsTagId(database.db, ENV)).toBe("G-SAVED123");
    // The outbox worker reads the same rows at each delivery: no restart needed.
    expect(await getWebhookTargets(database.db, ENV)).toEqual({
      production: "https://saved.example/prod",
      test: "https://saved.example/test",
    });

    // Clearing a field hands it back to the environment.
    await updateIntegrationSettings(
      database.db,
      {
        webhookProductionUrl: "",
        webhookTestUrl: "https://saved.example/test",
        analyticsTagId: "",
      },
      actor,
    );
    const cleared = await getIntegrationSettings(database.db, ENV);
    expect(cleared.webhookProductionUrl).toMatchObject({
      inForce: "https://env.example/prod",
      source: "environment",
    });
    expect(cleared.analyticsTagId.source).toBe("environment");
    expect((await getWebhookTargets(database.db, ENV)).production).toBe("https://env.example/prod");
    const audits = await auditRows(database.db);
    expect(audits.map((row) => JSON.parse(row.details!) as unknown)).toEqual([
      { changed: ["webhookProductionUrl", "webhookTestUrl", "analyticsTagId"] },
      { changed: ["webhookProductionUrl", "analyticsTagId"] },
    ]);
    // Values are never written to the audit log.
    expect(JSON.stringify(audits)).not.toContain("saved.example");
  });

  test("a saved webhook URL or tag whose stored value is not a JSON string reads as unset, for the worker too", async () => {
    const at = new Date().toISOString();
    await database.db
      .insertInto("settings")
      .values([
        // Written by hand without the JSON quotes, and a number where a string belongs.
        { key: "webhook_production_url", value: "https://bare.example/prod", updated_at: at },
        { key: "analytics_tag_id", value: "42", updated_at: at },
        {
          key: "webhook_test_url",
          value: JSON.stringify(" https://saved.example/test "),
          updated_at: at,
        },
      ])
      .execute();
    const settings = await getIntegrationSettings(database.db, ENV);
    expect(settings.webhookProductionUrl).toMatchObject({
      inForce: "https://env.example/prod",
      source: "environment",
    });
    expect(settings.analyticsTagId).toMatchObject({ inForce: "G-FROMENV1", source: "environment" });
    expect(settings.webhookTestUrl).toMatchObject({
      inForce: "https://saved.example/test",
      source: "saved",
    });
    expect(await getAnalyticsTagId(database.db, ENV)).toBe("G-FROMENV1");
    expect(await getWebhookTargets(database.db, ENV)).toEqual({
      production: "https://env.example/prod",
      test: "https://saved.example/test",
    });
  });

  test("secrets are reported as set or not, never by value", () => {
    const statuses = secretStatuses({
      WEBHOOK_SECRET: "whsec_c2VjcmV0",
      STRIPE_SECRET_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
      SMTP_URL: "smtps://user:pass@mail.example",
    });
    expect(statuses.map(({ name, set }) => [name, set])).toEqual([
      ["WEBHOOK_SECRET", true],
      ["STRIPE_SECRET_KEY", false],
      ["STRIPE_WEBHOOK_SECRET", false],
      ["SMTP_URL", true],
    ]);
    expect(JSON.stringify(statuses)).not.toMatch(/whsec_|pass@/);
  });
});
