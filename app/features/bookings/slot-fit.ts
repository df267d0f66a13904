import {
  hoursOnDate,
  minutesOfDay,
  WEEKDAY_NAMES,
  weekdayKeyOf,
  type ClosedDate,
  type DayHours,
  type WeeklyHours,
} from "~/features/settings/opening-hours";
import { formatHours, formatTimeSlot } from "~/lib/format";
import { sydneyDate, sydneyInstant } from "~/lib/sydney-time";
import { BOOKING_MESSAGES as M } from "./booking-messages";
import {
  earliestBookingDate,
  isBookableDate,
  latestBookingDate,
  TIME_SLOTS,
  type TimeSlot,
} from "./booking-rules";

// docs/decisions/0040-business-hours-bound-bookings.md: a slot is offered, and accepted, only when
// the whole clean (its hours shared among its cleaners) fits inside the day's opening hours, and
// never on a closed weekday or a closed date. Customers book from Sydney's tomorrow; staff may
// also use any slot still ahead today. Pure, so the booking page, the server's checks and the
// tests share one reading.

export type BusinessHours = { weeklyHours: WeeklyHours; closedDates: readonly ClosedDate[] };

/** A job's length as its quote gives it: cleaner-hours, and the cleaners who share them. */
export type JobLength = { hours: number; cleaners: number | null };

export type SlotChooser = "customer" | "staff";

export type SlotRefusal = { field: "date" | "timeSlot"; message: string };

/** Minutes the team is on site; a quote without a cleaner count is read as one cleaner, the longest visit. */
export function minutesOnSite(job: JobLength) {
  return Math.ceil((job.hours / Math.max(1, job.cleaners ?? 1)) * 60);
}

function fitsDay(slot: string, job: JobLength, day: DayHours) {
  if (!day) return false;
  const start = minutesOfDay(slot);
  return start >= minutesOfDay(day.open) && start + minutesOnSite(job) <= minutesOfDay(day.close);
}

/** The fixed slots in which the whole job fits inside the date's hours; none on a closed day. */
export function slotsWithinHours(date: string, job: JobLength, hours: BusinessHours): TimeSlot[] {
  const day = hoursOnDate(date, hours.weeklyHours, hours.closedDates);
  return TIME_SLOTS.filter((slot) => fitsDay(slot, job, day));
}

/** Why (date, slot) cannot be chosen by `who` at `now`, beside the field to fix; null when it can. */
export function slotRefusal(input: {
  date: string;
  slot: string;
  job: JobLength;
  hours: BusinessHours;
  who: SlotChooser;
  now: Date;
}): SlotRefusal | null {
  const when = whenRefusal(input);
  if (when) return when;
  const { date, slot, job, hours } = input;
  const closed = hours.closedDates.find((entry) => entry.date === date);
  if (closed) return { field: "date", message: M.closedDate(closed.label) };
  const day = hoursOnDate(date, hours.weeklyHours, hours.closedDates);
  if (!day) return { field: "date", message: M.closedWeekday(WEEKDAY_NAMES[weekdayKeyOf(date)]) };
  if (fitsDay(slot, job, day)) return null;
  return { field: "timeSlot", message: outsideHoursMessage(slot, job, day) };
}

/** Customers: Sydney's tomorrow to a year ahead. Staff: any slot still ahead, to a year ahead. */
function whenRefusal(input: { date: string; slot: string; who: SlotChooser; now: Date }) {
  const { date, slot, who, now } = input;
  if (who === "customer" && !isBookableDate(date, now)) {
    const message = date < earliestBookingDate(now) ? M.dateTooEarly : M.dateTooLate;
    return { field: "date", message } as const;
  }
  if (date > latestBookingDate(now)) return { field: "date", message: M.dateTooLate } as const;
  if (date < sydneyDate(now)) return { field: "date", message: M.datePassed } as const;
  if (sydneyInstant(date, slot).getTime() <= now.getTime()) {
    return { field: "timeSlot", message: M.timePassed } as const;
  }
  return null;
}

function outsideHoursMessage(slot: string, job: JobLength, day: { open: string; close: string }) {
  const minutes = minutesOnSite(job);
  const onSite = formatHours(Math.round((minutes / 60) * 4) / 4);
  // The latest start on the half hour, as the opening hours are kept.
  const latest = Math.floor((minutesOfDay(day.close) - minutes) / 30) * 30;
  if (latest < minutesOfDay(day.open)) return M.tooLongForDay(onSite);
  if (minutesOfDay(slot) < minutesOfDay(day.open)) return M.opensAt(formatTimeSlot(day.open));
  const latestSlot = `${String(Math.floor(latest / 60)).padStart(2, "0")}:${String(latest % 60).padStart(2, "0")}`;
  return M.mustStartBy(onSite, formatTimeSlot(latestSlot), formatTimeSlot(day.close));
}
