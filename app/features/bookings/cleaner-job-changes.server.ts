import type { Kysely } from "kysely";
import { scheduleJob } from "~/features/outbox/outbox.service.server";
import type { BusinessProfile } from "~/features/settings/business-profile";
import { sha256 } from "~/lib/crypto.server";
import { formatLongDate, formatTimeSlot } from "~/lib/format";
import { newId, newToken } from "~/lib/ids";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { AuditLogTable, Database, QuoteStatus } from "~/server/database";
import {
  enqueueJobCancelledEmail,
  enqueueJobMovedEmail,
  enqueueJobReleasedEmail,
  type CleanerJob,
} from "./cleaner-job-emails.server";
import {
  findActiveAssignments,
  releaseCleanerJob,
  updateAssignmentIf,
  type BookingRow,
} from "./bookings.repository.server";
import { ASSIGNMENT_EXPIRY_TOPIC, offerDeadline, offerUrl } from "./job-offers";
import { LEAD_CLEANER_REASKED, LEAD_CLEANER_RELEASED } from "./job-timeline";

// What a booking change does to the cleaner it was offered to, in the change's transaction
// (docs/decisions/0041-cleaners-hear-of-job-changes.md): a reschedule asks them again for the
// new time with a new link and deadline (or, too close to ask, releases them); a cancellation
// cancels their job. Either way they are emailed with the calendar entry updated or cancelled,
// and the lead's timeline says what happened.

/** Who made the change; a system job (the unpaid-hold release) has no id. */
type AuditActor = { type: AuditLogTable["actor_type"]; id: string | null };

/** One change to a booking, as its cleaner's offers see it. */
export type CleanerJobChange = {
  /** The booking as it is after the change */
  booking: BookingRow;
  quote: { id: string; hours: number };
  actor: AuditActor;
  business: BusinessProfile;
  publicUrl: string;
  now: Date;
};

type LiveOffer = Awaited<ReturnType<typeof findActiveAssignments>>[number];

function cleanerJobOf(offer: LiveOffer, change: CleanerJobChange): CleanerJob {
  return {
    assignmentId: offer.id,
    offeredAt: offer.created_at,
    quoteId: change.quote.id,
    cleaner: { name: offer.cleaner_name, email: offer.cleaner_email },
    suburb: change.booking.suburb?.trim() || "Sydney",
    date: change.booking.scheduled_date,
    timeSlot: change.booking.time_slot,
    // docs/decisions/0060-crews-and-cleaner-holds.md: each cleaner's share of the hours
    hours: Math.round((change.quote.hours / Math.max(1, change.booking.crew_size)) * 100) / 100,
  };
}

/**
 * docs/decisions/0027-lead-lifecycle.md: the offer is re-offered for the new time, and the
 * cleaner asked again. Answers the status the quote had before an accepted offer made it
 * "assigned", for the quote to go back to.
 */
export async function reaskCleaners(
  trx: Kysely<Database>,
  change: CleanerJobChange & { previous: { date: string; timeSlot: string } },
): Promise<QuoteStatus | null> {
  const { booking, business, now } = change;
  const at = now.toISOString();
  let restoreStatus: QuoteStatus | null = null;
  for (const offer of await findActiveAssignments(trx, booking.id)) {
    const deadline = offerDeadline(
      now,
      business.offerResponseHours,
      booking.scheduled_date,
      booking.time_slot,
    );
    const token = newToken();
    const moved = deadline
      ? await updateAssignmentIf(trx, offer.id, offer.status as "pending", {
          status: "pending",
          scheduled_date: booking.scheduled_date,
          time_slot: booking.time_slot,
          response_deadline: deadline.toISOString(),
          responded_at: null,
          token_hash: sha256(token),
          updated_at: at,
        })
      : await releaseOffer(trx, offer, change, tooSoonReason(change.booking));
    if (!moved) continue;
    if (offer.status === "accepted") {
      restoreStatus = offer.previous_quote_status;
      await releaseCleanerJob(trx, offer.cleaner_id, at);
    }
    if (deadline) await reask(trx, offer, change, { token, deadline });
  }
  return restoreStatus;
}

function tooSoonReason(booking: BookingRow) {
  return `The job has moved to ${formatLongDate(booking.scheduled_date)} at ${formatTimeSlot(booking.time_slot)}, too soon to ask you again.`;
}

