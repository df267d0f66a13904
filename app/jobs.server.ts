import type { Kysely } from "kysely";
import {
  ASSIGNMENTS_SWEEP_TOPIC,
  assignmentExpiryJob,
  assignmentsSweepJob,
  ensureAssignmentsSweepScheduled,
} from "~/features/assignments/assignment-jobs.server";
import { autoOfferJob } from "~/features/assignments/auto-offers.server";
import { ASSIGNMENT_EXPIRY_TOPIC, AUTO_OFFER_TOPIC } from "~/features/bookings/job-offers";
import {
  ensureUnpaidHoldsScheduled,
  releaseUnpaidHoldsJob,
  UNPAID_HOLDS_TOPIC,
} from "~/features/bookings/unpaid-holds-job.server";
import type { JobHandlers } from "~/features/outbox/job-handlers.server";
import { cardChargeJob } from "~/features/payments/card-charge-job.server";
import { CARD_CHARGE_TOPIC } from "~/features/payments/card-charges.service.server";
import {
  FOLLOW_UPS_TOPIC,
  ensureFollowUpsScheduled,
  sendFollowUpsJob,
} from "~/features/quote-follow-ups/follow-ups-job.server";
import {
  REMINDERS_TOPIC,
  ensureRemindersScheduled,
  sendRemindersJob,
} from "~/features/reminders/reminders-job.server";
import {
  ensureSeriesSweepScheduled,
  SERIES_SWEEP_TOPIC,
  seriesSweepJob,
} from "~/features/recurring/series-sweep-job.server";
import {
  UPLOADS_CLEAN_TOPIC,
  cleanUploadsJob,
  ensureUploadsCleanScheduled,
} from "~/features/uploads/uploads-cleanup.server";
import type { Database } from "~/server/database";

// The app's scheduled jobs, listed here rather than registered by route modules: the worker runs
// in the Express bundle, which does not load the route modules (docs/architecture.md#things-that-bite-on-this-stack: a static list).

/** The handler of each job topic, for the worker started by server.ts. */
export const APP_JOB_HANDLERS: JobHandlers = {
  [UPLOADS_CLEAN_TOPIC]: cleanUploadsJob,
  [ASSIGNMENT_EXPIRY_TOPIC]: assignmentExpiryJob,
  [ASSIGNMENTS_SWEEP_TOPIC]: assignmentsSweepJob,
  [AUTO_OFFER_TOPIC]: autoOfferJob,
  [UNPAID_HOLDS_TOPIC]: releaseUnpaidHoldsJob,
  [REMINDERS_TOPIC]: sendRemindersJob,
  [FOLLOW_UPS_TOPIC]: sendFollowUpsJob,
  [SERIES_SWEEP_TOPIC]: seriesSweepJob,
  [CARD_CHARGE_TOPIC]: cardChargeJob,
};

/** The jobs that book their own next run; each needs a first run on start. */
export const RECURRING_JOBS = [
  ensureUploadsCleanScheduled,
  ensureAssignmentsSweepScheduled,
  ensureUnpaidHoldsScheduled,
  ensureRemindersScheduled,
  ensureFollowUpsScheduled,
  ensureSeriesSweepScheduled,
];

/** Run once on start, after migrations: recurring jobs get their first run if none is waiting. */
export async function scheduleRecurringJobs(db: Kysely<Database>, now = new Date()) {
  for (const ensureScheduled of RECURRING_JOBS) await ensureScheduled(db, now);
}
