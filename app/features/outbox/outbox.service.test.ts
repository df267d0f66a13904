import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import {
  deliveryWarnings,
  getDelivery,
  listDeliveries,
  redeliver,
  webhookStatusFor,
} from "./deliveries.service.server";
import type { DeliveryOutcome } from "./outbox.schema";
import {
  createOutcomeRecorder,
  enqueueEmail,
  enqueueWebhook,
  recordOutcome,
  scheduleJob,
} from "./outbox.service.server";
import { claimDueMessages } from "./outbox.repository.server";
import { WEBHOOK_TEST_URL_SETTING } from "~/features/settings/setting-keys";
import { getWebhookTargets } from "./webhook-targets.server";

const HOUR = 60 * 60 * 1000;

function failure(target: string, at: Date): DeliveryOutcome {
  return {
    outcome: "failed",
    error: "Webhook failed with status: 502",
    statusCode: 502,
    attempts: [
      {
        target,
        outcome: "failed",
        statusCode: 502,
        error: "Webhook failed with status: 502",
        attemptedAt: at.toISOString(),
        durationMs: 12,
      },
    ],
  };
}

describe.each(testDialects)("outbox service on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const webhook = (subjectId = "quote-1") => ({
    topic: "quote.created",
    subjectType: "quote",
    subjectId,
    body: { quote: { status: "pending" } },
    route: "production" as const,
  });

  /** Leases a message and records a result, as the worker does around its network call. */
  async function tryOnce(id: string, result: DeliveryOutcome, now = new Date()) {
    const [message] = await claimDueMessages(database.db, dialect, {
      now: new Date(now.getTime() + 10 * HOUR).toISOString(),
      leaseUntil: new Date(now.getTime() + 11 * HOUR).toISOString(),
      workerId: "test",
      limit: 1,
    });
    expect(message?.id).toBe(id);
    return recordOutcome(database.db, message!, result, { workerId: "test", now });
  }

  test("a message enqueued in a transaction that rolls back does not exist", async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueueWebhook(trx, webhook());
        throw new Error("the quote insert failed");
      }),
    ).rejects.toThrow("the quote insert failed");
    const kept = await database.db.transaction().execute((trx) => enqueueWebhook(trx, webhook()));

    const { deliveries } = await listDeliveries(database.db, { limit: 10 });
    expect(deliveries.map((d) => d.id)).toEqual([kept]);
    expect(deliveries[0]).toMatchObject({ status: "pending", attemptCount: 0, kind: "webhook" });
  });

  test("a scheduled job waits for its due time; an email is due at once", async () => {
    const dueAt = new Date(Date.now() + 24 * HOUR);
    const job = await scheduleJob(database.db, {
      topic: "assignment.expire",
      dueAt,
      payload: { assignmentId: "a-1" },
      subjectType: "assignment",
      subjectId: "a-1",
    });
    const email = await enqueueEmail(database.db, {
      to: "ava@example.com",
      subject: "Hello",
      html: "<p>Hello</p>",
      text: "Hello",
      topic: "email.test",
    });
    expect((await getDelivery(database.db, job))!.nextAttemptAt).toBe(dueAt.toISOString());
    const claimed = await claimDueMessages(database.db, dialect, {
      now: new Date().toISOString(),
      leaseUntil: new Date(Date.now() + 60_000).toISOString(),
      workerId: "test",
      limit: 10,
    });
    expect(claimed.map((row) => row.id)).toEqual([email]);
  });

  test("the deliveries list pages newest first, each with its attempts", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await enqueueWebhook(database.db, webhook(`q-${i}`)));
    await tryOnce(ids[0]!, failure("https://hooks.example/prod", new Date()));

    const first = await listDeliveries(database.db, { limit: 3 });
    const second = await listDeliveries(database.db, { limit: 3, before: first.nextCursor! });
    const all = [...first.deliveries, ...second.deliveries];
    expect(new Set(all.map((d) => d.id))).toEqual(new Set(ids));
    expect(second.nextCursor).toBeNull();
    const tried = all.find((d) => d.id === ids[0])!;
    expect(tried).toMatchObject({ status: "retrying", attemptCount: 1, lastStatusCode: 502 });
    expect(tried.attempts).toMatchObject([
      {
        attemptNumber: 1,
        outcome: "failed",
        statusCode: 502,
        target: "https://hooks.example/prod",
      },
    ]);
    expect(
      (await listDeliveries(database.db, { limit: 10, status: "retrying" })).deliveries,
    ).toHaveLength(1);
    expect(
      (await listDeliveries(database.db, { limit: 10, kind: "email" })).deliveries,
    ).toHaveLength(0);
  });

  test("a delivery's detail holds its payload; an unknown id is null and cannot be redelivered", async () => {
    const id = await enqueueWebhook(database.db, webhook());
    expect((await getDelivery(database.db, id))!.payload).toEqual({
      valid: true,
      kind: "webhook",
      value: { route: "production", body: { quote: { status: "pending" } } },
    });
    expect(await getDelivery(database.db, "missing")).toBeNull();
    expect(await redeliver(database.db, "missing")).toBe(false);
  });

  test("webhook status: none, sending, failing after three failed tries, then what the latest says", async () => {
    expect(await webhookStatusFor(database.db, "quote", "quote-1")).toBe("none");
    const id = await enqueueWebhook(database.db, webhook());
    expect(await webhookStatusFor(database.db, "quote", "quote-1")).toBe("sending");
    await tryOnce(id, failure("https://hooks.example/prod", new Date()));
    await tryOnce(id, failure("https://hooks.example/prod", new Date()));
    expect(await webhookStatusFor(database.db, "quote", "quote-1")).toBe("sending");
    await tryOnce(id, failure("https://hooks.example/prod", new Date()));
    expect(await webhookStatusFor(database.db, "quote", "quote-1")).toBe("failing");
    expect(await webhookStatusFor(database.db, "quote", "quote-1", "quote.created")).toBe(
      "failing",
    );
    expect(await webhookStatusFor(database.db, "quote", "quote-1", "booking.confirmed")).toBe(
      "none",
    );
  });

  test("the banner warns of a target failing five times in a row and of mail undelivered for an hour", async () => {
    const now = new Date();
    const target = "https://hooks.example/prod";
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await enqueueWebhook(database.db, webhook(`q-${i}`)));
    for (const id of ids.slice(0, 4)) await tryOnce(id, failure(target, now));
    expect((await deliveryWarnings(database.db, now)).failingTargets).toEqual([]);

    await tryOnce(ids[4]!, failure(target, now));
    const warnings = await deliveryWarnings(database.db, new Date(now.getTime() + 2 * HOUR));
    expect(warnings.failingTargets).toEqual([
      {
        target,
        consecutiveFailures: 5,
        lastError: "Webhook failed with status: 502",
        lastAttemptAt: now.toISOString(),
        failingSince: now.toISOString(),
      },
    ]);
    expect(warnings.undelivered.map((m) => m.id).sort()).toEqual([...ids].sort());
    expect((await deliveryWarnings(database.db, now)).undelivered).toEqual([]);
  });

  test("webhook URLs saved in the settings win over the environment; a blank one falls back", async () => {
    const env = {
      WEBHOOK_PRODUCTION_URL: "https://env.example/prod",
      WEBHOOK_TEST_URL: "https://env.example/test",
    };
    expect(await getWebhookTargets(database.db, env)).toEqual({
      production: "https://env.example/prod",
      test: "https://env.example/test",
    });
    await database.db
      .insertInto("settings")
      .values([
        {
          key: "webhook_production_url",
          value: JSON.stringify("https://saved.example/prod"),
          updated_at: new Date().toISOString(),
        },
        {
          key: WEBHOOK_TEST_URL_SETTING,
          value: JSON.stringify(""),
          updated_at: new Date().toISOString(),
        },
      ])
      .execute();
    expect(await getWebhookTargets(database.db, env)).toEqual({
      production: "https://saved.example/prod",
      test: "https://env.example/test",
    });
  });

  test("results that finish together are each recorded, and one that cannot be written holds back none of the others", async () => {
    const ids: string[] = [];
    for (const subject of ["quote-1", "quote-2", "quote-3"]) {
      ids.push(
        await database.db.transaction().execute((trx) => enqueueWebhook(trx, webhook(subject))),
      );
    }
    const now = new Date();
    const claimed = await claimDueMessages(database.db, dialect, {
      now: new Date(now.getTime() + HOUR).toISOString(),
      leaseUntil: new Date(now.getTime() + 2 * HOUR).toISOString(),
      workerId: "test",
      limit: 3,
    });
    expect(claimed).toHaveLength(3);
    // The second message is removed while it is being tried: its attempt row cannot be written.
    await database.db.deleteFrom("outbox_messages").where("id", "=", ids[1]!).execute();

    const record = createOutcomeRecorder(database.db);
    const results = await Promise.allSettled(
      claimed.map((message) =>
        record(message, failure("https://hooks.example/", now), { workerId: "test", now }),
      ),
    );

    const byId = new Map(claimed.map((message, index) => [message.id, results[index]!]));
    expect(byId.get(ids[0]!)).toMatchObject({ status: "fulfilled", value: { status: "retrying" } });
    expect(byId.get(ids[1]!)?.status).toBe("rejected");
    expect(byId.get(ids[2]!)).toMatchObject({ status: "fulfilled", value: { status: "retrying" } });
    for (const id of [ids[0]!, ids[2]!]) {
      const delivery = await getDelivery(database.db, id);
      expect(delivery).toMatchObject({ status: "retrying", attemptCount: 1 });
    }
  });
});
