import { policeCheckProblem } from "~/features/cleaners/police-check";
import { takesJobs } from "~/features/cleaners/cleaner-status";
import { sydneyClock, weekdayOf } from "~/lib/sydney-time";
import type { CleanerStatus } from "~/server/database";
import { distanceKm, type Place } from "./distance";
import { holdSpan, minutesInside, type HoldSpan } from "./hold-span";
import { FREE_TEXT, parseWorkingHours } from "./why-not-free";

// docs/decisions/0060-crews-and-cleaner-holds.md: the one availability model. A cleaner is free
// for a job when their status takes jobs, their police check covers the job's date, they work
// that weekday and those hours, no time off covers the date, and no live hold of theirs (held,
// offered or accepted, travel buffer included) overlaps the job plus the buffer. The customer's
// slot picker, the booking's crew, reschedules and staff screens all read this. Pure and
// client-safe: the service (availability.service.server.ts) gathers the facts.

/** A spell of days off, first and last included (YYYY-MM-DD, Sydney). */
export type DaysOff = { startsOn: string; endsOn: string };

/**
 * A live hold as the model reads it; its booking is null when read without (the booking
 * calendar, which never asks about a booking's own cleaners).
 */
export type LiveHold = HoldSpan & { bookingId: string | null };

/** Everything the model knows of one cleaner over the range it was loaded for. */
export type CleanerCalendar = {
  id: string;
  status: CleanerStatus;
  /** Weekday names ("Monday") they work; none means no day */
  workingDays: readonly string[];
  /** As the profile states them ("8am-4pm"); null or unreadable: any hours */
  workingHours: string | null;
  policeCheckExpiresOn: string | null;
  timeOff: readonly DaysOff[];
  holds: readonly LiveHold[];
  rating: number;
  /** Their home suburb's centre, when known */
  place: Place | null;
};

/** A job as the model reads it: its Sydney date and slot, and how long it keeps a cleaner. */
export type CrewJob = {
  date: string;
  slot: string;
  minutesOnSite: number;
  /** The business's travel time between jobs, added after every job */
  bufferMinutes: number;
  /** The job's own booking: its holds do not block its own cleaners (a reschedule) */
  bookingId?: string;
  /** Cleaners who declined this job */
  declinedBy?: ReadonlySet<string>;
};

export const NOT_TAKING_JOBS = "Not taking jobs";

type Clash =
  | { kind: "status" }
  | { kind: "police"; text: string }
  | { kind: "declined" }
  | { kind: "noDays" }
  | { kind: "notWorkingDay"; weekday: string }
  | { kind: "timeOff" }
  | { kind: "outsideHours"; hours: string }
  | { kind: "held"; hold: LiveHold };

/** A job's facts worked out once for every cleaner it is checked against. */
type JobFacts = {
  job: CrewJob;
  weekday: string;
  startMinuteOfDay: number;
  span: HoldSpan;
  today: string;
};

function jobFacts(job: CrewJob, today: string): JobFacts {
  const [hour = 0, minute = 0] = job.slot.split(":").map(Number);
  return {
    job,
    weekday: weekdayOf(job.date),
    startMinuteOfDay: hour * 60 + minute,
    span: holdSpan(job),
    today,
  };
}

/**
 * A cleaner's facts worked out once for every job they are checked against; a roster reused
 * across jobs (the sweep's, availability.service.server.ts) keeps them from job to job.
 */
export type CleanerFacts = {
  cleaner: CleanerCalendar;
  days: ReadonlySet<string>;
  hours: { from: number; to: number } | null;
};

export function cleanerFacts(cleaner: CleanerCalendar): CleanerFacts {
  return {
    cleaner,
    days: new Set(cleaner.workingDays),
    hours: parseWorkingHours(cleaner.workingHours),
  };
}

/**
 * The first reason the cleaner cannot take the job, in the order
 * docs/decisions/0042-who-is-free-for-a-job.md gives.
 */
function firstClash(facts: CleanerFacts, at: JobFacts): Clash | null {
  const { cleaner, days, hours } = facts;
  const { job } = at;
  if (!takesJobs(cleaner.status)) return { kind: "status" };
  const police = policeCheckProblem(cleaner.policeCheckExpiresOn, at.today, job.date);
  if (police) return { kind: "police", text: police };
  if (job.declinedBy?.has(cleaner.id)) return { kind: "declined" };
  if (days.size === 0) return { kind: "noDays" };
  if (!days.has(at.weekday)) return { kind: "notWorkingDay", weekday: at.weekday };
  if (cleaner.timeOff.some((off) => off.startsOn <= job.date && job.date <= off.endsOn)) {
    return { kind: "timeOff" };
  }
  const end = at.startMinuteOfDay + job.minutesOnSite;
  if (hours && (at.startMinuteOfDay < hours.from || end > hours.to)) {
    return { kind: "outsideHours", hours: cleaner.workingHours!.trim() };
  }
  for (const hold of cleaner.holds) {
    if (hold.bookingId === job.bookingId) continue;
    if (
      hold.startsMinute < at.span.blockedUntilMinute &&
      at.span.startsMinute < hold.blockedUntilMinute
    ) {
      return { kind: "held", hold };
    }
  }
  return null;
}

const clockOf = (minute: number) => sydneyClock(new Date(minute * 60_000));

