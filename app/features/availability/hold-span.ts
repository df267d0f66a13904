import { addDays, mondayOf, sydneyInstant } from "~/lib/sydney-time";

// docs/decisions/0060-crews-and-cleaner-holds.md: holds are kept in whole minutes since the Unix
// epoch, so both databases compare plain integers. Pure and client-safe.

const MINUTE_MS = 60_000;

/** Whole minutes since the Unix epoch: the unit holds are kept in. */
export type HoldSpan = { startsMinute: number; blockedUntilMinute: number };

/** The span a job blocks: from its Sydney date and slot, for its minutes on site plus the buffer. */
export function holdSpan(job: {
  date: string;
  slot: string;
  minutesOnSite: number;
  bufferMinutes: number;
}): HoldSpan {
  const startsMinute = Math.floor(sydneyInstant(job.date, job.slot).getTime() / MINUTE_MS);
  return {
    startsMinute,
    blockedUntilMinute: startsMinute + job.minutesOnSite + job.bufferMinutes,
  };
}

/** A hold's minutes inside `week` (none when they do not overlap), as the database sums them. */
export function minutesInside(hold: HoldSpan, week: HoldSpan) {
  const from = Math.max(hold.startsMinute, week.startsMinute);
  const to = Math.min(hold.blockedUntilMinute, week.blockedUntilMinute);
  return Math.max(0, to - from);
}

/** Sydney dates `from`..`to`, both included, as hold minutes. */
export function datesSpan(from: string, to: string): HoldSpan {
  const at = (date: string) =>
    holdSpan({ date, slot: "00:00", minutesOnSite: 0, bufferMinutes: 0 }).startsMinute;
  return { startsMinute: at(from), blockedUntilMinute: at(addDays(to, 1)) };
}

/** The Monday-to-Sunday week of a Sydney date, as hold minutes. */
export function weekSpanOf(date: string): HoldSpan {
  return datesSpan(mondayOf(date), addDays(mondayOf(date), 6));
}
