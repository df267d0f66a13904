import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { queuedEmails, silentLogger, testConfig } from "../../../tests/helpers/outbox";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { DEFAULT_BUSINESS_PROFILE } from "~/features/settings/business-profile";
import { updateNotificationSettings } from "~/features/settings/settings.service.server";
import { cleanUnclaimedUploads, storeQuotePhoto } from "~/features/uploads/uploads.service.server";
import { PUBLIC_FORM, TOO_MANY_SUBMISSIONS, guardPublicForm } from "~/server/public-form.server";
import {
  submitPostConstructionRequest,
  type PostConstructionActionData,
} from "./post-construction-action.server";
import { POST_CONSTRUCTION_TEXT, PROPERTY_FIELD } from "./post-construction-copy";
import { companyContact, propertyForm } from "./post-construction-fixtures";
import {
  PostConstructionRequestSchema,
  POST_CONSTRUCTION_MESSAGES,
} from "./post-construction.schema";
import { createPostConstructionRequest } from "./post-construction.service.server";

const { photos: _photos, ...withoutPhotos } = propertyForm;

const request = PostConstructionRequestSchema.parse({
  form: propertyForm,
  contact: companyContact,
});

async function photo() {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: "#9a8a70" } })
    .jpeg()
    .toBuffer();
}