function clashText(clash: Clash, bufferMinutes: number) {
  switch (clash.kind) {
    case "status":
      return NOT_TAKING_JOBS;
    case "police":
      return clash.text;
    case "declined":
      return FREE_TEXT.declined;
    case "noDays":
      return FREE_TEXT.noWorkingDays;
    case "notWorkingDay":
      return FREE_TEXT.notWorkingDay(clash.weekday);
    case "timeOff":
      return FREE_TEXT.timeOff;
    case "outsideHours":
      return FREE_TEXT.outsideHours(clash.hours);
    case "held": {
      // The other job's own end: the hold runs on by the travel buffer.
      const { startsMinute, blockedUntilMinute } = clash.hold;
      const end = Math.max(startsMinute, blockedUntilMinute - bufferMinutes);
      return FREE_TEXT.onAnotherJob(clockOf(startsMinute), clockOf(end));
    }
  }
}

/** Why the cleaner cannot take the job (the first reason found), or null when they are free. */
export function whyNotFreeAt(cleaner: CleanerCalendar, job: CrewJob, today: string) {
  const clash = firstClash(cleanerFacts(cleaner), jobFacts(job, today));
  return clash ? clashText(clash, job.bufferMinutes) : null;
}

/** The cleaners free for the job, in the order given. */
export function freeCleaners(
  cleaners: readonly CleanerCalendar[],
  job: CrewJob,
  today: string,
): CleanerCalendar[] {
  return freeAmong(cleaners.map(cleanerFacts), job, today);
}

/** The same as freeCleaners, for cleaners whose facts were worked out before. */
export function freeAmong(
  cleaners: readonly CleanerFacts[],
  job: CrewJob,
  today: string,
): CleanerCalendar[] {
  const at = jobFacts(job, today);
  return cleaners.filter((facts) => firstClash(facts, at) === null).map((facts) => facts.cleaner);
}

/** A date's slot, and whether a whole crew is free for it. */
export type CrewSlot = { slot: string; crewFree: boolean };

/** A date's slots that fit the business's hours, each with whether a whole crew is free. */
export type CrewDay = { date: string; slots: CrewSlot[] };

/**
 * For each of `dates`, each slot `slotsOn` offers (the ones that fit opening hours), whether
 * `crewSize` cleaners are free for the job at once. A day with no such slot has no room.
 */
export function crewDays(
  cleaners: readonly CleanerCalendar[],
  input: {
    dates: readonly string[];
    slotsOn: (date: string) => readonly string[];
    minutesOnSite: number;
    bufferMinutes: number;
    crewSize: number;
    today: string;
  },
): CrewDay[] {
  const facts = cleaners.filter((c) => takesJobs(c.status)).map(cleanerFacts);
  return input.dates.map((date) => ({
    date,
    slots: input.slotsOn(date).map((slot) => {
      const at = jobFacts({ ...input, date, slot }, input.today);
      let free = 0;
      for (const cleaner of facts) {
        if (firstClash(cleaner, at) === null) free += 1;
        if (free >= input.crewSize) break;
      }
      return { slot, crewFree: free >= input.crewSize };
    }),
  }));
}

/** What ranks free cleaners for one job. */
export type RankingFacts = {
  /** The customer's preferred cleaner, when they have one */
  preferredCleanerId?: string | null;
  /** Who last cleaned for this customer */
  lastCleanerId?: string | null;
  /** The job's week, in hold minutes: hours already held in it count against a cleaner */
  week: HoldSpan;
  /**
   * Each cleaner's minutes held in `week`, when the caller summed them (a cleaner not listed
   * holds none): then the cleaners' own holds need not cover the week
   */
  minutesHeld?: ReadonlyMap<string, number>;
  /** The job's suburb centre, when known */
  jobPlace: Place | null;
};

function minutesHeldIn(cleaner: CleanerCalendar, week: HoldSpan) {
  let minutes = 0;
  for (const hold of cleaner.holds) minutes += minutesInside(hold, week);
  return minutes;
}

/** The order localeCompare gives (same locale, same options), without building it per call. */
const byId = new Intl.Collator();

/**
 * Free cleaners in the order a crew is picked: the customer's preferred cleaner, then whoever
 * last cleaned for them, then the best rated, then the fewest hours already held that week,
 * then the nearest (a cleaner whose suburb is unknown comes after those whose is known).
 */
export function rankFreeCleaners(
  free: readonly CleanerCalendar[],
  facts: RankingFacts,
): CleanerCalendar[] {
  const keyed = free.map((cleaner) => ({
    cleaner,
    preferred: cleaner.id === facts.preferredCleanerId ? 0 : 1,
    last: cleaner.id === facts.lastCleanerId ? 0 : 1,
    rating: -Number(cleaner.rating),
    held: facts.minutesHeld
      ? (facts.minutesHeld.get(cleaner.id) ?? 0)
      : minutesHeldIn(cleaner, facts.week),
    distance:
      cleaner.place && facts.jobPlace ? distanceKm(cleaner.place, facts.jobPlace) : Infinity,
  }));
  keyed.sort(
    (a, b) =>
      a.preferred - b.preferred ||
      a.last - b.last ||
      a.rating - b.rating ||
      a.held - b.held ||
      (a.distance === b.distance ? 0 : a.distance < b.distance ? -1 : 1) ||
      byId.compare(a.cleaner.id, b.cleaner.id),
  );
  return keyed.map((k) => k.cleaner);
}
