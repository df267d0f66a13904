import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { enqueueWebhook } from "~/features/outbox/outbox.service.server";
import { startWorker, type Worker } from "~/features/outbox/worker.server";
import { startAutomationHost, type AutomationHost } from "../fakes/automation-host";
import { findAttempts, findMessage, silentLogger, testConfig } from "../helpers/outbox";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/test-database";
import { until } from "../helpers/until";

describe.each(testDialects)("the running worker on %s", (dialect) => {
  let database: TestDatabase;
  let host: AutomationHost;
  let worker: Worker | undefined;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    host = await startAutomationHost();
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await host.close();
    await database.destroy();
  });

  const enqueue = () =>
    enqueueWebhook(database.db, {
      topic: "contact.created",
      subjectType: "contact_message",
      subjectId: "c-1",
      body: { contact: { firstName: "Ava" } },
      route: "production",
    });

  test("delivers by itself and wakes for a quick retry before the next poll", async () => {
    host.answer([{ status: 500 }, { status: 200 }]);
    const id = await enqueue();
    worker = startWorker({
      db: database.db,
      dialect,
      config: testConfig({ WEBHOOK_PRODUCTION_URL: host.url() }),
      logger: silentLogger,
      // A poll this slow would miss the test's deadline: the retry must wake the worker.
      pollIntervalMs: 10_000,
      // Short stand-ins for the spec's 1 s and 2 s, so the test does not sleep for real.
      retryPolicy: { quickDelaysMs: [150, 300] },
    });
    await until(async () => (await findMessage(database.db, id)).status === "delivered");
    const [first, second] = await findAttempts(database.db, id);
    const gap = Date.parse(second!.attempted_at) - Date.parse(first!.attempted_at);
    expect(gap).toBeGreaterThanOrEqual(150);
    expect(gap).toBeLessThan(1000);
  });

  test("stop() lets a delivery in flight finish and record before it returns", async () => {
    host.answer({ status: 200, delayMs: 300 });
    worker = startWorker({
      db: database.db,
      dialect,
      config: testConfig({ WEBHOOK_PRODUCTION_URL: host.url() }),
      logger: silentLogger,
      pollIntervalMs: 50,
    });
    const id = await enqueue();
    await until(() => host.requests.length === 1);
    await worker.stop();
    expect(await findMessage(database.db, id)).toMatchObject({ status: "delivered", attempts: 1 });
  });

  test("stop() is bounded: a try still hanging is abandoned and its message handed back", async () => {
    host.answer("hang");
    worker = startWorker({
      db: database.db,
      dialect,
      config: testConfig({ WEBHOOK_PRODUCTION_URL: host.url() }),
      logger: silentLogger,
      pollIntervalMs: 50,
      stopTimeoutMs: 200,
    });
    const id = await enqueue();
    await until(() => host.requests.length === 1);
    const started = Date.now();
    await worker.stop();
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await findMessage(database.db, id)).toMatchObject({
      status: "pending",
      attempts: 0,
      lease_until: null,
    });
    expect(await findAttempts(database.db, id)).toHaveLength(0);
  });
});
