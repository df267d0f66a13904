import type { Kysely } from "kysely";
import { alertLapsingPoliceChecks } from "~/features/cleaners/vetting.service.server";
import type { JobHandler } from "~/features/outbox/job-handlers.server";
import { scheduleJob, scheduleJobUnlessWaiting } from "~/features/outbox/outbox.service.server";
import { newId } from "~/lib/ids";
import { addDays, sydneyDate, sydneyInstant } from "~/lib/sydney-time";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database } from "~/server/database";
import { notifyStaffOfUnstaffedBooking } from "./assignment-emails.server";
import {
  findOverdueOffers,
  findUnstaffedBookings,
  UNSTAFFED_ALERT,
} from "./assignments.repository.server";
import { ASSIGNMENT_EXPIRY_TOPIC } from "~/features/bookings/job-offers";
import { crewSizeOf } from "./assignments";
import { expireOffer } from "./offer-answers.server";

// The offers' background work, run by the outbox worker (listed in app/jobs.server.ts):
// - job.assignment_expiry, scheduled with each offer for its deadline;
// - assignments.sweep, every 15 minutes: expires any overdue offer whose job was lost (or came
//   from the demo data) and raises the staff alert for a booking 24 hours away with no accepted
//   cleaner, once per booking (an audit entry marks it raised), and the one for a working
//   cleaner's police check lapsing within 30 days (docs/decisions/0042-who-is-free-for-a-job.md).

export const ASSIGNMENTS_SWEEP_TOPIC = "assignments.sweep";
const ASSIGNMENTS_SWEEP_EVERY_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

function assignmentIdOf(payload: Record<string, unknown>) {
  return typeof payload.assignmentId === "string" ? payload.assignmentId : null;
}

/** At the offer's deadline: expire it unless answered; a moved deadline gets a new run. */
export const assignmentExpiryJob: JobHandler = async (job, { db, config }) => {
  const id = assignmentIdOf(job.payload);
  if (!id) return;
  const result = await expireOffer(db, id, { publicUrl: config.publicUrl });
  if (result.status === "not-due") {
    await scheduleJob(db, {
      topic: ASSIGNMENT_EXPIRY_TOPIC,
      dueAt: new Date(result.deadline),
      payload: { assignmentId: id },
      subjectType: "assignment",
      subjectId: id,
    });
  }
};

/** Expires overdue offers, at most `limit` a run. Returns how many expired. */
async function expireOverdueOffers(
  db: Kysely<Database>,
  publicUrl: string,
  now = new Date(),
  limit = 200,
) {
  let expired = 0;
  for (const { id } of await findOverdueOffers(db, now.toISOString(), limit)) {
    const result = await expireOffer(db, id, { publicUrl, now });
    if (result.status === "expired") expired += 1;
  }
  return expired;
}

/**
 * docs/decisions/0027-lead-lifecycle.md: a staff alert for each confirmed booking starting within
 * 24 hours with no accepted cleaner, once per booking. Returns how many were raised.
 */
export async function alertUnstaffedBookings(
  db: Kysely<Database>,
  publicUrl: string,
  now = new Date(),
) {
  const today = sydneyDate(now);
  const candidates = await findUnstaffedBookings(db, [today, addDays(today, 1), addDays(today, 2)]);
  let raised = 0;
  for (const booking of candidates) {
    if (!startsWithinADay(booking.scheduled_date, booking.time_slot, now)) continue;
    await db
      .transaction()
      .execute((trx) => raiseUnstaffedAlert(trx, booking, publicUrl, now.toISOString()));
    raised += 1;
  }
  return raised;
}

/**
 * The staff alert for a booking short of accepted cleaners (every seat of its crew:
 * docs/decisions/0060-crews-and-cleaner-holds.md), and its audit entry marking it raised.
 */
export async function raiseUnstaffedAlert(
  trx: Kysely<Database>,
  booking: {
    id: string;
    quote_id: string;
    reference: string;
    client_name: string;
    suburb: string | null;
    scheduled_date: string;
    time_slot: string;
    crew_size: number | null;
    /** Seats accepted so far */
    accepted_seats: number | string;
  },
  publicUrl: string,
  at: string,
) {
  await insertAuditEntry(trx, {
    id: newId(),
    actor_type: "system",
    action: UNSTAFFED_ALERT,
    subject_type: "booking",
    subject_id: booking.id,
    details: JSON.stringify({ quoteId: booking.quote_id }),
    created_at: at,
  });
  await notifyStaffOfUnstaffedBooking(trx, {
    quoteId: booking.quote_id,
    reference: booking.reference,
    clientName: booking.client_name,
    suburb: booking.suburb,
    date: booking.scheduled_date,
    timeSlot: booking.time_slot,
    accepted: Number(booking.accepted_seats),
    crewSize: crewSizeOf(booking),
    publicUrl,
  });
}

/** Whether a job at `date` `slot` starts within the next 24 hours (and has not started). */
export function startsWithinADay(date: string, slot: string, now: Date) {
  const startsIn = sydneyInstant(date, slot).getTime() - now.getTime();
  return startsIn > 0 && startsIn <= DAY_MS;
}

/** The sweep, then its next run. Safe to run twice. */
export const assignmentsSweepJob: JobHandler = async (job, { db, config, logger }) => {
  const now = new Date();
  const expired = await expireOverdueOffers(db, config.publicUrl, now);
  const alerts = await alertUnstaffedBookings(db, config.publicUrl, now);
  const policeChecks = await alertLapsingPoliceChecks(db, config.publicUrl, now);
  if (expired > 0 || alerts > 0 || policeChecks > 0) {
    logger.info({ expired, alerts, policeChecks }, "assignments swept");
  }
  await scheduleJobUnlessWaiting(
    db,
    {
      topic: ASSIGNMENTS_SWEEP_TOPIC,
      dueAt: new Date(now.getTime() + ASSIGNMENTS_SWEEP_EVERY_MS),
      payload: {},
    },
    job.id,
  );
};

/** On start: a sweep due now, unless one is already waiting. */
export async function ensureAssignmentsSweepScheduled(db: Kysely<Database>, now = new Date()) {
  return scheduleJobUnlessWaiting(db, { topic: ASSIGNMENTS_SWEEP_TOPIC, dueAt: now, payload: {} });
}
