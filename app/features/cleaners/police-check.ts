import { formatShortDate } from "~/lib/format";

// docs/decisions/0042-who-is-free-for-a-job.md: the home page promises every cleaner is
// police-checked, so a cleaner is Available, or offered a job, only with a check that is current
// (its expiry date not yet passed). Client-safe and pure: the cleaner's profile, the Assign
// Cleaner panel and the demo data read the same rule.

/** Staff are alerted this many days before a working cleaner's check lapses. */
export const POLICE_CHECK_ALERT_DAYS = 30;

export const POLICE_CHECK_TEXT = {
  none: "No police check on record",
  expired: (expiresOn: string) => `Police check expired ${formatShortDate(expiresOn)}`,
  lapsesBeforeJob: (expiresOn: string) =>
    `Police check expires ${formatShortDate(expiresOn)}, before this job`,
  cannotBeAvailable:
    "A cleaner needs a current police check to be Available. Record the check on this page first.",
};

/** The last day a check done on `checkedOn` is current: the same date `years` later. */
export function policeCheckExpiry(checkedOn: string, years: number) {
  const year = Number(checkedOn.slice(0, 4)) + years;
  const expiry = `${year}${checkedOn.slice(4)}`;
  // 29 February `years` later is usually not a date; the 28th keeps it inside the validity.
  return expiry.endsWith("-02-29") && !isLeapYear(year) ? `${year}-02-28` : expiry;
}

function isLeapYear(year: number) {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * Why the check does not cover `jobDate` (or today, with no job date), or null when it does.
 * `today` and `jobDate` are Sydney calendar dates; the expiry day itself is still covered.
 */
export function policeCheckProblem(
  expiresOn: string | null,
  today: string,
  jobDate?: string | null,
): string | null {
  if (!expiresOn) return POLICE_CHECK_TEXT.none;
  if (expiresOn < today) return POLICE_CHECK_TEXT.expired(expiresOn);
  if (jobDate && expiresOn < jobDate) return POLICE_CHECK_TEXT.lapsesBeforeJob(expiresOn);
  return null;
}
