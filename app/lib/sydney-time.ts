// The business runs on Sydney time (DECISIONS D9): a booking's date and slot are Sydney's,
// while stored timestamps are UTC. These helpers convert between the two, daylight saving included.

const TIME_ZONE = "Australia/Sydney";
const DAY_MS = 24 * 60 * 60 * 1000;

const partsFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function sydneyParts(instant: Date) {
  const parts = Object.fromEntries(
    partsFormat.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return parts as Record<"year" | "month" | "day" | "hour" | "minute" | "second", string>;
}

/** The Sydney calendar date of an instant, YYYY-MM-DD */
export function sydneyDate(instant: Date) {
  const { year, month, day } = sydneyParts(instant);
  return `${year}-${month}-${day}`;
}

function offsetMs(instant: number) {
  const p = sydneyParts(new Date(instant));
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a Sydney wall-clock time happens: ("2026-12-01", "09:00") -> 2026-11-30T22:00:00Z */
export function sydneyInstant(date: string, time: string) {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let utc = wall - offsetMs(wall);
  // Near a daylight-saving change the first guess can be an hour out; one more step settles it.
  utc = wall - offsetMs(utc);
  return new Date(utc);
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
