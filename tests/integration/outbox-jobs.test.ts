import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Job } from "~/features/outbox/job-handlers.server";
import { scheduleJob } from "~/features/outbox/outbox.service.server";
import { startWorker, type Worker } from "~/features/outbox/worker.server";
import {
  createClock,
  findAttempts,
  findMessage,
  silentLogger,
  testConfig,
} from "../helpers/outbox";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/test-database";

const HOUR = 60 * 60 * 1000;

describe.each(testDialects)("scheduled jobs on %s", (dialect) => {
  let database: TestDatabase;
  let worker: Worker | undefined;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await database.destroy();
  });

  test("a job runs at its due time with its payload, by the handler for its topic", async () => {
    const clock = createClock();
    const seen: Job[] = [];
    const id = await scheduleJob(database.db, {
      topic: "test.scheduled",
      dueAt: new Date(Date.now() + HOUR),
      payload: { assignmentId: "a-1" },
      subjectType: "assignment",
      subjectId: "a-1",
    });
    worker = startWorker({
      db: database.db,
      dialect,
      config: testConfig(),
      logger: silentLogger,
      poll: false,
      now: clock.now,
      handlers: {
        "test.scheduled": async (job, context) => {
          expect(context.signal.aborted).toBe(false);
          seen.push(job);
        },
      },
    });

    expect(await worker.runOnce()).toBe(0);
    clock.advance(HOUR);
    expect(await worker.runOnce()).toBe(1);
    expect(seen).toMatchObject([
      {
        id,
        payload: { assignmentId: "a-1" },
        subjectType: "assignment",
        subjectId: "a-1",
        attempt: 1,
      },
    ]);
    expect(await findMessage(database.db, id)).toMatchObject({ status: "delivered" });
  });

  test("a handler that throws is retried on the schedule; a missing handler is a failed try", async () => {
    const clock = createClock();
    let calls = 0;
    worker = startWorker({
      db: database.db,
      dialect,
      config: testConfig(),
      logger: silentLogger,
      poll: false,
      now: clock.now,
      handlers: {
        "test.flaky": async () => {
          calls += 1;
          if (calls === 1) throw new Error("storage unavailable");
        },
      },
    });
    const flaky = await scheduleJob(database.db, {
      topic: "test.flaky",
      dueAt: new Date(),
      payload: {},
    });
    const orphan = await scheduleJob(database.db, {
      topic: "test.nobody",
      dueAt: new Date(),
      payload: {},
    });

    expect(await worker.runOnce()).toBe(2);
    expect(await findMessage(database.db, flaky)).toMatchObject({
      status: "retrying",
      last_error: "storage unavailable",
    });
    expect(await findAttempts(database.db, orphan)).toMatchObject([
      {
        target: "job:test.nobody",
        outcome: "failed",
        error: "No handler is registered for test.nobody",
      },
    ]);

    clock.advance(1000);
    await worker.runOnce();
    expect(await findMessage(database.db, flaky)).toMatchObject({
      status: "delivered",
      attempts: 2,
    });
  });
});
