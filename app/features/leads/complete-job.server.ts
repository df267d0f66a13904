import type { Kysely } from "kysely";
import { queueVisitCharges } from "~/features/payments/card-charges.service.server";
import { generateTimesheetLines } from "~/features/payroll/timesheets.service.server";
import { requestReview } from "~/features/review-requests/review-request.service.server";
import { failure, type Result } from "~/lib/result";
import { sydneyDate } from "~/lib/sydney-time";
import type { Database, LeadStatus } from "~/server/database";
import {
  completeBookings,
  completeQuoteIfAssigned,
  countCompletedJob,
  findAcceptedCleaner,
  findQuoteState,
} from "./complete-job.repository.server";
import { auditLead, LEAD_STATUS_CHANGED, type LeadActor } from "./lead-status.server";
import { LEAD_ACTION_TEXT } from "./lead-row-actions";
import { LEADS_TEXT } from "./leads";

/** The audit action of Complete job; details {"from": "assigned", "to": "completed", "cleanerId"}. */
export const LEAD_JOB_COMPLETED = "lead.job_completed";

/** Completed (with the accepted cleaner, if any), or refused: no such lead, or not assigned. */
export type CompleteJobResult = Result<{ cleanerId: string | null }>;

/**
 * Completes an assigned job (docs/decisions/0027-lead-lifecycle.md, "Job completed (staff)"):
 * the quote moves assigned -> completed by compare-and-set with an audit entry, as
 * app/features/cleaners/cleaner-status.server.ts moves a cleaner; its booking is completed; the
 * accepted cleaner's completed jobs go up by one and active bookings down by one; and the client
 * is emailed a review request, all in one transaction. A second (or concurrent) completion finds
 * the job no longer assigned and changes nothing.
 */
export async function completeJob(
  db: Kysely<Database>,
  input: { quoteId: string; actor: LeadActor; publicUrl: string; at?: Date },
): Promise<CompleteJobResult> {
  const now = input.at ?? new Date();
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const before = await findQuoteState(trx, input.quoteId);
    if (!before) return failure("not_found", LEADS_TEXT.notFound);
    if (!(await completeQuoteIfAssigned(trx, input.quoteId, at))) {
      return failure("conflict", LEAD_ACTION_TEXT.notAssigned);
    }
    const accepted = await findAcceptedCleaner(trx, input.quoteId);
    if (accepted) await countCompletedJob(trx, accepted.cleaner_id, at);
    await completeBookings(trx, input.quoteId, at, sydneyDate(now));
    // Each seat's timesheet line, in the same transaction (docs/decisions/0080-pay-rules.md).
    await generateTimesheetLines(trx, input.quoteId, now);
    await auditLead(trx, input.quoteId, LEAD_JOB_COMPLETED, input.actor, at, {
      from: "assigned",
      to: "completed",
      cleanerId: accepted?.cleaner_id ?? null,
    });
    if (before.lead_status !== "booked") {
      const change: { from: LeadStatus; to: LeadStatus } = {
        from: before.lead_status,
        to: "booked",
      };
      await auditLead(trx, input.quoteId, LEAD_STATUS_CHANGED, input.actor, at, change);
    }
    // A series visit paid by a saved card is charged by a job after this commits
    // (docs/decisions/0074-saved-cards-and-off-session-charges.md).
    await queueVisitCharges(trx, { now, quoteId: input.quoteId });
    // The job was completed above in this transaction, so the request cannot be refused.
    await requestReview(trx, {
      quoteId: input.quoteId,
      actor: input.actor,
      publicUrl: input.publicUrl,
      at: now,
    });
    return { ok: true as const, cleanerId: accepted?.cleaner_id ?? null };
  });
}
