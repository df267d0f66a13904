import type { Kysely } from "kysely";
import { checkOut } from "~/features/job-visits/job-visit-steps.service.server";
import { completeJob } from "~/features/leads/complete-job.server";
import type { Database } from "~/server/database";

/**
 * A seat's check-out from the app; the crew's last one completes the job through Complete job's
 * own service, so the same side effects happen (the cleaners' counts, the review request, the
 * timeline) as when staff press it (docs/decisions/0068-job-visits.md). Complete job opens its
 * own transaction, so it runs after the check-out's has committed; a job staff already
 * completed is refused there and left as it is.
 */
export async function checkOutAndComplete(
  db: Kysely<Database>,
  cleanerId: string,
  assignmentId: string,
  form: Record<string, unknown>,
  ctx: { publicUrl: string; ip: string | null; now?: Date },
) {
  const result = await checkOut(db, cleanerId, assignmentId, form, ctx);
  if (!result.ok || !result.crewDone) return result;
  const completed = await completeJob(db, {
    quoteId: result.crewDone.quoteId,
    actor: { type: "cleaner", id: cleanerId, ip: ctx.ip },
    publicUrl: ctx.publicUrl,
    at: ctx.now,
  });
  return completed.ok ? { ...result, message: result.crewDone.message } : result;
}
