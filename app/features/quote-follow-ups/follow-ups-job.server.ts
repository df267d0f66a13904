import type { Kysely } from "kysely";
import type { JobHandler } from "~/features/outbox/job-handlers.server";
import { scheduleJobUnlessWaiting } from "~/features/outbox/outbox.service.server";
import type { Database } from "~/server/database";
import { sendDueFollowUps } from "./follow-ups.service.server";

// The quote follow-up sweep, every 15 minutes, run by the outbox worker (listed in
// app/jobs.server.ts); docs/decisions/0077-quote-follow-ups.md.

export const FOLLOW_UPS_TOPIC = "quotes.send_follow_ups";
const FOLLOW_UPS_EVERY_MS = 15 * 60 * 1000;

export const sendFollowUpsJob: JobHandler = async (job, { db, config, logger }) => {
  const now = new Date();
  const sent = await sendDueFollowUps(db, { config, now });
  if (sent > 0) logger.info({ sent }, "quote follow-ups sent");
  await scheduleJobUnlessWaiting(
    db,
    { topic: FOLLOW_UPS_TOPIC, dueAt: new Date(now.getTime() + FOLLOW_UPS_EVERY_MS), payload: {} },
    job.id,
  );
};

/** On start: a run due now, unless one is already waiting. */
export async function ensureFollowUpsScheduled(db: Kysely<Database>, now = new Date()) {
  return scheduleJobUnlessWaiting(db, { topic: FOLLOW_UPS_TOPIC, dueAt: now, payload: {} });
}
