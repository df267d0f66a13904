// The business's opening hours and closed dates as the business profile keeps them, and the
// readings every page and rule shares: the hours of a date, and the "Mon-Fri 7am-6pm" rows the
// public site shows. Plain data and pure helpers, free of zod, so the public pages' bundle can
// carry them (docs/decisions/0040-business-hours-bound-bookings.md).

export const WEEKDAY_KEYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

/** One day's hours, "HH:MM" on the half hour, or null when the business is closed that day. */
export type DayHours = { open: string; close: string } | null;
export type WeeklyHours = Record<WeekdayKey, DayHours>;

/** A date the business is closed whatever its weekday, such as a public holiday. */
export type ClosedDate = { date: string; label: string };

/** The rows the public site shows: { days: "Mon-Fri", hours: "7am-6pm" }. */
export type OpeningHoursRow = { days: string; hours: string };

export const WEEKDAY_LABELS: Record<WeekdayKey, string> = {
  mon: "Mon",
  tue: "Tue",
  wed: "Wed",
  thu: "Thu",
  fri: "Fri",
  sat: "Sat",
  sun: "Sun",
};

export const WEEKDAY_NAMES: Record<WeekdayKey, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

/** The weekday of a YYYY-MM-DD calendar date. */
export function weekdayKeyOf(date: string): WeekdayKey {
  const sundayFirst = new Date(`${date}T00:00:00Z`).getUTCDay();
  return WEEKDAY_KEYS[(sundayFirst + 6) % 7]!;
}

/** The hours the business keeps on a date: null on a closed weekday or a closed date. */
export function hoursOnDate(
  date: string,
  weekly: WeeklyHours,
  closedDates: readonly ClosedDate[],
): DayHours {
  if (closedDates.some((closed) => closed.date === date)) return null;
  return weekly[weekdayKeyOf(date)];
}

/** "07:30" -> 450 */
export function minutesOfDay(time: string) {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** "07:00" -> "7am", "18:30" -> "6:30pm", "12:00" -> "12pm" */
export function clockLabel(time: string) {
  const minutes = minutesOfDay(time);
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}${minute ? `:${String(minute).padStart(2, "0")}` : ""}${hour < 12 ? "am" : "pm"}`;
}

function hoursLabel(day: DayHours) {
  return day ? `${clockLabel(day.open)}-${clockLabel(day.close)}` : "Closed";
}

/** Runs of neighbouring days with the same hours, as the site prints them: "Mon-Fri", "7am-6pm". */
export function openingHoursRows(weekly: WeeklyHours): OpeningHoursRow[] {
  const rows: Array<{ first: WeekdayKey; last: WeekdayKey; hours: string }> = [];
  for (const key of WEEKDAY_KEYS) {
    const hours = hoursLabel(weekly[key]);
    const previous = rows[rows.length - 1];
    if (previous && previous.hours === hours) previous.last = key;
    else rows.push({ first: key, last: key, hours });
  }
  return rows.map((row) => ({
    days:
      row.first === row.last
        ? WEEKDAY_LABELS[row.first]
        : `${WEEKDAY_LABELS[row.first]}-${WEEKDAY_LABELS[row.last]}`,
    hours: row.hours,
  }));
}
