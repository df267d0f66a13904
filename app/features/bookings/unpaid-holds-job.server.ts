import type { Kysely } from "kysely";
import type { JobHandler } from "~/features/outbox/job-handlers.server";
import { scheduleJobUnlessWaiting } from "~/features/outbox/outbox.service.server";
import type { Database } from "~/server/database";
import { releaseRunOutHolds } from "./unpaid-holds.service.server";

// The release of unpaid holds, every 5 minutes, run by the outbox worker (listed in
// app/jobs.server.ts); docs/decisions/0048-unpaid-booking-holds.md. Safe to run twice
// and on several servers at once: each release is a compare-and-set on the booking.

export const UNPAID_HOLDS_TOPIC = "bookings.release_unpaid";
const UNPAID_HOLDS_EVERY_MS = 5 * 60 * 1000;

/** Releases run-out holds, then schedules the next run. Nothing is released without online payment. */
export const releaseUnpaidHoldsJob: JobHandler = async (job, { db, config, logger }) => {
  const now = new Date();
  // With online payment off, every booking is paid after the clean: none can be "unpaid too long".
  if (config.paymentsMode !== "off") {
    const released = await releaseRunOutHolds(db, { publicUrl: config.publicUrl, now });
    if (released > 0) logger.info({ released }, "unpaid bookings released");
  }
  await scheduleJobUnlessWaiting(
    db,
    {
      topic: UNPAID_HOLDS_TOPIC,
      dueAt: new Date(now.getTime() + UNPAID_HOLDS_EVERY_MS),
      payload: {},
    },
    job.id,
  );
};

/** On start: a run due now, unless one is already waiting. */
export async function ensureUnpaidHoldsScheduled(db: Kysely<Database>, now = new Date()) {
  return scheduleJobUnlessWaiting(db, { topic: UNPAID_HOLDS_TOPIC, dueAt: now, payload: {} });
}
