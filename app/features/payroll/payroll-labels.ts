import type { LoadingKind } from "~/server/database";
import { formatShortDate } from "~/lib/format";

// How the payroll screens, emails and exports name things. Client-safe.

export const LOADING_LABELS: Record<LoadingKind, string> = {
  saturday: "Saturday",
  sunday: "Sunday",
  public_holiday: "Public holiday",
};

export const RUN_STATUS_LABELS = { draft: "Draft", approved: "Approved", paid: "Paid" } as const;

export { EMPLOYMENT_LABELS } from "~/features/cleaners/pay-basis.schema";

/** "Mon, 1 Dec 2025 – Sun, 7 Dec 2025" */
export function periodLabel(start: string, end: string) {
  return `${formatShortDate(start)} – ${formatShortDate(end)}`;
}

/** "Saturday +25%", or "" on an ordinary day */
export function loadingLabel(kind: LoadingKind | null, percent: number) {
  return kind ? `${LOADING_LABELS[kind]} +${percent}%` : "";
}

export const SERVICE_LABELS: Record<string, string> = {
  residential: "Residential",
  commercial: "Commercial",
  "post-construction": "Post-construction",
  subscription: "Subscription",
};

export const serviceLabel = (service: string) => SERVICE_LABELS[service] ?? service;
