import { addDays, sydneyDate, sydneyInstant } from "~/lib/sydney-time";

// The booking rules every feature reads (docs/product/public-site.md#business-constants-and-limits):
// the fixed time slots, the earliest date (Sydney's tomorrow, docs/decisions/0009-sydney-time-and-money.md)
// and free changes and cancellations 24 hours or more ahead (docs/product/public-site.md#my-bookings).
// Pure and client-safe, so the booking and account pages, the server's checks, the schedule, the
// job offers and the tests share one reading. Their labels are in ~/lib/format.

export const TIME_SLOTS = [
  "08:00",
  "09:00",
  "10:00",
  "11:00",
  "13:00",
  "14:00",
  "15:00",
  "16:00",
] as const;

export type TimeSlot = (typeof TIME_SLOTS)[number];

/** How far ahead a booking may be made. */
export const BOOKING_HORIZON_DAYS = 365;

/** Free cancellation and changes 24 hours or more ahead. */
export const FREE_CHANGE_HOURS = 24;

export function isTimeSlot(value: string): value is TimeSlot {
  return (TIME_SLOTS as readonly string[]).includes(value);
}

/** Sydney's tomorrow, YYYY-MM-DD: the earliest date a customer may book or move a booking to. */
export function earliestBookingDate(now: Date) {
  return addDays(sydneyDate(now), 1);
}

export function latestBookingDate(now: Date) {
  return addDays(sydneyDate(now), BOOKING_HORIZON_DAYS);
}

/** A real calendar date, YYYY-MM-DD. */
export function isCalendarDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** Whether `date` is Sydney's tomorrow or later, and within the booking horizon. */
export function isBookableDate(date: string, now: Date) {
  return isCalendarDate(date) && date >= earliestBookingDate(now) && date <= latestBookingDate(now);
}

/** Whether a customer may still change or cancel a booking at `now`: 24 hours or more ahead. */
export function isFreeChangeWindow(date: string, slot: string, now: Date) {
  const start = sydneyInstant(date, slot);
  return start.getTime() - now.getTime() >= FREE_CHANGE_HOURS * 60 * 60 * 1000;
}

/** True when a booking starting at (date, slot) is still ahead at `now`. */
export function isUpcoming(scheduledDate: string, timeSlot: string, now = new Date()) {
  return sydneyInstant(scheduledDate, timeSlot).getTime() > now.getTime();
}

export type ChangeEligibility = { allowed: true } | { allowed: false; reason: string };

/** Why the account page's change and cancel buttons are off. */
export const CHANGE_REASONS = {
  tooLate:
    "Changes and cancellations close 24 hours before the clean. Please call us if you need help.",
  cancelled: "This booking was cancelled.",
  completed: "This clean is complete.",
} as const;

/** Whether a customer may still change a booking starting at (date, slot) in Sydney at `now`. */
export function changeEligibility(
  booking: { status: string; scheduledDate: string; timeSlot: string },
  now = new Date(),
): ChangeEligibility {
  if (booking.status === "cancelled") return { allowed: false, reason: CHANGE_REASONS.cancelled };
  if (booking.status === "completed") return { allowed: false, reason: CHANGE_REASONS.completed };
  if (!isFreeChangeWindow(booking.scheduledDate, booking.timeSlot, now)) {
    return { allowed: false, reason: CHANGE_REASONS.tooLate };
  }
  return { allowed: true };
}
