import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { addLead } from "~/features/dashboard/dashboard.test-data";
import { getDeliveryLog, redeliverAsStaff } from "./delivery-log.server";
import { claimDueMessages } from "./outbox.repository.server";
import { enqueueEmail, enqueueWebhook, recordOutcome, scheduleJob } from "./outbox.service.server";

const HOUR = 60 * 60 * 1000;
const actor = { staffId: "staff-1", ip: "203.0.113.9" };

describe.each(testDialects)("the delivery log on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function failThreeTimes(id: string) {
    for (let i = 0; i < 3; i += 1) {
      const now = new Date();
      const [message] = await claimDueMessages(database.db, dialect, {
        now: new Date(now.getTime() + HOUR).toISOString(),
        leaseUntil: new Date(now.getTime() + 2 * HOUR).toISOString(),
        workerId: "test",
        limit: 1,
      });
      expect(message?.id).toBe(id);
      await recordOutcome(
        database.db,
        message!,
        {
          outcome: "failed",
          error: "Webhook failed with status: 503",
          statusCode: 503,
          attempts: [
            {
              target: "https://hooks.example/prod",
              outcome: "failed",
              statusCode: 503,
              error: "Webhook failed with status: 503",
              attemptedAt: now.toISOString(),
              durationMs: 40,
            },
          ],
        },
        { workerId: "test", now },
      );
    }
  }

  test("each message shows its attempts, the body sent and the spec's words; filters narrow it", async () => {
    const quote = await enqueueWebhook(database.db, {
      topic: "quote.created",
      subjectType: "quote",
      subjectId: "q-1",
      body: { quote: { client: { name: "Ann" } } },
      route: "production",
    });
    await failThreeTimes(quote);
    await enqueueEmail(database.db, {
      topic: "booking.confirmation",
      to: "ann@example.com",
      subject: "Your booking is confirmed",
      html: "<p>See you soon</p>",
      text: "See you soon",
    });

    const { entries, nextCursor } = await getDeliveryLog(database.db, {});
    expect(nextCursor).toBeNull();
    expect(entries.map((entry) => entry.kind)).toEqual(["email", "webhook"]);
    const [email, webhook] = entries;
    expect(email).toMatchObject({
      body: "See you soon",
      email: { to: "ann@example.com", subject: "Your booking is confirmed" },
      canRedeliver: true,
    });
    expect(webhook).toMatchObject({
      status: "retrying",
      attemptCount: 3,
      lastError: "Webhook failed with status: 503",
      notice: "Quote created successfully but webhook notification failed",
      subject: "quote q-1",
    });
    expect(JSON.parse(webhook!.body)).toEqual({ quote: { client: { name: "Ann" } } });
    expect(webhook!.body).toContain("\n  "); // pretty-printed
    expect(webhook!.attempts).toHaveLength(3);
    expect(webhook!.attempts[0]).toMatchObject({
      target: "https://hooks.example/prod",
      statusCode: 503,
      durationMs: 40,
    });
    expect(webhook!.created.label).toMatch(/\d{4}/);

    expect((await getDeliveryLog(database.db, { kind: "email" })).entries).toHaveLength(1);
    expect((await getDeliveryLog(database.db, { status: "retrying" })).entries).toHaveLength(1);
    expect((await getDeliveryLog(database.db, { status: "dead" })).entries).toEqual([]);
  });

  test("a message about a quote names the lead by its reference, not its internal id", async () => {
    const quoteId = await addLead(database.db, { at: new Date().toISOString() });
    await database.db
      .updateTable("quotes")
      .set({ reference: "HG-7K2M-QX9P" })
      .where("id", "=", quoteId)
      .execute();
    await enqueueWebhook(database.db, {
      topic: "quote.created",
      subjectType: "quote",
      subjectId: quoteId,
      body: { quote: {} },
      route: "production",
    });
    await enqueueWebhook(database.db, {
      topic: "contact.created",
      subjectType: "contact_message",
      subjectId: "c-9",
      body: { name: "Ann" },
      route: "production",
    });

    const { entries } = await getDeliveryLog(database.db, {});
    expect(entries.map((entry) => entry.subject).sort()).toEqual([
      "contact_message c-9",
      "quote HG-7K2M-QX9P",
    ]);
    expect(entries.some((entry) => entry.subject?.includes(quoteId))).toBe(false);
  });

  test("a payload that no longer fits its kind reaches the worker as invalid and shows as stored", async () => {
    const webhook = await enqueueWebhook(database.db, {
      topic: "quote.created",
      subjectType: "quote",
      subjectId: "q-2",
      body: { quote: {} },
      route: "production",
    });
    const email = await enqueueEmail(database.db, {
      topic: "booking.confirmation",
      to: "ann@example.com",
      subject: "Your booking is confirmed",
      html: "<p>x</p>",
      text: "x",
    });
    const stored = {
      [webhook]: '{"route": "production", "bo',
      [email]: '{"to": "ann@example.com"}',
    };
    for (const [id, payload] of Object.entries(stored)) {
      await database.db
        .updateTable("outbox_messages")
        .set({ payload })
        .where("id", "=", id)
        .execute();
    }

    const now = new Date();
    const claimed = await claimDueMessages(database.db, dialect, {
      now: new Date(now.getTime() + HOUR).toISOString(),
      leaseUntil: new Date(now.getTime() + 2 * HOUR).toISOString(),
      workerId: "test",
      limit: 10,
    });
    expect(Object.fromEntries(claimed.map((message) => [message.id, message.payload]))).toEqual({
      [webhook]: {
        valid: false,
        kind: "webhook",
        problem: "The stored payload is not valid JSON",
        text: stored[webhook],
      },
      [email]: {
        valid: false,
        kind: "email",
        problem: "The stored email payload is invalid",
        text: stored[email],
      },
    });

    const { entries } = await getDeliveryLog(database.db, {});
    expect(Object.fromEntries(entries.map((entry) => [entry.id, entry.body]))).toEqual(stored);
    expect(entries.find((entry) => entry.id === email)?.email).toBeNull();
  });

  test("Redeliver queues the message now, keeps its attempts and is audited; jobs are refused", async () => {
    const id = await enqueueWebhook(database.db, {
      topic: "contact.created",
      subjectType: "contact_message",
      subjectId: "c-1",
      body: { name: "Ann" },
      route: "test_then_production",
    });
    await failThreeTimes(id);
    await database.db
      .updateTable("outbox_messages")
      .set({ status: "dead" })
      .where("id", "=", id)
      .execute();

    const now = new Date();
    expect(await redeliverAsStaff(database.db, id, actor, now)).toEqual({ ok: true });
    const row = await database.db
      .selectFrom("outbox_messages")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: "pending",
      next_attempt_at: now.toISOString(),
      attempts: 3,
    });
    const audit = await database.db.selectFrom("audit_log").selectAll().execute();
    expect(audit.filter((entry) => entry.action === "outbox.redelivered")).toEqual([
      expect.objectContaining({
        actor_type: "staff",
        actor_id: "staff-1",
        subject_type: "outbox_message",
        subject_id: id,
        ip: "203.0.113.9",
      }),
    ]);

    expect(await redeliverAsStaff(database.db, "no-such-id", actor)).toEqual({
      ok: false,
      kind: "not_found",
      message: "That message no longer exists.",
    });
    const job = await scheduleJob(database.db, {
      topic: "offer.expire",
      payload: {},
      dueAt: new Date(),
    });
    expect(await redeliverAsStaff(database.db, job, actor)).toEqual({
      ok: false,
      kind: "invalid",
      message: "Jobs are not sent again by hand.",
    });
  });
});
