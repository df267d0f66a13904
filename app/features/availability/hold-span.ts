import { sydneyInstant } from "~/lib/sydney-time";

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
