import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { fixtures } from "../../../tests/integration/data-model.fixtures";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { DEFAULT_BUSINESS_PROFILE } from "~/features/settings/business-profile";
import {
  saveBusinessProfile,
  updateNotificationSettings,
} from "~/features/settings/settings.service.server";
import { storeQuotePhoto } from "~/features/uploads/uploads.service.server";
import { estimate } from "./estimate";
import { commercialRequest, residentialRequest } from "./quote-fixtures";
import { CREATE_QUOTE_MESSAGES, QUOTE_WIZARD_MESSAGES } from "./quote-messages";
import type { QuoteRequestInput } from "./quote.schema";
import { createQuote, estimateQuote, findQuoteResult } from "./quote.service.server";

const ctx = { publicUrl: "https://harbourandgold.test" };
// The fixture names an upload that does not exist here; these quotes waive photos instead.
const home: QuoteRequestInput = { ...residentialRequest, images: [], photosWaived: true };

async function photo() {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: "#c0a060" } })
    .jpeg()
    .toBuffer();
}

describe.each(testDialects)("creating a quote on %s", (dialect) => {
  let database: TestDatabase;
  let dataDir: string;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-quote-"));
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const quoteRow = (id: string) =>
    database.db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  test("a valid home quote is stored as a new website lead with its rate, total and explanation", async () => {
    const result = await createQuote(database.db, home, ctx);
    if (!result.ok) throw new Error(result.message);
    const expected = estimate(
      { ...home, preferences: { ecoFriendly: true } } as never,
      DEFAULT_BUSINESS_PROFILE.hourlyRateCents,
    );
    // 2 bedrooms, 1 bathroom, kitchen and living area: 3.5 h x deep 1.2 x eco 1.1 = 4.62 -> 4.5 h
    expect(result.quote).toMatchObject({ hours: 4.5, cleaners: 1, totalCents: 22_500 });
    expect(result.quote.explanation).toBe(expected.explanation);

    const row = await quoteRow(result.quote.id);
    expect(row).toMatchObject({
      reference: result.quote.reference,
      client_name: "Ava Chen",
      client_email: "ava@example.com",
      client_phone: "0412 345 678",
      service_type: "residential",
      cleaning_level: "deep",
      status: "pending",
      lead_status: "new",
      lead_source: "website",
      hourly_rate_cents: 5000,
      total_cents: 22_500,
      cleaners_needed: 1,
      notes: expected.explanation,
      preferred_cleaner_id: null,
      customer_id: null,
    });
    expect(Number(row.estimated_hours)).toBe(4.5);
    expect(row.reference).toMatch(/^HG-[A-Z2-9]{10}$/);
    expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    const space = JSON.parse(row.space_details) as Record<string, unknown>;
    expect(space).toMatchObject({
      type: "apartment",
      bedrooms: 2,
      bathrooms: 1,
      address: "Bondi NSW 2026",
      preferences: { timePreference: "morning", ecoFriendly: true },
      conditions: { dirtLevel: "normal" },
      images: [],
      photosWaived: true,
    });
  });

  test("the quote webhook is written with the quote, in the spec's shape", async () => {
    const result = await createQuote(database.db, home, ctx);
    if (!result.ok) throw new Error(result.message);
    const message = await database.db
      .selectFrom("outbox_messages")
      .selectAll()
      .where("id", "=", result.quote.webhookMessageId)
      .executeTakeFirstOrThrow();
    expect(message).toMatchObject({
      kind: "webhook",
      topic: "quote.created",
      subject_type: "quote",
      subject_id: result.quote.id,
      status: "pending",
    });
    const payload = JSON.parse(message.payload) as { route: string; body: { quote: unknown } };
    expect(payload.route).toBe("production");
    expect(payload.body.quote).toMatchObject({
      client: { name: "Ava Chen", email: "ava@example.com", phone: "0412 345 678" },
      service: { type: "residential", cleaningLevel: "deep", estimatedHours: 4.5 },
      space: { type: "apartment", bedrooms: 2 },
      status: "pending",
      leadStatus: "new",
      source: "website",
      notes: result.quote.explanation,
      createdAt: result.quote.createdAt,
    });
  });

  test("the team is emailed a short, plain summary of the new quote (docs/decisions/0024-notification-toggles.md)", async () => {
    const result = await createQuote(database.db, home, ctx);
    if (!result.ok) throw new Error(result.message);
    const emails = await database.db
      .selectFrom("outbox_messages")
      .selectAll()
      .where("kind", "=", "email")
      .where("topic", "=", "quote.created")
      .execute();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      topic: "quote.created",
      subject_type: "quote",
      subject_id: result.quote.id,
    });
    const email = JSON.parse(emails[0]!.payload) as Record<string, string>;
    const { reference } = result.quote;
    expect(email.to).toBe(DEFAULT_BUSINESS_PROFILE.email);
    expect(email.replyTo).toBe("ava@example.com");
    expect(email.subject).toBe(`New quote: Ava Chen, Residential Deep Clean (${reference})`);
    // The email opens the lead's details in the back office.
    expect(email.html).toContain(`https://harbourandgold.test/admin/quotes/${result.quote.id}`);
    for (const line of [
      "Ava Chen got an instant quote on the website.",
      "Service: Residential, Deep Clean.",
      "Estimated hours: 4.5 hours. Total: $225.00 (GST included).",
      "Email: ava@example.com. Phone: 0412 345 678.",
      `Reference ${reference}.`,
    ]) {
      expect(email.text).toContain(line);
    }
  });

  test("with email notifications off the quote is stored and no staff email is written", async () => {
    await updateNotificationSettings(
      database.db,
      { email: false, sms: false },
      { staffId: "staff-1", ip: null },
    );
    const result = await createQuote(database.db, home, ctx);
    expect(result.ok).toBe(true);
    const kinds = await database.db
      .selectFrom("outbox_messages")
      .select(["kind", "topic"])
      .orderBy("kind")
      .execute();
    // The customer's own copy is not a staff notification (docs/decisions/0024-notification-toggles.md).
    expect(kinds.map((row) => row.topic)).toEqual(["quote.customer_copy", "quote.created"]);
    expect(kinds.map((row) => row.kind)).toEqual(["email", "webhook"]);
  });

  test("the quote and its webhook commit together: a failing insert leaves neither", async () => {
    // A duplicate id cannot be forced from outside, so make the outbox insert fail instead.
    await database.db.schema.dropTable("outbox_attempts").execute();
    await database.db.schema.dropTable("outbox_messages").execute();
    const result = await createQuote(database.db, home, ctx);
    expect(result).toMatchObject({ ok: false, kind: "failed" });
    if (result.ok) return;
    expect(result.message).toMatch(/^Failed to create quote in database: /);
    expect(await database.db.selectFrom("quotes").select("id").execute()).toEqual([]);
  });

  test("the reference opens the stored quote; unknown, malformed or missing ones do not", async () => {
    const result = await createQuote(database.db, home, ctx);
    if (!result.ok) throw new Error(result.message);
    expect(await findQuoteResult(database.db, result.quote.reference)).toMatchObject({
      reference: result.quote.reference,
      serviceType: "residential",
      cleaningLevel: "deep",
      hours: 4.5,
      cleaners: 1,
      hourlyRateCents: 5000,
      totalCents: 22_500,
      explanation: result.quote.explanation,
    });
    expect(await findQuoteResult(database.db, "HG-AAAAAAAAAA")).toBeNull();
    expect(await findQuoteResult(database.db, "' or 1=1 --")).toBeNull();
    expect(await findQuoteResult(database.db, null)).toBeNull();
  });

  test("the rate is the business profile's, and a changed rate leaves stored quotes alone (docs/decisions/0003-one-hourly-rate.md)", async () => {
    const first = await createQuote(database.db, commercialRequest, ctx);
    await saveBusinessProfile(
      database.db,
      { ...DEFAULT_BUSINESS_PROFILE, hourlyRateCents: 6000 },
      null,
    );
    const second = await createQuote(database.db, commercialRequest, ctx);
    if (!first.ok || !second.ok) throw new Error("not created");
    expect(first.quote.hourlyRateCents).toBe(5000);
    expect(second.quote.hourlyRateCents).toBe(6000);
    expect(second.quote.totalCents).toBe(second.quote.hours * 6000);
    const stored = await findQuoteResult(database.db, first.quote.reference);
    expect(stored?.totalCents).toBe(first.quote.hours * 5000);
  });

  test("hours, cleaners or a price sent by the client are ignored", async () => {
    const tampered = {
      ...home,
      estimatedHours: 0.5,
      hours: 0.5,
      cleaners: 9,
      totalCents: 1,
      hourlyRateCents: 1,
      status: "completed",
      leadStatus: "booked",
    };
    const result = await createQuote(database.db, tampered, ctx);
    if (!result.ok) throw new Error(result.message);
    const row = await quoteRow(result.quote.id);
    expect(Number(row.estimated_hours)).toBe(4.5);
    expect(row).toMatchObject({
      hourly_rate_cents: 5000,
      total_cents: 22_500,
      cleaners_needed: 1,
      status: "pending",
      lead_status: "new",
    });
  });

  test.each([
    [
      "leadInfo.name",
      { leadInfo: { ...home.leadInfo, name: "  " } },
      CREATE_QUOTE_MESSAGES.clientNameRequired,
    ],
    [
      "leadInfo.email",
      { leadInfo: { ...home.leadInfo, email: "" } },
      CREATE_QUOTE_MESSAGES.clientEmailRequired,
    ],
    ["serviceType", { serviceType: undefined }, CREATE_QUOTE_MESSAGES.serviceTypeRequired],
    [
      "serviceType",
      { serviceType: "post-construction" },
      CREATE_QUOTE_MESSAGES.serviceTypeRequired,
    ],
    ["cleaningLevel", { cleaningLevel: "sparkly" }, CREATE_QUOTE_MESSAGES.cleaningLevelRequired],
  ])("a missing %s stops with the spec's message", async (field, change, message) => {
    const result = await createQuote(database.db, { ...home, ...change }, ctx);
    expect(result).toMatchObject({ ok: false, kind: "invalid", message });
    if (result.ok || result.kind !== "invalid") return;
    expect(result.fieldErrors?.[field]).toBe(message);
    expect(await database.db.selectFrom("quotes").select("id").execute()).toEqual([]);
  });

  test("the spec's checks run in its order: name before email before service type", async () => {
    const result = await createQuote(
      database.db,
      { ...home, serviceType: undefined, leadInfo: { name: "", email: "", phone: "" } },
      ctx,
    );
    expect(result).toMatchObject({ ok: false, message: CREATE_QUOTE_MESSAGES.clientNameRequired });
    if (result.ok || result.kind !== "invalid") return;
    expect(result.fieldErrors).toMatchObject({
      "leadInfo.name": CREATE_QUOTE_MESSAGES.clientNameRequired,
      "leadInfo.email": CREATE_QUOTE_MESSAGES.clientEmailRequired,
      "leadInfo.phone": QUOTE_WIZARD_MESSAGES.phoneRequired,
      serviceType: CREATE_QUOTE_MESSAGES.serviceTypeRequired,
    });
  });

  test("other wizard mistakes come back per field with the wizard's own words", async () => {
    const result = await createQuote(
      database.db,
      {
        ...home,
        spaceDetails: { type: "apartment", bedrooms: 0, bathrooms: 0 },
        leadInfo: { ...home.leadInfo, email: "not-an-email" },
        photosWaived: false,
      },
      ctx,
    );
    expect(result).toMatchObject({
      ok: false,
      kind: "invalid",
      message: QUOTE_WIZARD_MESSAGES.incomplete,
      fieldErrors: {
        "spaceDetails.bedrooms": QUOTE_WIZARD_MESSAGES.roomsRequired,
        "leadInfo.email": QUOTE_WIZARD_MESSAGES.emailInvalid,
        images: QUOTE_WIZARD_MESSAGES.photosOrWaiver,
      },
    });
  });

  test("a body that is not an object is invalid, not a crash", async () => {
    for (const body of [null, "quote", 42, []]) {
      const result = await createQuote(database.db, body, ctx);
      expect(result).toMatchObject({
        ok: false,
        message: CREATE_QUOTE_MESSAGES.clientNameRequired,
      });
    }
  });

  test("a database that does not answer stops with the spec's message", async () => {
    await database.close();
    const result = await createQuote(database.db, home, ctx);
    expect(result).toEqual({
      ok: false,
      kind: "unavailable",
      message: "Database connection failed",
    });
  });

  test("uploaded photos are claimed by the quote and listed as our URLs", async () => {
    const config = { dataDir };
    const uploads = await Promise.all(
      [1, 2].map(async () => storeQuotePhoto(database.db, config, { bytes: await photo() })),
    );
    const ids = uploads.map((u) => (u.ok ? u.upload.id : ""));
    const result = await createQuote(
      database.db,
      { ...home, photosWaived: false, images: ids },
      ctx,
    );
    if (!result.ok) throw new Error(result.message);

    const rows = await database.db
      .selectFrom("uploads")
      .selectAll()
      .where("id", "in", ids)
      .execute();
    expect(rows.map((r) => r.quote_id)).toEqual([result.quote.id, result.quote.id]);
    expect(rows.every((r) => r.claimed_at !== null)).toBe(true);
    const space = JSON.parse((await quoteRow(result.quote.id)).space_details) as {
      images: string[];
    };
    expect(space.images).toEqual(ids.map((id) => `/api/uploads/${id}`));
    const message = await database.db
      .selectFrom("outbox_messages")
      .select("payload")
      .where("id", "=", result.quote.webhookMessageId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(message.payload).body.quote.space.images).toEqual(
      ids.map((id) => `https://harbourandgold.test/api/uploads/${id}`),
    );

    // A photo already on one quote cannot be put on another.
    const again = await createQuote(
      database.db,
      { ...home, photosWaived: false, images: ids },
      ctx,
    );
    expect(again).toMatchObject({
      ok: false,
      fieldErrors: { images: QUOTE_WIZARD_MESSAGES.photoInvalid },
    });
  });

  test("photos that were never uploaded, or five of them, are refused", async () => {
    const unknown = await createQuote(database.db, { ...home, images: [crypto.randomUUID()] }, ctx);
    expect(unknown).toMatchObject({
      ok: false,
      fieldErrors: { images: QUOTE_WIZARD_MESSAGES.photoInvalid },
    });
    const five = await createQuote(
      database.db,
      { ...home, images: ["a", "b", "c", "d", "e"] },
      ctx,
    );
    expect(five).toMatchObject({ ok: false, fieldErrors: { images: "Maximum 4 images allowed" } });
  });

  test("a preferred cleaner is kept when the cleaner is on the team, and dropped otherwise", async () => {
    const cleaner = fixtures().cleaners;
    await database.db.insertInto("cleaners").values(cleaner).execute();
    const kept = await createQuote(database.db, { ...home, preferredCleanerId: cleaner.id }, ctx);
    const dropped = await createQuote(database.db, { ...home, preferredCleanerId: "nobody" }, ctx);
    if (!kept.ok || !dropped.ok) throw new Error("not created");
    expect((await quoteRow(kept.quote.id)).preferred_cleaner_id).toBe(cleaner.id);
    expect((await quoteRow(dropped.quote.id)).preferred_cleaner_id).toBeNull();
  });

  test("an estimate prices a payload without storing anything", async () => {
    const result = await estimateQuote(database.db, {
      serviceType: "commercial",
      spaceDetails: commercialRequest.spaceDetails,
      cleaningLevel: "basic",
    });
    expect(result).toMatchObject({ ok: true });
    const bad = await estimateQuote(database.db, {
      serviceType: "residential",
      spaceDetails: { type: "house" },
    });
    expect(bad).toMatchObject({
      ok: false,
      message: CREATE_QUOTE_MESSAGES.cleaningLevelRequired,
      fieldErrors: { cleaningLevel: CREATE_QUOTE_MESSAGES.cleaningLevelRequired },
    });
    expect(await database.db.selectFrom("quotes").select("id").execute()).toEqual([]);
    expect(await database.db.selectFrom("outbox_messages").select("id").execute()).toEqual([]);
  });
});
