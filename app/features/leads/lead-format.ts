import type { CleaningLevel } from "~/server/database";

// How the leads screen writes times, money and levels: Sydney wall-clock, en-AU, AUD
// (docs/decisions/0009-sydney-time-and-money.md). Formatted on the server so the browser
// renders the same text.

const SYDNEY = new Intl.DateTimeFormat("en-AU", {
  timeZone: "Australia/Sydney",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

const SYDNEY_DATE = new Intl.DateTimeFormat("en-AU", {
  timeZone: "UTC",
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
});

const MONEY = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });

export type Stamp = { iso: string; label: string };

export function stamp(iso: string): Stamp {
  return { iso, label: SYDNEY.format(new Date(iso)) };
}

/** A stored YYYY-MM-DD date (already Sydney's) in words: "Tue, 1 Dec 2026". */
export function dateLabel(date: string) {
  return SYDNEY_DATE.format(new Date(`${date}T00:00:00Z`));
}

/** 22500 -> "$225.00" (GST-inclusive) */
export function money(cents: number) {
  return MONEY.format(cents / 100);
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