describe.each(testDialects)("a post-construction request on %s", (dialect) => {
  let database: TestDatabase;
  let dataDir: string;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-post-construction-"));
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const outbox = () =>
    database.db.selectFrom("outbox_messages").selectAll().orderBy("kind").execute();

  test("is stored as a new website lead awaiting a quote, the form in space_details", async () => {
    const { db } = database;
    const result = await createPostConstructionRequest(db, request);
    if (!result.ok) throw new Error(result.kind);

    const row = await db
      .selectFrom("quotes")
      .selectAll()
      .where("id", "=", result.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      reference: result.reference,
      client_name: "Liam Nguyen",
      client_email: "liam@nguyenbuilding.example",
      client_phone: "0412 345 678",
      service_type: "post-construction",
      status: "pending_quote",
      lead_status: "new",
      lead_source: "website",
      cleaning_level: null,
      estimated_hours: null,
      hourly_rate_cents: null,
      total_cents: null,
    });
    expect(row.reference).toMatch(/^HG-[A-Z2-9]{10}$/);
    expect(JSON.parse(row.space_details)).toEqual({
      type: "post-house",
      requestType: "company",
      companyName: "Nguyen Building Group",
      abn: "51824753556",
      address: "12 Harbour Street, Mosman NSW 2088",
      // Every answer of the property form is stored as given; its photos become `images`.
      ...withoutPhotos,
      images: [],
      contactNotes: "Site access from the lane.",
    });
  });

  test("the post-construction webhook, test address first, and the staff email go with it", async () => {
    const result = await createPostConstructionRequest(database.db, request);
    if (!result.ok) throw new Error(result.kind);

    const messages = await outbox();
    const webhook = messages.find((message) => message.kind === "webhook");
    const email = messages.find((message) => message.topic === "post_construction.requested");
    expect(webhook).toMatchObject({
      id: result.webhookMessageId,
      kind: "webhook",
      topic: "post_construction.created",
      subject_type: "quote",
      subject_id: result.id,
      status: "pending",
    });
    // docs/product/public-site.md#calls-and-webhooks: the body, key for key
    expect(JSON.parse(webhook!.payload)).toEqual({
      route: "test_then_production",
      body: {
        postConstruction: {
          clientName: "Liam Nguyen",
          clientEmail: "liam@nguyenbuilding.example",
          clientPhone: "0412 345 678",
          requestType: "company",
          companyName: "Nguyen Building Group",
          abn: "51824753556",
          address: "12 Harbour Street, Mosman NSW 2088",
          propertyType: "house",
          propertySize: "medium",
          floors: "2",
          rooms: 5,
          bathrooms: 2,
          cleanType: "both",
          additionalNotes: "Builders finish on Friday.\n\nSite access from the lane.",
          quoteId: result.id,
        },
      },
    });

    expect(email).toMatchObject({
      kind: "email",
      topic: "post_construction.requested",
      subject_type: "quote",
      subject_id: result.id,
    });
    const mail = JSON.parse(email!.payload) as Record<string, string>;
    expect(mail.to).toBe(DEFAULT_BUSINESS_PROFILE.email);
    expect(mail.replyTo).toBe("liam@nguyenbuilding.example");
    expect(mail.subject).toBe(`New post-construction request: House, medium (${result.reference})`);
    expect(mail.text).toContain("Liam Nguyen of Nguyen Building Group");
    expect(mail.text).toContain("12 Harbour Street, Mosman NSW 2088");
  });

  test("an individual's request sends null company name and ABN, and no notes as null", async () => {
    const individual = PostConstructionRequestSchema.parse({
      form: { ...propertyForm, additionalNotes: "" },
      contact: { ...companyContact, requestType: "individual", additionalNotes: "" },
    });
    const result = await createPostConstructionRequest(database.db, individual);
    if (!result.ok) throw new Error(result.kind);
    const webhook = (await outbox()).find((message) => message.kind === "webhook")!;
    expect(JSON.parse(webhook.payload).body.postConstruction).toMatchObject({
      requestType: "individual",
      companyName: null,
      abn: null,
      additionalNotes: null,
    });
  });

  test("with email notifications off the request is stored and its webhook sent, no staff email", async () => {
    await updateNotificationSettings(
      database.db,
      { email: false, sms: false },
      { staffId: "staff-1", ip: null },
    );
    const result = await createPostConstructionRequest(database.db, request);
    expect(result.ok).toBe(true);
    expect((await outbox()).map((message) => message.topic)).toEqual([
      "post_construction.acknowledged",
      "post_construction.created",
    ]);
  });

  test("the customer hears that their request arrived, with its reference and the 24-hour promise", async () => {
    const result = await createPostConstructionRequest(database.db, request);
    if (!result.ok) throw new Error(result.kind);
    const email = (await queuedEmails(database.db)).find(
      (queued) => queued.topic === "post_construction.acknowledged",
    );
    expect(email).toMatchObject({
      subjectType: "quote",
      subjectId: result.id,
      to: "liam@nguyenbuilding.example",
      replyTo: DEFAULT_BUSINESS_PROFILE.email,
      subject: "We have your post-construction request | Harbour & Gold Cleaning",
    });
    expect(email!.text).toContain("Hello Liam,");
    expect(email!.text).toContain(
      "Our team will review your project and send you a quote within 24 hours. " +
        `Your reference is ${result.reference}.`,
    );
    // Only their own name: not the site address, the company's ABN or the phone they gave.
    for (const detail of ["12 Harbour Street", "51824753556", "0412 345 678"]) {
      expect(email!.text).not.toContain(detail);
    }
  });

  test("photos are claimed by the request and listed on it", async () => {
    const config = { dataDir };
    const stored = await storeQuotePhoto(database.db, config, { bytes: await photo() });
    if (!stored.ok) throw new Error(stored.message);
    const withPhoto = PostConstructionRequestSchema.parse({
      form: { ...propertyForm, photos: [stored.upload.id] },
      contact: companyContact,
    });

    const result = await createPostConstructionRequest(database.db, withPhoto);
    if (!result.ok) throw new Error(result.kind);
    const upload = await database.db
      .selectFrom("uploads")
      .select(["quote_id", "claimed_at"])
      .where("id", "=", stored.upload.id)
      .executeTakeFirstOrThrow();
    expect(upload.quote_id).toBe(result.id);
    expect(upload.claimed_at).not.toBeNull();
    const row = await database.db
      .selectFrom("quotes")
      .select("space_details")
      .where("id", "=", result.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.space_details).images).toEqual([`/api/uploads/${stored.upload.id}`]);

    // A claimed photo outlives the clean-up of unclaimed uploads, and cannot go on a second request.
    await cleanUnclaimedUploads(database.db, config, new Date(Date.now() + 2 * 86_400_000));
    expect(await createPostConstructionRequest(database.db, withPhoto)).toEqual({
      ok: false,
      kind: "photos-unavailable",
    });
    expect(await database.db.selectFrom("quotes").select("id").execute()).toHaveLength(1);
  });

  test("stores nothing when the webhook cannot be written: one transaction", async () => {
    const { db } = database;
    await sql`alter table outbox_messages rename to outbox_messages_away`.execute(db);
    await expect(createPostConstructionRequest(db, request)).rejects.toThrow();
    await sql`alter table outbox_messages_away rename to outbox_messages`.execute(db);
    expect(await db.selectFrom("quotes").select("id").execute()).toEqual([]);
  });
});

