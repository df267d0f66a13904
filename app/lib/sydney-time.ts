// The business runs on Sydney time (docs/decisions/0009-sydney-time-and-money.md): a booking's date and slot are Sydney's,
// while stored timestamps are UTC. These helpers convert between the two, daylight saving included.

import { TZDate, tz } from "@date-fns/tz";
import { format } from "date-fns";

const SYDNEY = "Australia/Sydney";
const DAY_MS = 24 * 60 * 60 * 1000;
const inSydney = { in: tz(SYDNEY) };

/** The Sydney calendar date of an instant, YYYY-MM-DD */
export function sydneyDate(instant: Date) {
  return format(instant, "yyyy-MM-dd", inSydney);
}

/** The Sydney month of an instant, YYYY-MM */
export function sydneyMonth(instant: Date) {
  return format(instant, "yyyy-MM", inSydney);
}

/** The instant a Sydney wall-clock time happens: ("2026-12-01", "09:00") -> 2026-11-30T22:00:00Z */
export function sydneyInstant(date: string, time: string) {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hour, minute, SYDNEY).getTime());
}

/** The instant Sydney's clocks show midnight on the first of a month (month 1-12, may overflow). */
export function sydneyMonthStart(year: number, month: number) {
  return new Date(new TZDate(year, month - 1, 1, SYDNEY).getTime());
}

export function addDays(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function addHours(instant: Date, hours: number) {
  return new Date(instant.getTime() + hours * 60 * 60 * 1000);
}

export function addMinutes(instant: Date, minutes: number) {
  return new Date(instant.getTime() + minutes * 60 * 1000);
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "Monday" for a YYYY-MM-DD date */
export function weekdayOf(date: string) {
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

/** The Monday that starts the week of a date */
export function mondayOf(date: string) {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((day + 6) % 7));
}

/** The Sydney wall-clock time of an instant, "HH:mm" */
export function sydneyClock(instant: Date) {
  return format(instant, "HH:mm", inSydney);
}
