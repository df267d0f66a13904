import type { CleanerStatusChange } from "~/features/cleaners/cleaner-status";

// Reads the status history that changeCleanerStatus (app/features/cleaners) writes.

export type CleanerStatusAtRow = {
  status: string;
  /** the last change at or before the instant, if any */
  before: CleanerStatusChange | null;
  /** the first change after the instant, if any */
  after: CleanerStatusChange | null;
};

/**
 * A cleaner's status at an instant: what the last change before it set, else what the first
 * change after it started from, else (no history) the status the cleaner has now.
 */
export function statusAt(row: CleanerStatusAtRow): string {
  return row.before?.to ?? row.after?.from ?? row.status;
}
