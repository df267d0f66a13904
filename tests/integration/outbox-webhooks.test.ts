import { createHmac } from "node:crypto";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { redeliver, webhookStatusFor } from "~/features/outbox/deliveries.service.server";
import { enqueueWebhook } from "~/features/outbox/outbox.service.server";
import type { WebhookRoute } from "~/features/outbox/outbox.schema";
import { WEBHOOK_PRODUCTION_URL_SETTING } from "~/features/settings/setting-keys";
import type { AppConfig } from "~/server/config.server";
import { startWorker, type Worker } from "~/features/outbox/worker.server";
import {
  startAutomationHost,
  type AutomationHost,
  type RecordedRequest,
} from "../fakes/automation-host";
import {
  createClock,
  createStillClock,
  findAttempts,
  findMessage,
  silentLogger,
  testConfig,
  TEST_WEBHOOK_KEY,
  TEST_WEBHOOK_SECRET,
  waitAfter,
} from "../helpers/outbox";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/test-database";

const DAY = 24 * 60 * 60 * 1000;

/** The receiver's check, written independently of our signer. */
function signatureVerifies(request: RecordedRequest) {
  const id = request.headers["webhook-id"];
  const timestamp = request.headers["webhook-timestamp"];
  const expected = createHmac("sha256", TEST_WEBHOOK_KEY)
    .update(`${String(id)}.${String(timestamp)}.${request.body}`)
    .digest("base64");
  return request.headers["webhook-signature"] === `v1,${expected}`;
}

