import { policeCheckProblem } from "~/features/cleaners/police-check";
import { weekdayOf } from "~/lib/sydney-time";

// docs/decisions/0042-who-is-free-for-a-job.md: what "free" means in the Assign Cleaner panel,
// and the words that say why someone is not. Pure and client-safe; the service gathers each
// cleaner's day (assignments.service.server.ts) and the same rule refuses an offer. The hold-based
// reading every booking path shares is free-cleaners.ts, with the same words.

export const FREE_TEXT = {
  noWorkingDays: "No working days on record",
  notWorkingDay: (weekday: string) => `Not working ${weekday}s`,
  outsideHours: (hours: string) => `Works ${hours} only`,
  timeOff: "On time off that day",
  declined: "Declined this job",
  onAnotherJob: (from: string, to: string) => `On another job ${from}–${to}`,
};

/** What the rule needs to know of one cleaner on the job's day. */
export type CleanerDay = {
  /** Weekday names ("Monday") the cleaner works */
  workingDays: string[];
  /** As the cleaner's profile states them, e.g. "8am-4pm"; null or unreadable: any hours */
  workingHours: string | null;
  policeCheckExpiresOn: string | null;
  onTimeOff: boolean;
  declinedThisJob: boolean;
  /** Their other live jobs (pending or accepted offers) that day */
  otherJobs: { slot: string; hours: number }[];
};

export type JobWhen = { date: string; slot: string; hours: number };

const HOURS_RANGE =
  /^(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?\s*(?:-|–|—|to)\s*(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?$/i;

function clockMinutes(hour: string, minute: string | undefined, half: string | undefined) {
  let h = Number(hour);
  const m = Number(minute ?? 0);
  if (m > 59) return null;
  if (half) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (half.toLowerCase() === "pm" ? 12 : 0);
  }
  return h <= 24 ? h * 60 + m : null;
}

/** "8am-4pm", "8:30am - 4:30pm", "08:00-16:00" as minutes after midnight; null if unreadable. */
export function parseWorkingHours(text: string | null) {
  const match = HOURS_RANGE.exec((text ?? "").trim());
  if (!match) return null;
  const [, fromHour, fromMinute, fromHalf, toHour, toMinute, toHalf] = match;
  const from = clockMinutes(fromHour!, fromMinute, fromHalf);
  const to = clockMinutes(toHour!, toMinute, toHalf);
  return from !== null && to !== null && from < to ? { from, to } : null;
}

/** The minutes after midnight a "HH:MM" slot starts. */
function slotMinutes(slot: string) {
  const [hour = 0, minute = 0] = slot.split(":").map(Number);
  return hour * 60 + minute;
}

/** 600 -> "10:00" */
function clock(minutes: number) {
  const hour = Math.floor(minutes / 60);
  return `${String(hour).padStart(2, "0")}:${String(Math.round(minutes % 60)).padStart(2, "0")}`;
}

/** A job's span on its day: from its slot for its hours. */
export function jobSpan(slot: string, hours: number) {
  const start = slotMinutes(slot);
  return { start, end: start + hours * 60 };
}

/** Why the cleaner cannot take the job (the first reason found), or null when free. */
export function whyNotFree(cleaner: CleanerDay, job: JobWhen, today: string): string | null {
  const police = policeCheckProblem(cleaner.policeCheckExpiresOn, today, job.date);
  if (police) return police;
  if (cleaner.declinedThisJob) return FREE_TEXT.declined;
  if (cleaner.workingDays.length === 0) return FREE_TEXT.noWorkingDays;
  const weekday = weekdayOf(job.date);
  if (!cleaner.workingDays.includes(weekday)) return FREE_TEXT.notWorkingDay(weekday);
  if (cleaner.onTimeOff) return FREE_TEXT.timeOff;
  const span = jobSpan(job.slot, job.hours);
  const hours = parseWorkingHours(cleaner.workingHours);
  if (hours && (span.start < hours.from || span.end > hours.to)) {
    return FREE_TEXT.outsideHours(cleaner.workingHours!.trim());
  }
  for (const other of cleaner.otherJobs) {
    const taken = jobSpan(other.slot, other.hours);
    if (span.start < taken.end && taken.start < span.end) {
      return FREE_TEXT.onAnotherJob(clock(taken.start), clock(taken.end));
    }
  }
  return null;
}
