import type { CleanerStatusChange } from "~/features/cleaners/cleaner-status";

// Reads the status history that changeCleanerStatus (app/features/cleaners) writes.

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
