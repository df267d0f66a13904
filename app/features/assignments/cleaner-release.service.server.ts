import type { Kysely } from "kysely";
import { enqueueJobReleasedEmail } from "~/features/bookings/cleaner-job-emails.server";
import { LEAD_CLEANER_RELEASED } from "~/features/bookings/job-timeline";
import { moveQuote, type QuoteActor } from "~/features/quote/quote-lifecycle.service.server";
import type { BusinessProfile } from "~/features/settings/business-profile";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { formatShortDate, formatTimeSlot } from "~/lib/format";
import { newId } from "~/lib/ids";
import { sydneyDate, sydneyInstant } from "~/lib/sydney-time";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database } from "~/server/database";
import { raiseUnstaffedAlert, startsWithinADay } from "./assignment-jobs.server";
import {
  findCleanerLiveJobs,
  findQuoteOffers,
  removeActiveBooking,
  updateOfferIf,
} from "./assignments.repository.server";
import { audit } from "./assignments.service.server";
import { crewSizeOf, shownShare } from "./assignments";
import { offerSuburb } from "./offer-format";
import { releaseOfferHold } from "./seat-holds.server";
import { offerReleasedSeat } from "./seat-chain.server";
import { acceptedSeats } from "./seats";

// docs/decisions/0041-cleaners-hear-of-job-changes.md: a cleaner who stops taking jobs
// (suspended, offline, back to review) keeps none. Staff see the jobs before they confirm; the
// confirmed change releases each one in the same transaction: the offer cancelled, the lead
// back to needing a cleaner, the cleaner emailed with their calendar entry cancelled, the lead's
// timeline told, and a job within 24 hours raises the staff alert at once.

type LiveJob = Awaited<ReturnType<typeof findCleanerLiveJobs>>[number];

/** The cleaner's jobs still to start. */
async function futureJobs(db: Kysely<Database>, cleanerId: string, now: Date) {
  const jobs = await findCleanerLiveJobs(db, cleanerId, sydneyDate(now));
  return jobs.filter(
    (job) => sydneyInstant(job.scheduled_date, job.time_slot).getTime() > now.getTime(),
  );
}

/** What the confirmation lists: each job still to start, its time, client and answer. */
export async function listJobsToRelease(
  db: Kysely<Database>,
  cleanerId: string,
  now = new Date(),
): Promise<{ id: string; label: string }[]> {
  return (await futureJobs(db, cleanerId, now)).map((job) => ({
    id: job.id,
    label: `${formatShortDate(job.scheduled_date)} at ${formatTimeSlot(job.time_slot)}: ${job.client_name} (${job.status === "accepted" ? "accepted" : "waiting for an answer"})`,
  }));
}

type Release = {
  actor: QuoteActor;
  /** The status the cleaner moved to, as staff read it ("Suspended") */
  statusLabel: string;
  publicUrl: string;
  now: Date;
};

/** Releases every job the cleaner has still to start, in the caller's transaction. */
export async function releaseCleanerJobs(
  trx: Kysely<Database>,
  cleanerId: string,
  release: Release,
) {
  const business = await getBusinessProfile(trx);
  let released = 0;
  for (const job of await futureJobs(trx, cleanerId, release.now)) {
    if (await releaseJob(trx, job, release, business)) released += 1;
  }
  return released;
}

async function releaseJob(
  trx: Kysely<Database>,
  job: LiveJob,
  release: Release,
  business: BusinessProfile,
) {
  const { actor, now } = release;
  const at = now.toISOString();
  const done = await updateOfferIf(trx, job.id, job.status, {
    status: "cancelled",
    updated_at: at,
  });
  if (!done) return false;
  const reason = `status changed to ${release.statusLabel}`;
  await audit(trx, job.id, "assignment.released", actor, at, { from: job.status, reason });
  await releaseOfferHold(trx, job, now);
  // A cancelled offer releases its seat: it rejoins the automatic chain when the setting says so
  // (docs/decisions/0064-automatic-offers.md), whoever made the offer.
  if (job.booking_status === "confirmed") {
    await offerReleasedSeat(trx, { booking_id: job.booking_id, seat: job.seat, automatic: 0 }, now);
  }
  if (job.status === "accepted") await giveBackAcceptedJob(trx, job, release);
  await insertAuditEntry(trx, {
    id: newId(),
    actor_type: actor.type,
    actor_id: actor.id,
    action: LEAD_CLEANER_RELEASED,
    subject_type: "quote",
    subject_id: job.quote_id,
    details: JSON.stringify({ cleanerName: job.cleaner_name, reason }),
    created_at: at,
  });
  await tellCleaner(trx, job, release, business);
  const booked = job.booking_id && job.booking_reference && job.booking_status === "confirmed";
  if (booked && startsWithinADay(job.scheduled_date, job.time_slot, now)) {
    const crew = crewSizeOf(job);
    const accepted = acceptedSeats(crew, await findQuoteOffers(trx, job.quote_id));
    const booking = {
      ...job,
      id: job.booking_id!,
      reference: job.booking_reference!,
      accepted_seats: accepted,
    };
    await raiseUnstaffedAlert(trx, booking, release.publicUrl, at);
  }
  return true;
}

/** docs/decisions/0027-lead-lifecycle.md: the lead goes back to where it was before the accept. */
async function giveBackAcceptedJob(trx: Kysely<Database>, job: LiveJob, release: Release) {
  const at = release.now.toISOString();
  await removeActiveBooking(trx, job.cleaner_id, at);
  await moveQuote(trx, {
    quoteId: job.quote_id,
    next: (current) =>
      current.status === "assigned"
        ? { ...current, status: job.previous_quote_status ?? "pending" }
        : current,
    actor: release.actor,
    reason: "assignment.released",
    at: release.now,
  });
}

async function tellCleaner(
  trx: Kysely<Database>,
  job: LiveJob,
  release: Release,
  business: BusinessProfile,
) {
  await enqueueJobReleasedEmail(trx, {
    job: {
      assignmentId: job.id,
      offeredAt: job.created_at,
      quoteId: job.quote_id,
      cleaner: { name: job.cleaner_name, email: job.cleaner_email },
      suburb: offerSuburb(job.suburb, job.space_details),
      date: job.scheduled_date,
      timeSlot: job.time_slot,
      hours: shownShare(Number(job.estimated_hours ?? 0), crewSizeOf(job)),
    },
    reason: `Your status is now ${release.statusLabel}, so the office will give it to another cleaner.`,
    business,
    now: release.now,
  });
}
