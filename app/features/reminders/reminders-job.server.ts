import type { Kysely } from "kysely";
import type { JobHandler } from "~/features/outbox/job-handlers.server";
import { scheduleJobUnlessWaiting } from "~/features/outbox/outbox.service.server";
import type { Database } from "~/server/database";
import { sendDueReminders } from "./reminders.service.server";

// The reminder sweep, every 5 minutes, run by the outbox worker (listed in app/jobs.server.ts);
// docs/decisions/0075-reminders-once-per-booked-time.md. Safe to run twice and on several
// servers at once: each reminder is claimed by a unique row in the transaction that sends it.

export const REMINDERS_TOPIC = "bookings.send_reminders";
const REMINDERS_EVERY_MS = 5 * 60 * 1000;

export const sendRemindersJob: JobHandler = async (job, { db, config, logger }) => {
  const now = new Date();
  const sent = await sendDueReminders(db, { config, now });
  if (sent > 0) logger.info({ sent }, "booking reminders sent");
  await scheduleJobUnlessWaiting(
    db,
    { topic: REMINDERS_TOPIC, dueAt: new Date(now.getTime() + REMINDERS_EVERY_MS), payload: {} },
    job.id,
  );
};

/** On start: a run due now, unless one is already waiting. */
export async function ensureRemindersScheduled(db: Kysely<Database>, now = new Date()) {
  return scheduleJobUnlessWaiting(db, { topic: REMINDERS_TOPIC, dueAt: now, payload: {} });
}
