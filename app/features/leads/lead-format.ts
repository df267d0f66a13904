import { formatDateTime } from "~/lib/format";
import type { CleaningLevel } from "~/server/database";

// How the leads screen writes times and levels; the strings come from ~/lib/format and are made
// on the server so the browser renders the same text.

export type Stamp = { iso: string; label: string };

export function stamp(iso: string): Stamp {
  return { iso, label: formatDateTime(iso) };
}

/** How long ago: "5 min", "3 h", "2 d". */
export function ageLabel(createdAt: string, now: Date) {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(createdAt)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

export const LEVEL_NAMES: Record<CleaningLevel, string> = {
  basic: "Basic Clean",
  deep: "Deep Clean",
  premium: "Premium Clean",
};

/** docs/product/back-office.md#statuses-and-flows: the assignment statuses as a card shows them. */
export const ASSIGNMENT_LABELS: Record<string, string> = {
  pending: "Pending Response",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  cancelled: "Cancelled",
};
