import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { firstErrorPerField } from "~/lib/field-errors";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { queuedEmails } from "../../../tests/helpers/outbox";
import { DEFAULT_BUSINESS_PROFILE } from "~/features/settings/business-profile";
import { updateNotificationSettings } from "~/features/settings/settings.service.server";
import { ContactMessageSchema } from "./contact.schema";
import { sendContactMessage } from "./contact.service.server";

const MESSAGE = {
  firstName: "Olivia",
  lastName: "Smith",
  email: "olivia.smith@example.com",
  phone: "0491 570 156",
  message: "Could you quote for a fortnightly clean of a three-bedroom terrace in Paddington?",
};

describe("the contact form's schema", () => {
  test("an empty form gives a plain message for each of the five fields", () => {
    const parsed = ContactMessageSchema.safeParse({
      firstName: "",
      lastName: " ",
      email: "",
      phone: "",
      message: "",
    });
    expect(parsed.success).toBe(false);
    expect(firstErrorPerField(parsed.error!)).toEqual({
      firstName: "Please enter your first name.",
      lastName: "Please enter your last name.",
      email: "Please enter your email address.",
      phone: "Please enter your phone number.",
      message: "Please enter your message.",
    });
  });

  test("a mistyped email and a phone number too short to call are named", () => {
    const parsed = ContactMessageSchema.safeParse({ ...MESSAGE, email: "olivia@", phone: "12" });
    expect(firstErrorPerField(parsed.error!)).toEqual({
      email: "Please enter a valid email address, like name@example.com.",
      phone: "Please enter a phone number we can call, like 0412 345 678.",
    });
  });

  test("a complete message passes, trimmed", () => {
    const parsed = ContactMessageSchema.parse({ ...MESSAGE, firstName: "  Olivia " });
    expect(parsed.firstName).toBe("Olivia");
  });
});

describe.each(testDialects)("sending a contact message on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("stores the message and its contact webhook, test address first, together", async () => {
    const { db } = database;
    const { id } = await sendContactMessage(db, MESSAGE);

    const stored = await db.selectFrom("contact_messages").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      id,
      first_name: "Olivia",
      last_name: "Smith",
      email: "olivia.smith@example.com",
      phone: "0491 570 156",
      handled_at: null,
    });

    const outbox = await db
      .selectFrom("outbox_messages")
      .selectAll()
      .where("kind", "=", "webhook")
      .execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      kind: "webhook",
      topic: "contact.created",
      subject_type: "contact_message",
      subject_id: id,
      status: "pending",
    });
    // docs/product/public-site.md#calls-and-webhooks: the contact body, key for key, to the test address then production.
    expect(JSON.parse(outbox[0]!.payload)).toEqual({
      route: "test_then_production",
      body: { contact: MESSAGE },
    });
  });

  test("the team is emailed who wrote and what, with replies going to the visitor", async () => {
    const { db } = database;
    const { id } = await sendContactMessage(db, MESSAGE, { publicUrl: "https://harbour.test/" });

    const email = (await queuedEmails(db)).find((queued) => queued.topic === "contact.received");
    expect(email).toMatchObject({
      subjectType: "contact_message",
      subjectId: id,
      to: DEFAULT_BUSINESS_PROFILE.email,
      replyTo: "olivia.smith@example.com",
      subject: "New contact message from Olivia Smith",
    });
    expect(email!.text).toContain("Email: olivia.smith@example.com. Phone: 0491 570 156.");
    expect(email!.text).toContain(`Message: ${MESSAGE.message}`);
    expect(email!.html).toContain("https://harbour.test/admin/messages");
  });

  test("the visitor hears that their message arrived, even with staff emails off", async () => {
    const { db } = database;
    await updateNotificationSettings(
      db,
      { email: false, sms: false },
      { staffId: "staff-1", ip: null },
    );
    const { id } = await sendContactMessage(db, MESSAGE);

    const emails = await queuedEmails(db);
    expect(emails.map((email) => email.topic)).toEqual(["contact.acknowledged"]);
    expect(emails[0]).toMatchObject({
      subjectId: id,
      to: "olivia.smith@example.com",
      replyTo: DEFAULT_BUSINESS_PROFILE.email,
      subject: "We have your message | Harbour & Gold Cleaning",
    });
    expect(emails[0]!.text).toContain("Hello Olivia,");
    expect(emails[0]!.text).toContain(
      "Your message has reached our team, and we will get back to you soon.",
    );
    // Their own words are not echoed back, nor their phone number.
    expect(emails[0]!.text).not.toContain("Paddington");
    expect(emails[0]!.text).not.toContain("0491 570 156");
  });

  test("stores nothing when the webhook cannot be enqueued: one transaction", async () => {
    const { db } = database;
    await sql`alter table outbox_messages rename to outbox_messages_away`.execute(db);
    await expect(sendContactMessage(db, MESSAGE)).rejects.toThrow();
    await sql`alter table outbox_messages_away rename to outbox_messages`.execute(db);
    const stored = await db.selectFrom("contact_messages").select("id").execute();
    expect(stored).toHaveLength(0);
  });
});