describe.each(testDialects)("webhook delivery on %s", (dialect) => {
  let database: TestDatabase;
  let host: AutomationHost;
  let clock: ReturnType<typeof createClock>;
  let worker: Worker | undefined;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    host = await startAutomationHost();
    clock = createClock();
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await host.close();
    await database.destroy();
  });

  // A try's deadline is real time. The fake host answers at once, but on a loaded machine not
  // always within 300 ms, which read as a timeout and failed a test about something else: only the
  // test of the deadline itself sets a short one.
  function start(config: AppConfig, attemptTimeoutMs = 10_000) {
    worker = startWorker({
      db: database.db,
      dialect,
      config,
      logger: silentLogger,
      poll: false,
      attemptTimeoutMs,
      now: clock.now,
      random: () => 0.5,
    });
    return worker;
  }

  function configured(env: Partial<Record<string, string>> = {}) {
    return testConfig({
      WEBHOOK_PRODUCTION_URL: host.url("/production"),
      WEBHOOK_TEST_URL: host.url("/test"),
      WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      ...env,
    });
  }

  async function enqueue(route: WebhookRoute = "production", topic = "quote.created") {
    return database.db.transaction().execute((trx) =>
      enqueueWebhook(trx, {
        topic,
        subjectType: "quote",
        subjectId: "quote-1",
        body: { quote: { client: { name: "Olivia Hart" } } },
        route,
      }),
    );
  }

  test("a 200 delivers the message once, signed, with its id as webhook-id", async () => {
    const run = start(configured());
    const id = await enqueue();

    expect(await run.runOnce()).toBe(1);
    expect(await run.runOnce()).toBe(0);

    expect(host.requests).toHaveLength(1);
    const [request] = host.requests;
    expect(request!.method).toBe("POST");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["webhook-id"]).toBe(id);
    expect(JSON.parse(request!.body)).toEqual({ quote: { client: { name: "Olivia Hart" } } });
    expect(signatureVerifies(request!)).toBe(true);

    const message = await findMessage(database.db, id);
    expect(message).toMatchObject({ status: "delivered", attempts: 1, last_status_code: 200 });
    expect(message.lease_until).toBeNull();
    const attempts = await findAttempts(database.db, id);
    expect(attempts).toMatchObject([
      {
        attempt_number: 1,
        target: host.url("/production"),
        outcome: "delivered",
        status_code: 200,
      },
    ]);
    expect(await webhookStatusFor(database.db, "quote", "quote-1")).toBe("delivered");
  });

  test("a 500 is retried 1 s then 2 s later, then with backoff, same id and a fresh signature each try", async () => {
    host.answer([{ status: 500 }, { status: 500 }, { status: 500 }, { status: 200 }]);
    clock = createStillClock();
    const run = start(configured());
    const id = await enqueue();

    await run.runOnce();
    let message = await findMessage(database.db, id);
    expect(message).toMatchObject({
      status: "retrying",
      attempts: 1,
      last_error: "Webhook failed with status: 500",
      last_status_code: 500,
    });
    expect(waitAfter(message)).toBe(1000);
    expect(await webhookStatusFor(database.db, "quote", "quote-1")).toBe("sending");

    clock.advance(900);
    expect(await run.runOnce()).toBe(0);
    clock.advance(100);
    expect(await run.runOnce()).toBe(1);
    message = await findMessage(database.db, id);
    expect(waitAfter(message)).toBe(2000);

    clock.advance(2000);
    await run.runOnce();
    message = await findMessage(database.db, id);
    // Full jitter under a 30 s ceiling; the test's random() is 0.5.
    expect(waitAfter(message)).toBe(15_000);
    expect(await webhookStatusFor(database.db, "quote", "quote-1")).toBe("failing");

    // docs/decisions/0008-webhook-outbox.md: the lead's timeline shows the spec's text after the spec's three tries.
    const audit = await database.db.selectFrom("audit_log").selectAll().execute();
    expect(audit).toMatchObject([
      { action: "quote.webhook_failed", subject_type: "quote", subject_id: "quote-1" },
    ]);
    expect(JSON.parse(audit[0]!.details!)).toMatchObject({
      message: "Quote created successfully but webhook notification failed",
    });

    clock.advance(15_000);
    await run.runOnce();
    expect(await findMessage(database.db, id)).toMatchObject({ status: "delivered", attempts: 4 });

    expect(host.requests).toHaveLength(4);
    expect(new Set(host.requests.map((r) => r.headers["webhook-id"]))).toEqual(new Set([id]));
    expect(new Set(host.requests.map((r) => r.headers["webhook-signature"])).size).toBe(4);
    expect(host.requests.every(signatureVerifies)).toBe(true);
    const attempts = await findAttempts(database.db, id);
    expect(attempts.map((a) => [a.attempt_number, a.outcome, a.status_code])).toEqual([
      [1, "failed", 500],
      [2, "failed", 500],
      [3, "failed", 500],
      [4, "delivered", 200],
    ]);
    expect(await database.db.selectFrom("audit_log").selectAll().execute()).toHaveLength(1);
  });

  test("a host that never answers times the try out and it is retried 1 s later", async () => {
    host.answer(["hang", { status: 204 }]);
    const run = start(configured(), 300);
    const id = await enqueue();

    // A try that waited for the hanging host would never return: the test's own timeout fails it.
    await run.runOnce();
    const message = await findMessage(database.db, id);
    expect(message).toMatchObject({
      status: "retrying",
      last_error: "Webhook timed out after 300 ms",
    });
    expect(waitAfter(message)).toBe(1000);
    const [attempt] = await findAttempts(database.db, id);
    expect(attempt!.duration_ms).toBeGreaterThanOrEqual(250);

    // The retry answers at once; it gets the usual deadline, not the short one of the hang.
    await run.stop();
    const retry = start(configured());
    clock.advance(1000);
    await retry.runOnce();
    expect(await findMessage(database.db, id)).toMatchObject({ status: "delivered", attempts: 2 });
    expect(host.requests.map((r) => r.headers["webhook-id"])).toEqual([id, id]);
  });

  test("a host that is down counts as a failed try", async () => {
    await host.down();
    const run = start(configured());
    const id = await enqueue();
    await run.runOnce();
    expect((await findMessage(database.db, id)).last_error).toBe(
      "Webhook request failed: ECONNREFUSED",
    );
    await host.up();
    clock.advance(1000);
    await run.runOnce();
    expect((await findMessage(database.db, id)).status).toBe("delivered");
  });

  test("test then production: the test URL first, production when it fails, one row per URL", async () => {
    host.answer({ status: 500 }, "/test");
    const run = start(configured());
    const id = await enqueue("test_then_production", "contact.created");

    await run.runOnce();
    expect(host.requests.map((r) => r.path)).toEqual(["/test", "/production"]);
    expect(host.requests.every(signatureVerifies)).toBe(true);
    expect(await findMessage(database.db, id)).toMatchObject({ status: "delivered", attempts: 1 });
    const attempts = await findAttempts(database.db, id);
    expect(attempts.map((a) => [a.attempt_number, a.target, a.outcome])).toEqual([
      [1, host.url("/test"), "failed"],
      [1, host.url("/production"), "delivered"],
    ]);
  });

  test("test then production stops at the test URL when it answers OK", async () => {
    const run = start(configured());
    const id = await enqueue("test_then_production", "contact.created");
    await run.runOnce();
    expect(host.requests.map((r) => r.path)).toEqual(["/test"]);
    expect((await findMessage(database.db, id)).status).toBe("delivered");
  });

  test("when test and production both fail the message reads 'Failed to send message to any webhook'", async () => {
    host.answer({ status: 503 });
    const run = start(configured());
    const id = await enqueue("test_then_production", "contact.created");
    await run.runOnce();
    expect(await findMessage(database.db, id)).toMatchObject({
      status: "retrying",
      last_error: "Failed to send message to any webhook",
    });
    expect((await findAttempts(database.db, id)).map((a) => a.error)).toEqual([
      "Webhook failed with status: 503",
      "Webhook failed with status: 503",
    ]);
  });

  test("with no URL for its route a message is skipped, not failed", async () => {
    const run = start(testConfig({ WEBHOOK_TEST_URL: host.url("/test") }));
    const id = await enqueue("production");
    await run.runOnce();
    expect(host.requests).toHaveLength(0);
    expect(await findMessage(database.db, id)).toMatchObject({ status: "skipped", attempts: 1 });
    expect(await findAttempts(database.db, id)).toMatchObject([
      { outcome: "skipped", error: "No webhook URL is configured" },
    ]);
    expect(await webhookStatusFor(database.db, "quote", "quote-1")).toBe("skipped");
  });

  test("a URL saved in the settings wins over the environment", async () => {
    await database.db
      .insertInto("settings")
      .values({
        key: WEBHOOK_PRODUCTION_URL_SETTING,
        value: JSON.stringify(host.url("/from-settings")),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const run = start(configured());
    await enqueue();
    await run.runOnce();
    expect(host.requests.map((r) => r.path)).toEqual(["/from-settings"]);
  });

  test("without WEBHOOK_SECRET the webhook still goes, unsigned", async () => {
    const run = start(configured({ WEBHOOK_SECRET: "" }));
    const id = await enqueue();
    await run.runOnce();
    expect(host.requests[0]!.headers["webhook-signature"]).toBeUndefined();
    expect(host.requests[0]!.headers["webhook-id"]).toBe(id);
    expect((await findMessage(database.db, id)).status).toBe("delivered");
  });

  test("a failure 3 days after creation is final: dead; redeliver gives it another try", async () => {
    host.answer({ status: 500 });
    const run = start(configured());
    const id = await enqueue();
    await run.runOnce();

    clock.advance(3 * DAY);
    expect(await run.runOnce()).toBe(1);
    expect(await findMessage(database.db, id)).toMatchObject({ status: "dead", attempts: 2 });
    expect(await webhookStatusFor(database.db, "quote", "quote-1")).toBe("dead");
    clock.advance(DAY);
    expect(await run.runOnce()).toBe(0);

    host.answer({ status: 200 });
    expect(await redeliver(database.db, id, clock.now())).toBe(true);
    expect(await findMessage(database.db, id)).toMatchObject({ status: "pending", attempts: 2 });
    expect(await run.runOnce()).toBe(1);
    expect(await findMessage(database.db, id)).toMatchObject({ status: "delivered", attempts: 3 });
    expect(await findAttempts(database.db, id)).toHaveLength(3);
    expect(new Set(host.requests.map((r) => r.headers["webhook-id"]))).toEqual(new Set([id]));
  });
});
