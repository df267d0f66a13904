import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  UPLOADS_CLEAN_EVERY_MS,
  UPLOADS_CLEAN_TOPIC,
} from "~/features/uploads/uploads-cleanup.server";
import { storeQuotePhoto, uploadsDir } from "~/features/uploads/uploads.service.server";
import type { AppConfig } from "~/server/config.server";
import { APP_JOB_HANDLERS, RECURRING_JOBS, scheduleRecurringJobs } from "~/jobs.server";
import { startWorker, type Worker } from "~/features/outbox/worker.server";
import { silentLogger, testConfig } from "../helpers/outbox";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/test-database";

// docs/decisions/0010-photo-uploads.md: uploads nobody claimed within a day are removed by the hourly uploads.clean outbox job,
// not on a visitor's upload request; each run books the next.

const DAY_AND_AN_HOUR_AGO = () => new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();

async function photo() {
  return sharp({ create: { width: 200, height: 150, channels: 3, background: "#a08860" } })
    .jpeg()
    .toBuffer();
}

describe.each(testDialects)("the unclaimed-upload clean-up job on %s", (dialect) => {
  let database: TestDatabase;
  let config: AppConfig;
  let worker: Worker | undefined;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    config = testConfig();
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await database.destroy();
  });

  async function store() {
    const result = await storeQuotePhoto(database.db, config, { bytes: await photo() });
    if (!result.ok) throw new Error(result.message);
    return result.upload.id;
  }

  const uploadIds = async () =>
    (await database.db.selectFrom("uploads").select("id").execute()).map((row) => row.id).sort();
  const cleanJobs = () =>
    database.db
      .selectFrom("outbox_messages")
      .selectAll()
      .where("topic", "=", UPLOADS_CLEAN_TOPIC)
      .orderBy("next_attempt_at")
      .execute();

  test("removes a day-old unclaimed upload, row and file; claimed and fresh ones stay", async () => {
    const [stale, claimed, fresh] = [await store(), await store(), await store()];
    await database.db
      .updateTable("uploads")
      .set({ created_at: DAY_AND_AN_HOUR_AGO() })
      .where("id", "in", [stale, claimed])
      .execute();
    await database.db
      .updateTable("uploads")
      .set({ claimed_at: new Date().toISOString() })
      .where("id", "=", claimed)
      .execute();
    const staleKey = (
      await database.db
        .selectFrom("uploads")
        .select("key")
        .where("id", "=", stale)
        .executeTakeFirstOrThrow()
    ).key;
    const staleFile = path.join(uploadsDir(config), `${staleKey}.webp`);
    expect(existsSync(staleFile)).toBe(true);

    // A visitor's upload no longer sweeps: the stale one is still there after a new upload.
    const later = await store();
    expect(await uploadIds()).toContain(stale);

    await scheduleRecurringJobs(database.db);
    worker = startWorker({
      db: database.db,
      dialect,
      config,
      logger: silentLogger,
      handlers: APP_JOB_HANDLERS,
      poll: false,
    });
    // The clean-up, and every other recurring job that starts with it.
    expect(await worker.runOnce()).toBe(RECURRING_JOBS.length);

    expect(await uploadIds()).toEqual([claimed, fresh, later].sort());
    expect(existsSync(staleFile)).toBe(false);
    expect(readdirSync(uploadsDir(config))).toHaveLength(3);
  });

  test("each run books the next an hour on, and only one run is ever waiting", async () => {
    await scheduleRecurringJobs(database.db);
    // A second process starting adds none while one is waiting.
    await scheduleRecurringJobs(database.db);
    expect(await cleanJobs()).toHaveLength(1);

    worker = startWorker({
      db: database.db,
      dialect,
      config,
      logger: silentLogger,
      handlers: APP_JOB_HANDLERS,
      poll: false,
    });
    const before = Date.now();
    // The clean-up, and every other recurring job that starts with it.
    expect(await worker.runOnce()).toBe(RECURRING_JOBS.length);

    const [done, next] = await cleanJobs();
    expect(done).toMatchObject({ kind: "job", status: "delivered" });
    expect(next).toMatchObject({ kind: "job", status: "pending" });
    expect(Date.parse(next!.next_attempt_at)).toBeGreaterThanOrEqual(
      before + UPLOADS_CLEAN_EVERY_MS,
    );
    // Nothing else is due now; the next run waits for its hour.
    expect(await worker.runOnce()).toBe(0);
    // A restart now adds nothing: the booked run is waiting (the done one and it, no third).
    await scheduleRecurringJobs(database.db);
    expect(await cleanJobs()).toHaveLength(2);
  });
});