describe.each(testDialects)("the contact step's submit on %s", (dialect) => {
  let database: TestDatabase;
  let context: Parameters<typeof submitPostConstructionRequest>[1];
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    context = {
      db: database.db,
      config: testConfig(),
      clientIp: "203.0.113.9",
      logger: silentLogger,
    };
  });
  afterEach(async () => {
    await database.destroy();
  });

  /** The contact step's fields and, unless null, the property form the browser kept. */
  function post(contact: Record<string, string>, property: unknown = propertyForm) {
    const form = new FormData();
    for (const [name, value] of Object.entries(contact)) form.set(name, value);
    if (property !== null) form.set(PROPERTY_FIELD, JSON.stringify(property));
    return new Request("http://localhost/post-construction-contact", {
      method: "POST",
      body: form,
    });
  }

  type Answer = { data: PostConstructionActionData; init: { status: number } };
  const stored = () => database.db.selectFrom("quotes").select("id").execute();

  /** Submits a complete request while `table` is renamed away, as a failing database would be. */
  async function submitWithTableAway(table: "quotes" | "rate_limits") {
    const { db } = database;
    let answer: Answer | undefined;
    await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_away`)}`.execute(db);
    try {
      answer = (await submitPostConstructionRequest(post(companyContact), context)) as Answer;
    } finally {
      await sql`alter table ${sql.table(`${table}_away`)} rename to ${sql.table(table)}`.execute(
        db,
      );
    }
    return answer!;
  }

  test("a complete request is stored and the visitor goes to the thank-you page with its reference", async () => {
    const response = (await submitPostConstructionRequest(
      post(companyContact),
      context,
    )) as Response;
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(location).toMatch(/^\/post-construction-thank-you\?ref=HG-[A-Z2-9]{10}$/);
    const row = await database.db
      .selectFrom("quotes")
      .select(["reference", "status"])
      .executeTakeFirstOrThrow();
    expect(location).toContain(row.reference);
    expect(row.status).toBe("pending_quote");
  });

  test("missing contact fields answer 400 with a message per field; nothing is stored", async () => {
    const answer = (await submitPostConstructionRequest(
      post({ ...companyContact, fullName: "", abn: "123" }),
      context,
    )) as Answer;
    expect(answer.init.status).toBe(400);
    expect(answer.data).toMatchObject({
      status: "invalid",
      formError: POST_CONSTRUCTION_TEXT.checkFields,
      backToForm: false,
      fieldErrors: {
        fullName: POST_CONSTRUCTION_MESSAGES.fullNameRequired,
        abn: POST_CONSTRUCTION_MESSAGES.abnInvalid,
      },
    });
    expect(await stored()).toEqual([]);
  });

  test("a submit without the property form is sent back to it; nothing is stored", async () => {
    const answer = (await submitPostConstructionRequest(
      post(companyContact, { ...propertyForm, rooms: -2 }),
      context,
    )) as Answer;
    expect(answer.init.status).toBe(400);
    expect(answer.data).toMatchObject({
      formError: POST_CONSTRUCTION_TEXT.formInvalid,
      backToForm: true,
    });
    const missing = (await submitPostConstructionRequest(
      post(companyContact, null),
      context,
    )) as Answer;
    expect(missing.data.backToForm).toBe(true);
    expect(await stored()).toEqual([]);
  });

  test("a filled honeypot is thanked without a reference, and nothing is stored", async () => {
    const response = (await submitPostConstructionRequest(
      post({ ...companyContact, website: "https://spam.example" }),
      context,
    )) as Response;
    expect(response.headers.get("location")).toBe("/post-construction-thank-you");
    expect(await stored()).toEqual([]);
    expect(await database.db.selectFrom("outbox_messages").select("id").execute()).toEqual([]);
  });

  test("past 10 public-form submissions a minute from one address the answer is 429", async () => {
    for (let sent = 0; sent < 10; sent++) {
      const guarded = await guardPublicForm(post(companyContact), context, PUBLIC_FORM);
      expect(guarded.verdict).toBe("accepted");
    }
    const answer = (await submitPostConstructionRequest(post(companyContact), context)) as Answer;
    expect(answer.init.status).toBe(429);
    expect(answer.data.formError).toBe(TOO_MANY_SUBMISSIONS);
    expect(await stored()).toEqual([]);
    // Another address is not held back.
    const other = { ...context, clientIp: "198.51.100.4" };
    const response = (await submitPostConstructionRequest(post(companyContact), other)) as Response;
    expect(response.status).toBe(302);
  });

  test("when the database refuses the request the visitor sees the spec's failure text", async () => {
    const answer = await submitWithTableAway("quotes");
    expect(answer.init.status).toBe(503);
    expect(answer.data).toEqual({
      status: "error",
      formError: "Failed to submit form. Please try again.",
    });
    expect(await database.db.selectFrom("outbox_messages").select("id").execute()).toEqual([]);
  });

  test("when the database is unreachable the visitor sees the same failure text, not an error page", async () => {
    // The docs/decisions/0026-abuse-protection.md count is the first thing to touch the database.
    const answer = await submitWithTableAway("rate_limits");
    expect(answer.init.status).toBe(503);
    expect(answer.data).toEqual({
      status: "error",
      formError: "Failed to submit form. Please try again.",
    });
    expect(await stored()).toEqual([]);
  });
});
