import type { CleanerStatus } from "~/server/database";

/**
 * How a cleaner's status change is recorded: one audit_log row with action
 * "cleaner.status_changed", subject_type "cleaner", subject_id the cleaner's id and details
 * {"from": old status, "to": new status}, written by changeCleanerStatus in the transaction that
 * changes the status. The dashboard reads it to know who was available when a period began.
 */
export const CLEANER_STATUS_CHANGED = "cleaner.status_changed";

export type CleanerStatusChange = { from: CleanerStatus; to: CleanerStatus };
