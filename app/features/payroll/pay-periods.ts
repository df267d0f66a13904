import { addDays, mondayOf } from "~/lib/sydney-time";

// Pay periods (docs/decisions/0081-pay-runs-pay-a-line-once.md): weeks run Monday to Sunday,
// Sydney dates; fortnights are counted from a fixed Monday so every run agrees on where one starts.

export type PayPeriodLength = "weekly" | "fortnightly";

/** The Monday fortnights are counted from. */
const FORTNIGHT_ANCHOR = "2025-01-06";

function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The period (first and last Sydney date) that contains `date`. */
export function periodContaining(date: string, length: PayPeriodLength) {
  let start = mondayOf(date);
  if (length === "fortnightly") {
    const weeks = Math.floor(daysBetween(FORTNIGHT_ANCHOR, start) / 7);
    if (((weeks % 2) + 2) % 2 === 1) start = addDays(start, -7);
  }
  return { start, end: addDays(start, length === "weekly" ? 6 : 13) };
}

/** The `count` periods before the one containing `today`, latest first: what a run may cover. */
export function recentPeriods(today: string, length: PayPeriodLength, count = 6) {
  const periods = [];
  let current = periodContaining(today, length);
  for (let i = 0; i < count; i++) {
    current = periodContaining(addDays(current.start, -1), length);
    periods.push(current);
  }
  return periods;
}

/** Whether `start`..`end` is a whole period of this length. */
export function isPeriod(start: string, end: string, length: PayPeriodLength) {
  const period = periodContaining(start, length);
  return period.start === start && period.end === end;
}
