import type { CleanerStatus } from "~/server/database";

/**
 * How a cleaner's status change is recorded: one audit_log row with action
 * "cleaner.status_changed", subject_type "cleaner", subject_id the cleaner's id and details
 * {"from": old status, "to": new status}, written by changeCleanerStatus in the transaction that
 * changes the status. A trigger copies each into cleaner_status_changes as typed columns (migration
 * 2026_12_04_1200), which the dashboard reads to know who was available when a period began.
 */
export const CLEANER_STATUS_CHANGED = "cleaner.status_changed";

/** The details of a "cleaner.status_changed" audit entry. */
export type CleanerStatusChange = { from: CleanerStatus; to: CleanerStatus };

/**
 * docs/decisions/0032-job-offer-links.md: only available and busy cleaners are offered jobs. A
 * move to any other status releases their future jobs
 * (docs/decisions/0041-cleaners-hear-of-job-changes.md).
 */
export function takesJobs(status: CleanerStatus) {
  return status === "available" || status === "busy";
}
