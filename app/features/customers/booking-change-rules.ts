import { addDays, sydneyDate, sydneyInstant } from "~/lib/sydney-time";

// The booking page's stated policy (docs/product/public-site.md#my-bookings): a booking can
// be rescheduled or cancelled free of charge up to 24 hours before it starts; inside 24 hours the
// buttons say why they are off. Times are Sydney's (docs/decisions/0009-sydney-time-and-money.md).

/** docs/product/public-site.md#business-constants-and-limits: the booking time slots. */
export const BOOKING_SLOTS = [
  "08:00",
  "09:00",
  "10:00",
  "11:00",
  "13:00",
  "14:00",
  "15:00",
  "16:00",
] as const;
export type BookingSlot = (typeof BOOKING_SLOTS)[number];

export const CHANGE_NOTICE_HOURS = 24;

export type ChangeEligibility = { allowed: true } | { allowed: false; reason: string };

export const CHANGE_REASONS = {
  tooLate:
    "Changes and cancellations close 24 hours before the clean. Please call us if you need help.",
  cancelled: "This booking was cancelled.",
  completed: "This clean is complete.",
} as const;

/** Whether a booking starting at (date, slot) in Sydney may still be changed at `now`. */
export function changeEligibility(
  booking: { status: string; scheduledDate: string; timeSlot: string },
  now = new Date(),
): ChangeEligibility {
  if (booking.status === "cancelled") return { allowed: false, reason: CHANGE_REASONS.cancelled };
  if (booking.status === "completed") return { allowed: false, reason: CHANGE_REASONS.completed };
  const starts = sydneyInstant(booking.scheduledDate, booking.timeSlot).getTime();
  if (starts - now.getTime() < CHANGE_NOTICE_HOURS * 3_600_000) {
    return { allowed: false, reason: CHANGE_REASONS.tooLate };
  }
  return { allowed: true };
}

/** The earliest date a booking can move to: Sydney's tomorrow (docs/product/public-site.md#validation-rules). */
export function earliestRescheduleDate(now = new Date()) {
  return addDays(sydneyDate(now), 1);
}

/** True when a booking starting at (date, slot) is still ahead at `now`. */
export function isUpcoming(scheduledDate: string, timeSlot: string, now = new Date()) {
  return sydneyInstant(scheduledDate, timeSlot).getTime() > now.getTime();
}

/** "14:00" -> "2:00 PM" */
export function formatSlot(slot: string) {
  const [hour = 0, minute = 0] = slot.split(":").map(Number);
  const suffix = hour >= 12 ? "PM" : "AM";
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${String(minute).padStart(2, "0")} ${suffix}`;
}

const longDate = new Intl.DateTimeFormat("en-AU", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "2026-12-01" -> "Tuesday 1 December 2026" (a calendar date, so read in UTC, not shifted). */
export function formatBookingDate(date: string) {
  return longDate.format(new Date(`${date}T00:00:00Z`)).replace(",", "");
}
