import type { Kysely } from "kysely";
import type { JobHandler } from "~/features/outbox/job-handlers.server";
import { scheduleJobUnlessWaiting } from "~/features/outbox/outbox.service.server";
import { queueVisitCharges } from "~/features/payments/card-charges.service.server";
import type { Database } from "~/server/database";
import { sweepSeries } from "./series-sweep.service.server";

// The series sweep, every hour, run by the outbox worker (listed in app/jobs.server.ts);
// docs/decisions/0073-series-occurrences-are-bookings.md. Safe to run twice and on several
// servers at once: each visit is claimed under a unique key per series and date.

export const SERIES_SWEEP_TOPIC = "recurring.sweep";
const SERIES_SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Books the series' visits ahead, then schedules the next run. */
export const seriesSweepJob: JobHandler = async (job, { db, config, logger }) => {
  const now = new Date();
  const counts = await sweepSeries(db, { publicUrl: config.publicUrl, now });
  if (counts.booked > 0 || counts.skipped > 0) logger.info(counts, "series visits booked");
  // Completed visits not yet charged to a saved card get their charge job
  // (docs/decisions/0074-saved-cards-and-off-session-charges.md).
  await queueVisitCharges(db, { now });
  await scheduleJobUnlessWaiting(
    db,
    {
      topic: SERIES_SWEEP_TOPIC,
      dueAt: new Date(now.getTime() + SERIES_SWEEP_EVERY_MS),
      payload: {},
    },
    job.id,
  );
};

/** On start: a run due now, unless one is already waiting. */
export async function ensureSeriesSweepScheduled(db: Kysely<Database>, now = new Date()) {
  return scheduleJobUnlessWaiting(db, { topic: SERIES_SWEEP_TOPIC, dueAt: now, payload: {} });
}
