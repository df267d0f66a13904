import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { firstErrorPerField } from "~/lib/field-errors";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { queuedEmails } from "../../../tests/helpers/outbox";
import { DEFAULT_BUSINESS_PROFILE } from "~/features/settings/business-profile";
import { SubscriptionRequestSchema, sydneyToday } from "./subscription.schema";
import { updateNotificationSettings } from "~/features/settings/settings.service.server";
import { requestSubscription } from "./subscription.service.server";

const REQUEST = {
  plan: "premium",
  name: "Olivia Smith",
  email: "olivia.smith@example.com",
  phone: "0491 570 156",
  suburb: "Mosman",
  startDate: "2099-03-02",
} as const;

describe("the subscription request schema", () => {
  test("asks for a plan and every detail, each in plain words", () => {
    const parsed = SubscriptionRequestSchema.safeParse({
      plan: "",
      name: "",
      email: "",
      phone: "",
      suburb: "",
      startDate: "",
    });
    expect(Object.keys(firstErrorPerField(parsed.error!))).toEqual([
      "plan",
      "name",
      "email",
      "phone",
      "suburb",
      "startDate",
    ]);
  });

  test("a start date of today in Sydney is too soon; tomorrow is fine", () => {
    const now = new Date();
    const today = sydneyToday(now);
    const tomorrow = new Date(`${today}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const tooSoon = SubscriptionRequestSchema.safeParse({ ...REQUEST, startDate: today });
    expect(firstErrorPerField(tooSoon.error!)).toEqual({
      startDate: "Please choose a date from tomorrow onwards.",
    });
    const fine = SubscriptionRequestSchema.safeParse({
      ...REQUEST,
      startDate: tomorrow.toISOString().slice(0, 10),
    });
    expect(fine.success).toBe(true);
  });

  test("Sydney's today turns over at midnight in Sydney", () => {
    expect(sydneyToday(new Date("2026-12-31T13:30:00Z"))).toBe("2027-01-01");
  });
});

describe.each(testDialects)("a subscription request on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("is stored as a new website lead awaiting a quote, with the plan in space_details", async () => {
    const { db } = database;
    const { id, reference } = await requestSubscription(db, REQUEST);

    const quote = await db
      .selectFrom("quotes")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(quote).toMatchObject({
      reference,
      client_name: "Olivia Smith",
      client_email: "olivia.smith@example.com",
      client_phone: "0491 570 156",
      service_type: "subscription",
      status: "pending_quote",
      lead_status: "new",
      lead_source: "website",
      cleaning_level: null,
      estimated_hours: null,
      total_cents: null,
    });
    expect(JSON.parse(quote.space_details)).toEqual({
      requestType: "subscription",
      plan: "premium",
      suburb: "Mosman",
      preferredStartDate: "2099-03-02",
    });
  });

  test("tells the team by email in the same transaction", async () => {
    const { db } = database;
    const { id } = await requestSubscription(db, REQUEST, new Date(), "https://harbour.test/");

    const payload = (await queuedEmails(db)).find(
      (email) => email.topic === "subscription.requested",
    )!;
    expect(payload).toMatchObject({ subjectType: "quote", subjectId: id });
    expect(payload.to).toBe(DEFAULT_BUSINESS_PROFILE.email);
    expect(payload.replyTo).toBe("olivia.smith@example.com");
    expect(payload.subject).toMatch(/^New subscription request: Premium plan/);
    expect(payload.text).toContain("Mosman");
    expect(payload.html).toContain(`https://harbour.test/admin/quotes/${id}`);
  });

  test("the customer hears that their plan request arrived, with its reference", async () => {
    const { db } = database;
    const { id, reference } = await requestSubscription(db, REQUEST);

    const email = (await queuedEmails(db)).find(
      (queued) => queued.topic === "subscription.acknowledged",
    );
    expect(email).toMatchObject({
      subjectType: "quote",
      subjectId: id,
      to: "olivia.smith@example.com",
      replyTo: DEFAULT_BUSINESS_PROFILE.email,
      subject: "We have your Premium plan request | Harbour & Gold Cleaning",
    });
    expect(email!.text).toContain("Hello Olivia,");
    expect(email!.text).toContain(
      "Our team will be in touch shortly to arrange your first clean. " +
        `Your reference is ${reference}.`,
    );
    expect(email!.text).not.toContain("0491 570 156");
  });

  test("stores the request but sends the team nothing when staff turned email notifications off", async () => {
    const { db } = database;
    await updateNotificationSettings(
      db,
      { email: false, sms: false },
      { staffId: "staff-1", ip: null },
    );

    const { id } = await requestSubscription(db, REQUEST);

    expect(await db.selectFrom("quotes").select("id").where("id", "=", id).execute()).toHaveLength(
      1,
    );
    const emails = await queuedEmails(db);
    expect(emails.map((email) => email.topic)).toEqual(["subscription.acknowledged"]);
  });
});
