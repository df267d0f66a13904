import { z } from "zod";
import { addDays, mondayOf } from "~/lib/sydney-time";
import type { ServiceType } from "~/server/database";
import { isCalendarDate } from "~/features/bookings/booking-rules";

// /admin/schedule: what the page's address means, and the days it covers.
// Pure, so the loader, the view and the tests share one reading.

export const SCHEDULE_VIEWS = ["day", "week"] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];

/** ?view=day|week&date=YYYY-MM-DD; anything else falls back to the week of Sydney's today. */
export function readScheduleQuery(params: URLSearchParams, today: string) {
  const view = z
    .enum(SCHEDULE_VIEWS)
    .catch("week")
    .parse(params.get("view") ?? undefined);
  const raw = params.get("date") ?? "";
  const date = isCalendarDate(raw) ? raw : today;
  return { view, date };
}

/** The dates a view shows: the one day, or Monday to Sunday of its week. */
export function scheduleDays(view: ScheduleView, date: string) {
  if (view === "day") return [date];
  const monday = mondayOf(date);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** The date the previous and next buttons go to. */
export function stepDate(view: ScheduleView, date: string, direction: -1 | 1) {
  return addDays(view === "day" ? date : mondayOf(date), direction * (view === "day" ? 1 : 7));
}

export function scheduleHref(view: ScheduleView, date: string) {
  return `/admin/schedule?view=${view}&date=${date}`;
}

export type ScheduleJob = {
  bookingId: string;
  quoteId: string;
  reference: string;
  suburb: string;
  service: string;
  hours: number | null;
  cleaner: string | null;
  /** Whether the named cleaner has yet to accept the offer */
  cleanerPending: boolean;
  /**
   * docs/decisions/0060-crews-and-cleaner-holds.md: for a crew of more than one, how far it is
   * staffed ("1 of 2 cleaners"); null for one cleaner
   */
  staffing: string | null;
  /** Every seat of the crew is accepted */
  staffed: boolean;
  /** Each live seat's status and times from the cleaner's app (docs/decisions/0068-job-visits.md) */
  seats: { seat: number; cleaner: string; label: string; times: string }[];
  payment: string;
  status: string;
};

/**
 * How many jobs a slot of the week view lists; the rest are a link to the day
 * (docs/decisions/0102-a-weeks-slot-lists-its-first-jobs.md). The day view lists every job.
 */
export const WEEK_JOBS_PER_SLOT = 5;

/** A slot: how many jobs it has, those listed (in booking order), and how many are not. */
export type ScheduleSlot = { slot: string; booked: number; jobs: ScheduleJob[]; more: number };
export type ScheduleDay = { date: string; slots: ScheduleSlot[]; jobs: number };

export type Schedule = {
  view: ScheduleView;
  date: string;
  today: string;
  days: ScheduleDay[];
};

/** The service as the schedule names it (a staff-priced request says so). */
export const SERVICE_NAMES: Record<ServiceType, string> = {
  residential: "Residential",
  commercial: "Commercial",
  "post-construction": "Post-construction",
  subscription: "Subscription",
};

export const PAYMENT_LABELS: Record<string, string> = {
  paid: "Paid",
  pending: "Awaiting payment",
  failed: "Payment failed",
  refunded: "Refunded",
  none: "Not paid",
};
