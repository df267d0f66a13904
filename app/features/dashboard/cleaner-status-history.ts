import type { CleanerStatus } from "~/server/database";

/**
 * How a cleaner's status change is recorded: one audit_log row with action
 * "cleaner.status_changed", subject_type "cleaner", subject_id the cleaner's id and details
 * {"from": old status, "to": new status}. The dashboard reads it to know who was available when
 * a period began.
 */
export const CLEANER_STATUS_CHANGED = "cleaner.status_changed";

export type CleanerStatusChange = { from: CleanerStatus; to: CleanerStatus };

export type CleanerStatusAtRow = {
  status: string;
  /** details of the last change at or before the instant, if any */
  before: string | null;
  /** details of the first change after the instant, if any */
  after: string | null;
};

function readChange(details: string | null): Partial<CleanerStatusChange> {
  if (!details) return {};
  try {
    const parsed = JSON.parse(details) as Partial<CleanerStatusChange>;
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * A cleaner's status at an instant: what the last change before it set, else what the first
 * change after it started from, else (no history) the status the cleaner has now.
 */
export function statusAt(row: CleanerStatusAtRow): string {
  const before = readChange(row.before).to;
  if (before) return before;
  const after = readChange(row.after).from;
  if (after) return after;
  return row.status;
}