/** The re-asked offer's audit entries, the cleaner's email with its new link, its expiry job. */
async function reask(
  trx: Kysely<Database>,
  offer: LiveOffer,
  change: CleanerJobChange & { previous: { date: string; timeSlot: string } },
  asked: { token: string; deadline: Date },
) {
  const { booking, actor, now } = change;
  const at = now.toISOString();
  const to = { date: booking.scheduled_date, timeSlot: booking.time_slot };
  await auditOfferChange(trx, actor, offer.id, "assignment.reoffered", at, {
    from: offer.status,
    to: "pending",
    ...to,
  });
  await auditLeadEvent(trx, change.quote.id, LEAD_CLEANER_REASKED, actor, at, {
    cleanerName: offer.cleaner_name,
    to,
  });
  await enqueueJobMovedEmail(trx, {
    job: cleanerJobOf(offer, change),
    previous: change.previous,
    link: offerUrl(change.publicUrl, asked.token),
    deadline: asked.deadline,
    business: change.business,
    now,
  });
  await scheduleJob(trx, {
    topic: ASSIGNMENT_EXPIRY_TOPIC,
    dueAt: asked.deadline,
    payload: { assignmentId: offer.id },
    subjectType: "assignment",
    subjectId: offer.id,
  });
}

/** Takes the cleaner off a job that goes on (too close to ask again): cancelled, emailed. */
async function releaseOffer(
  trx: Kysely<Database>,
  offer: LiveOffer,
  change: CleanerJobChange,
  reason: string,
) {
  const at = change.now.toISOString();
  const done = await updateAssignmentIf(trx, offer.id, offer.status as "pending", {
    status: "cancelled",
    updated_at: at,
  });
  if (!done) return false;
  await auditOfferChange(trx, change.actor, offer.id, "assignment.released", at, {
    from: offer.status,
    to: "cancelled",
  });
  await auditLeadEvent(trx, change.quote.id, LEAD_CLEANER_RELEASED, change.actor, at, {
    cleanerName: offer.cleaner_name,
    reason: "the job moved too close to ask again",
  });
  await enqueueJobReleasedEmail(trx, {
    job: cleanerJobOf(offer, change),
    reason,
    business: change.business,
    now: change.now,
  });
  return true;
}

/**
 * The cleaner's live offers on a cancelled booking are cancelled and the cleaner told; an
 * accepted one frees the cleaner.
 */
export async function cancelCleanerJobs(trx: Kysely<Database>, change: CleanerJobChange) {
  const at = change.now.toISOString();
  for (const offer of await findActiveAssignments(trx, change.booking.id)) {
    const done = await updateAssignmentIf(trx, offer.id, offer.status as "pending", {
      status: "cancelled",
      updated_at: at,
    });
    if (!done) continue;
    if (offer.status === "accepted") await releaseCleanerJob(trx, offer.cleaner_id, at);
    await auditOfferChange(trx, change.actor, offer.id, "assignment.status_changed", at, {
      from: offer.status,
      to: "cancelled",
    });
    await enqueueJobCancelledEmail(trx, {
      job: cleanerJobOf(offer, change),
      business: change.business,
      now: change.now,
    });
  }
}

async function auditOfferChange(
  trx: Kysely<Database>,
  actor: AuditActor,
  assignmentId: string,
  action: string,
  at: string,
  details: object,
) {
  await insertAuditEntry(trx, {
    id: newId(),
    actor_type: actor.type,
    actor_id: actor.id,
    action,
    subject_type: "assignment",
    subject_id: assignmentId,
    details: JSON.stringify(details),
    ip: null,
    created_at: at,
  });
}

/** An entry on the lead's timeline (job-timeline.ts names and words them). */
export async function auditLeadEvent(
  trx: Kysely<Database>,
  quoteId: string,
  action: string,
  actor: AuditActor,
  at: string,
  details: object,
) {
  await insertAuditEntry(trx, {
    id: newId(),
    actor_type: actor.type,
    actor_id: actor.id,
    action,
    subject_type: "quote",
    subject_id: quoteId,
    details: JSON.stringify(details),
    ip: null,
    created_at: at,
  });
}
