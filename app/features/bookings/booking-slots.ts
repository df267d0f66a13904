import { addDays, sydneyDate, sydneyInstant } from "~/lib/sydney-time";

// docs/product/public-site.md#business-constants-and-limits: the fixed time slots and the
// earliest date, Sydney's tomorrow (docs/decisions/0009-sydney-time-and-money.md). Pure, so the
// page, the server's checks and the tests share one reading.

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

/** docs/product/public-site.md#business-constants-and-limits: free cancellation and changes 24 hours or more ahead. */
export const FREE_CHANGE_HOURS = 24;

export function isTimeSlot(value: string): value is TimeSlot {
  return (TIME_SLOTS as readonly string[]).includes(value);
}

/** Sydney's tomorrow, YYYY-MM-DD: the earliest date a customer may book. */
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

const LONG_DATE = new Intl.DateTimeFormat("en-AU", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "Thursday, 3 December 2026" for a YYYY-MM-DD date. */
export function formatBookingDate(date: string) {
  return LONG_DATE.format(new Date(`${date}T00:00:00Z`));
}

/** "8:00 AM" for "08:00". */
export function formatTimeSlot(slot: string) {
  const [hour, minute] = slot.split(":").map(Number) as [number, number];
  const suffix = hour < 12 ? "AM" : "PM";
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${String(minute).padStart(2, "0")} ${suffix}`;
}
