import type { Kysely } from "kysely";
import type { JobHandler } from "~/features/outbox/job-handlers.server";
import { scheduleJobUnlessWaiting } from "~/features/outbox/outbox.service.server";
import type { Database } from "~/server/database";
import { cleanUnclaimedUploads } from "./uploads.service.server";

// docs/decisions/0010-photo-uploads.md: photos uploaded for a quote or a post-construction request that nobody claimed within a
// day are removed, rows and files. An outbox job does it, hourly, in whichever process's worker
// claims it, so no visitor's upload waits on the sweep. Each run schedules the next; the server
// schedules one on start when none is waiting (a first run, or a chain that broke).

export const UPLOADS_CLEAN_TOPIC = "uploads.clean";
export const UPLOADS_CLEAN_EVERY_MS = 60 * 60 * 1000;

/** Runs the clean-up, then schedules the next run an hour on. Safe to run twice. */
export const cleanUploadsJob: JobHandler = async (job, { db, config, logger }) => {
  const now = new Date();
  const removed = await cleanUnclaimedUploads(db, config, now);
  if (removed > 0) logger.info({ removed }, "unclaimed uploads removed");
  await scheduleJobUnlessWaiting(
    db,
    {
      topic: UPLOADS_CLEAN_TOPIC,
      dueAt: new Date(now.getTime() + UPLOADS_CLEAN_EVERY_MS),
      payload: {},
    },
    job.id,
  );
};

/** On start: a clean-up due now, unless one is already waiting. Returns its id, or null. */
export async function ensureUploadsCleanScheduled(db: Kysely<Database>, now = new Date()) {
  return scheduleJobUnlessWaiting(db, { topic: UPLOADS_CLEAN_TOPIC, dueAt: now, payload: {} });
}
