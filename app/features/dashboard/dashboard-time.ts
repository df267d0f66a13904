// Pure time arithmetic for the dashboard. Stored timestamps are ISO-8601 UTC text; months are
// Sydney's (docs/decisions/0009-sydney-time-and-money.md), so their boundaries are computed here and handed to the database as UTC text.
import {
  addDays,
  sydneyDate,
  sydneyInstant,
  sydneyMonth,
  sydneyMonthStart,
} from "~/lib/sydney-time";

export const DAY_MS = 24 * 60 * 60 * 1000;

export type MonthRange = {
  /** YYYY-MM in Sydney */
  key: string;
  /** [start, end): the first month starts at `from`, the last ends at `to` */
  start: Date;
  end: Date;
};

/** The Sydney months that [from, to) touches, oldest first, clipped to the range. */
export function sydneyMonthsBetween(from: Date, to: Date): MonthRange[] {
  const [year, month] = sydneyMonth(from).split("-").map(Number) as [number, number];
  const months: MonthRange[] = [];
  for (let offset = 0; ; offset++) {
    const start = sydneyMonthStart(year, month + offset);
    if (offset > 0 && start.getTime() >= to.getTime()) break;
    const next = sydneyMonthStart(year, month + offset + 1);
    months.push({
      key: sydneyMonth(start),
      start: offset === 0 ? from : start,
      end: next.getTime() < to.getTime() ? next : to,
    });
  }
  return months;
}

export type PeriodRanges = {
  /** The chosen period: [start, end) */
  start: Date;
  end: Date;
  /** The preceding period of the same length (docs/product/back-office.md#business-constants-and-limits): [previousStart, start) */
  previousStart: Date;
};

/** docs/decisions/0021-one-definition-of-money-figures.md: rolling periods, ending now. */
export function periodRanges(now: Date, periodDays: number): PeriodRanges {
  const start = new Date(now.getTime() - periodDays * DAY_MS);
  return { start, end: now, previousStart: new Date(start.getTime() - periodDays * DAY_MS) };
}

const HOUR_MS = 60 * 60 * 1000;

/** A UTC hour as the hourly rollups and lead counts key it: YYYY-MM-DDTHH. */
const utcHourKey = (ms: number) => new Date(ms).toISOString().slice(0, 13);

/** UTC hours, both included, as their keys (YYYY-MM-DDTHH). */
type HourKeys = { first: string; last: string };

/**
 * How the ledger's amounts before an instant are read (docs/decisions/0009-sydney-time-and-money.md): the whole Sydney days before `day`
 * from the daily rollups, whole UTC hours of `day` from the hourly rollups and at most half an
 * hour from the ledger. Every Sydney day is whole UTC hours (its offset is +10 or +11).
 */
export type EdgePoint = {
  at: number;
  /** The Sydney date of the hour boundary the reading is anchored on (`at` or the nearer one) */
  day: string;
  /**
   * Whole hours of that day from the hourly rollups, null when the anchor is midnight.
   * "before": [day start, anchor), added to the earlier days; "after": [anchor, day end), taken
   * from the day's rollup instead.
   */
  hours: ({ side: "before" | "after" } & HourKeys) | null;
  /**
   * The part hour read row by row, null when `at` is on the hour. "before": [hour start, at),
   * added to the hours before; "after": [at, hour end), taken away from the next hour's start.
   * `hour` keys the UTC hour it lies in, whose rollup says which types and categories to read.
   */
  part: { side: "before" | "after"; hour: string; from: number; to: number } | null;
};

/**
 * Splits an instant into whole Sydney days, whole UTC hours and a part hour, each time choosing
 * the shorter side (of the hour, then of the day) to read. At or after `now` the rest is chosen:
 * the ledger records what happened, so almost nothing lies after now.
 */
export function edgePoint(at: number, now: number): EdgePoint {
  let anchor = at;
  let part: EdgePoint["part"] = null;
  const hourStart = Math.floor(at / HOUR_MS) * HOUR_MS;
  if (at !== hourStart) {
    const hourEnd = hourStart + HOUR_MS;
    const after = at >= now || hourEnd - at < at - hourStart;
    const hour = utcHourKey(hourStart);
    part = after
      ? { side: "after", hour, from: at, to: hourEnd }
      : { side: "before", hour, from: hourStart, to: at };
    anchor = after ? hourEnd : hourStart;
  }
  const day = sydneyDate(new Date(anchor));
  const dayStart = sydneyInstant(day, "00:00").getTime();
  if (anchor === dayStart) return { at, day, hours: null, part };
  const dayEnd = sydneyInstant(addDays(day, 1), "00:00").getTime();
  const after = anchor >= now || dayEnd - anchor < anchor - dayStart;
  const hours = after
    ? { side: "after" as const, first: utcHourKey(anchor), last: utcHourKey(dayEnd - HOUR_MS) }
    : { side: "before" as const, first: utcHourKey(dayStart), last: utcHourKey(anchor - HOUR_MS) };
  return { at, day, hours, part };
}

/** A part hour counted row by row: added to the whole hours (1) or taken away from them (-1). */
type PartHour = { from: number; to: number; sign: 1 | -1 };

/**
 * [from, to) as whole UTC hours (null when it holds none) and the part hours at its ends, which
 * are counted row by row. Each end is read on whichever side of its hour has fewer rows: the
 * shorter side, where no row is written after `now`. So a period ending now takes its last whole
 * hour and subtracts the rows after now (none), instead of reading the hour so far row by row.
 */
export function hourRanges(from: number, to: number, now: number) {
  const hourStart = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;
  const hourEnd = (ms: number) => Math.ceil(ms / HOUR_MS) * HOUR_MS;
  if (hourEnd(from) >= hourStart(to)) {
    return { hours: null, parts: from < to ? [{ from, to, sign: 1 as const }] : [] };
  }
  // Rows can only have been written before now.
  const rowsBetween = (a: number, b: number) => Math.max(0, Math.min(b, now) - a);
  const addFirst = rowsBetween(from, hourEnd(from)) <= rowsBetween(hourStart(from), from);
  const addLast = rowsBetween(hourStart(to), to) <= rowsBetween(to, hourEnd(to));
  const first: PartHour = addFirst
    ? { from, to: hourEnd(from), sign: 1 }
    : { from: hourStart(from), to: from, sign: -1 };
  const last: PartHour = addLast
    ? { from: hourStart(to), to, sign: 1 }
    : { from: to, to: hourEnd(to), sign: -1 };
  return {
    hours: {
      from: utcHourKey(addFirst ? hourEnd(from) : hourStart(from)),
      to: utcHourKey(addLast ? hourStart(to) : hourEnd(to)),
    },
    parts: [first, last].filter((part) => part.from < part.to),
  };
}
