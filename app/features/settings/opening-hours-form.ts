import {
  openingHoursRows,
  WEEKDAY_KEYS,
  WEEKDAY_LABELS,
  type ClosedDate,
  type DayHours,
  type WeekdayKey,
  type WeeklyHours,
} from "./opening-hours";

// The settings form's two text areas for the hours bookings must fit in: "Mon-Fri: 7am-6pm" lines
// for the week, and "2026-12-25 Christmas Day" lines for closed dates. Read strictly, because
// the booking rules follow them (docs/decisions/0040-business-hours-bound-bookings.md).

export const OPENING_HOURS_TEXT = {
  format: "Write one line per day or range, like Mon-Fri: 7am-6pm or Sun: Closed",
  halfHours: "Opening hours go by whole or half hours, like 7am or 7:30am",
  openBeforeClose: "Each day must open before it closes, like Mon-Fri: 7am-6pm",
  twice: (day: string) => `${day} is listed twice; give each day once`,
  missing: (day: string) => `Give the hours of every day: ${day} is missing`,
  closedDates: "Write one date per line, like 2026-12-25 Christmas Day, or leave it blank",
} as const;

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const CLOCK = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm)?$/i;

/** "7am", "7:30pm", "18:00" -> "HH:MM"; null when not a whole or half hour of the day. */
function readClock(text: string): string | null {
  const match = CLOCK.exec(text.trim());
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? "0");
  const half = match[3]?.toLowerCase();
  if (half && (hour < 1 || hour > 12)) return null;
  if (half) hour = (hour % 12) + (half === "pm" ? 12 : 0);
  if (hour > 23 || (minute !== 0 && minute !== 30)) return null;
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

function readDayHours(text: string): Parsed<DayHours> {
  if (/^closed$/i.test(text.trim())) return { ok: true, value: null };
  const parts = text.split(/\s*(?:-|–|to)\s*/i);
  if (parts.length !== 2) return { ok: false, message: OPENING_HOURS_TEXT.format };
  const [open, close] = parts.map(readClock);
  if (!open || !close) return { ok: false, message: OPENING_HOURS_TEXT.halfHours };
  if (open >= close) return { ok: false, message: OPENING_HOURS_TEXT.openBeforeClose };
  return { ok: true, value: { open, close } };
}

function dayKey(text: string): WeekdayKey | undefined {
  const short = text.trim().toLowerCase().slice(0, 3);
  return WEEKDAY_KEYS.find((key) => key === short);
}

/** "Mon-Fri" -> mon..fri; "Sat" -> sat; null when not a day or a forward range. */
function readDays(text: string): WeekdayKey[] | null {
  const [from, to, extra] = text.split(/\s*(?:-|–|to)\s*/i).map(dayKey);
  if (!from || extra !== undefined || (text.match(/-|–|\bto\b/i) && !to)) return null;
  const start = WEEKDAY_KEYS.indexOf(from);
  const end = to ? WEEKDAY_KEYS.indexOf(to) : start;
  return end < start ? null : WEEKDAY_KEYS.slice(start, end + 1);
}

/** The week from its lines; every day given exactly once. */
export function parseWeeklyHours(text: string): Parsed<WeeklyHours> {
  const week: Partial<WeeklyHours> = {};
  const lines = text.split(/\r?\n/).filter((line) => line.trim());
  for (const line of lines) {
    const colon = line.indexOf(":");
    const days = colon > 0 ? readDays(line.slice(0, colon)) : null;
    if (!days) return { ok: false, message: OPENING_HOURS_TEXT.format };
    const hours = readDayHours(line.slice(colon + 1));
    if (!hours.ok) return hours;
    for (const day of days) {
      if (day in week) return { ok: false, message: OPENING_HOURS_TEXT.twice(WEEKDAY_LABELS[day]) };
      week[day] = hours.value;
    }
  }
  const missing = WEEKDAY_KEYS.find((day) => !(day in week));
  if (missing) return { ok: false, message: OPENING_HOURS_TEXT.missing(WEEKDAY_LABELS[missing]) };
  return { ok: true, value: week as WeeklyHours };
}

export function formatWeeklyHours(week: WeeklyHours) {
  return openingHoursRows(week)
    .map((row) => `${row.days}: ${row.hours}`)
    .join("\n");
}

function isRealDate(value: string) {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

const CLOSED_LINE = /^(\d{4}-\d{2}-\d{2})(?:\s*[:,-]?\s+(.*))?$/;

/** "2026-12-25 Christmas Day" lines -> closed dates in date order, each date once. */
export function parseClosedDates(text: string): Parsed<ClosedDate[]> {
  const byDate = new Map<string, string>();
  for (const line of text.split(/\r?\n/).filter((each) => each.trim())) {
    const match = CLOSED_LINE.exec(line.trim());
    const label = match?.[2]?.trim() ?? "";
    if (!match || !isRealDate(match[1]!) || label.length > 100) {
      return { ok: false, message: OPENING_HOURS_TEXT.closedDates };
    }
    byDate.set(match[1]!, label);
  }
  const value = [...byDate].map(([date, label]) => ({ date, label })).sort(byDateOrder);
  return { ok: true, value };
}

function byDateOrder(a: ClosedDate, b: ClosedDate) {
  return a.date < b.date ? -1 : 1;
}

export function formatClosedDates(dates: readonly ClosedDate[]) {
  return dates.map((closed) => `${closed.date} ${closed.label}`.trim()).join("\n");
}
