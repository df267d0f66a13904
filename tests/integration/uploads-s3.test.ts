import { readdirSync, rmSync } from "node:fs";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startWorker } from "~/features/outbox/worker.server";
import {
  readUpload,
  storeApplicantPhoto,
  storeQuotePhoto,
} from "~/features/uploads/uploads.service.server";
import type { AppConfig } from "~/server/config.server";
import { importImage } from "~/server/images.server";
import { APP_JOB_HANDLERS, RECURRING_JOBS, scheduleRecurringJobs } from "~/jobs.server";
import { silentLogger, testConfig } from "../helpers/outbox";
import { startLocalS3, type LocalS3 } from "../helpers/s3-server";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/test-database";

// docs/decisions/0036-object-storage.md: with S3_BUCKET set, uploads, image variants and the
// hourly clean-up all work on the bucket, and nothing lands in the data folder.

async function photo(width = 640, height = 480) {
  return sharp({ create: { width, height, channels: 3, background: "#8a9a70" } })
    .jpeg()
    .toBuffer();
}

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3.stop();
});

describe.each(testDialects)("uploads in an S3 bucket on %s", (dialect) => {
  let database: TestDatabase;
  let config: AppConfig;
  let dataFilesBefore: string[];
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    config = testConfig(s3.env);
    dataFilesBefore = readdirSync(config.dataDir);
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(config.dataDir, { recursive: true, force: true });
  });

  const keyOf = async (id: string) =>
    (
      await database.db
        .selectFrom("uploads")
        .select("key")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).key;

  test("a quote photo is stored in the bucket, not the data folder, and read back", async () => {
    const stored = await storeQuotePhoto(database.db, config, { bytes: await photo() });
    if (!stored.ok) throw new Error(stored.message);

    expect(await s3.listKeys()).toContain(`uploads/${await keyOf(stored.upload.id)}.webp`);
    expect(readdirSync(config.dataDir)).toEqual(dataFilesBefore);

    const served = await readUpload(database.db, config, stored.upload.id);
    const bytes = Buffer.from(await new Response(served!.body).arrayBuffer());
    expect(bytes.length).toBe(served!.size);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 640 });
  });

  test("the hourly clean-up removes a day-old unclaimed upload from the bucket", async () => {
    const store = async () => {
      const result = await storeApplicantPhoto(database.db, config, { bytes: await photo() });
      if (!result.ok) throw new Error(result.message);
      return result.upload.id;
    };
    const [stale, fresh] = [await store(), await store()];
    await database.db
      .updateTable("uploads")
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() })
      .where("id", "=", stale)
      .execute();
    const [staleKey, freshKey] = [await keyOf(stale), await keyOf(fresh)];

    await scheduleRecurringJobs(database.db);
    const worker = startWorker({
      db: database.db,
      dialect,
      config,
      logger: silentLogger,
      handlers: APP_JOB_HANDLERS,
      poll: false,
    });
    try {
      // The clean-up, and every other recurring job that starts with it.
      expect(await worker.runOnce()).toBe(RECURRING_JOBS.length);
    } finally {
      await worker.stop();
    }

    const keys = await s3.listKeys();
    expect(keys).not.toContain(`uploads/${staleKey}.webp`);
    expect(keys).toContain(`uploads/${freshKey}.webp`);
    expect(await readUpload(database.db, config, stale)).toBeNull();
  });

  test("an imported image's variants go to the bucket, and a second import finds them", async () => {
    const input = await photo(500, 300);
    const image = await importImage(database.db, config, input, { originalName: "room.jpg" });
    const variants = (await s3.listKeys()).filter((key) => key.startsWith(`media/${image.key}/`));
    expect(variants.sort()).toEqual(
      image.widths
        .flatMap((w) => [`media/${image.key}/${w}.avif`, `media/${image.key}/${w}.webp`])
        .sort(),
    );
    expect(readdirSync(config.dataDir)).toEqual(dataFilesBefore);

    const again = await importImage(database.db, config, input, { originalName: "copy.jpg" });
    expect(again).toEqual(image);
  });
});
