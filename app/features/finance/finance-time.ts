import {
  addDays,
  sydneyDate,
  sydneyInstant,
  sydneyMonth,
  sydneyMonthStart,
} from "~/lib/sydney-time";

// Pure time arithmetic of the finance screen, on Sydney's calendar
// (docs/decisions/0009-sydney-time-and-money.md).

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A chart bar: a Sydney day (YYYY-MM-DD) or month (YYYY-MM), clipped to the period. */
export type Bucket = { key: string; from: number; to: number };

/**
 * The rolling period of `days` ending now, and the preceding one of the same length
 * (docs/decisions/0021-one-definition-of-money-figures.md).
 */
export function rollingPeriod(now: Date, days: number) {
  const end = now.getTime();
  const start = end - days * DAY_MS;
  return { start, end, previousStart: start - days * DAY_MS };
}

/**
 * The chart's bars over [from, to): Sydney days for a week or a month, Sydney months for a year;
 * the first and last clipped to the period. Their edges on Sydney midnight are whole days of the
 * rollups, so many bars cost little more than one.
 */
export function chartBuckets(from: number, to: number, by: "day" | "month"): Bucket[] {
  const buckets: Bucket[] = [];
  if (by === "day") {
    for (let day = sydneyDate(new Date(from)); ; day = addDays(day, 1)) {
      const start = sydneyInstant(day, "00:00").getTime();
      if (start >= to) break;
      const next = sydneyInstant(addDays(day, 1), "00:00").getTime();
      buckets.push({ key: day, from: Math.max(start, from), to: Math.min(next, to) });
    }
    return buckets;
  }
  const [year, month] = sydneyMonth(new Date(from)).split("-").map(Number) as [number, number];
  for (let offset = 0; ; offset++) {
    const start = sydneyMonthStart(year, month + offset).getTime();
    if (offset > 0 && start >= to) break;
    const next = sydneyMonthStart(year, month + offset + 1).getTime();
    buckets.push({
      key: sydneyMonth(new Date(start)),
      from: Math.max(start, from),
      to: Math.min(next, to),
    });
  }
  return buckets;
}
