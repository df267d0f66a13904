import { z } from "zod";
import { jsonColumnOr } from "~/lib/json-column";
import type { CleanerStatus } from "~/server/database";

/**
 * How a cleaner's status change is recorded: one audit_log row with action
 * "cleaner.status_changed", subject_type "cleaner", subject_id the cleaner's id and details
 * {"from": old status, "to": new status}, written by changeCleanerStatus in the transaction that
 * changes the status. The dashboard reads it to know who was available when a period began.
 */
export const CLEANER_STATUS_CHANGED = "cleaner.status_changed";

const CleanerStatusSchema = z.enum([
  "available",
  "busy",
  "offline",
  "pending_review",
  "suspended",
] as const satisfies readonly CleanerStatus[]);

/** The details of a "cleaner.status_changed" audit entry. */
export const CleanerStatusChangeSchema = z.object({
  from: CleanerStatusSchema,
  to: CleanerStatusSchema,
});

export type CleanerStatusChange = z.infer<typeof CleanerStatusChangeSchema>;

/**
 * A status change's stored details. One that does not fit (hand-edited, or written by a version
 * that recorded other statuses) reads as null: the dashboard then takes the status from the
 * neighbouring change or the cleaner's status now, which is a small error in one count rather
 * than a page that fails.
 */
export function parseCleanerStatusChange(details: string | null): CleanerStatusChange | null {
  return jsonColumnOr(CleanerStatusChangeSchema, details, null);
}

/**
 * docs/decisions/0032-job-offer-links.md: only available and busy cleaners are offered jobs. A
 * move to any other status releases their future jobs
 * (docs/decisions/0041-cleaners-hear-of-job-changes.md).
 */
export function takesJobs(status: CleanerStatus) {
  return status === "available" || status === "busy";
}
