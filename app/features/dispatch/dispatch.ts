import { z } from "zod";
import { formatTimeSlot } from "~/lib/format";
import type { ScheduleView } from "~/features/schedule/schedule";
import type { SeatStatus } from "~/features/job-visits/job-visits";
import { ASSIGN_TEXT } from "~/features/assignments/assignments";

// /admin/dispatch (docs/product/cleaner-assignments.md#dispatch-board): the board's shapes, its
// address and its words. Client-safe: the loader, the view and the tests share one reading.

/** A job on the board: one confirmed booking, when its crew is on site and how staffed it is. */
export type DispatchJob = {
  bookingId: string;
  quoteId: string;
  reference: string;
  date: string;
  slot: string;
  /** Minutes the crew is on site (docs/decisions/0040-business-hours-bound-bookings.md) */
  minutesOnSite: number;
  suburb: string;
  service: string;
  crewSize: number;
  /** Offers waiting for an answer */
  offered: number;
  /** Offers accepted */
  accepted: number;
  /** crewSize less the live offers (pending or accepted), never below 0 */
  openSeats: number;
  /** A crew member reported a problem from the app (docs/decisions/0068-job-visits.md) */
  problem: boolean;
};

/** A seat's live status and times, as the cleaner's app reports them. */
export type SeatVisit = {
  status: SeatStatus;
  label: string;
  /** "In 9:02 AM · Out 1:05 PM"; empty before check-in */
  times: string;
};

/** One of a cleaner's live offers: the job, and whether the cleaner has answered yes yet. */
export type CleanerJob = DispatchJob & { offer: "pending" | "accepted"; visit: SeatVisit };

export type DispatchCleaner = {
  id: string;
  name: string;
  status: "available" | "busy" | "offline" | "suspended";
  /** Whether jobs may be offered to them (available or busy) */
  takesJobs: boolean;
  /** Their spells of time off that touch the board's week, as YYYY-MM-DD days */
  timeOff: { startsOn: string; endsOn: string }[];
  jobs: CleanerJob[];
  /** Hours on site of the week's accepted jobs; only for a role that sees pay figures */
  weekHours?: number;
};

export type DispatchBoard = {
  view: ScheduleView;
  date: string;
  today: string;
  /** The dates shown: the day, or Monday to Sunday */
  days: string[];
  /** Confirmed jobs of those dates with an open seat, soonest first */
  needsCleaners: DispatchJob[];
  cleaners: DispatchCleaner[];
  /** Whether weekHours was read (decision 0044: figures by permission) */
  showsHours: boolean;
};

/** What a drop or the Offer to… menu sends: the booking and the cleaner. */
export const OfferSeatSchema = z.object({
  bookingId: z.string().trim().min(1, "That job is no longer on the board.").max(100),
  cleanerId: z.string().trim().min(1, "Choose a cleaner").max(100),
});
export type OfferSeatInput = z.infer<typeof OfferSeatSchema>;

export const DISPATCH_TEXT = {
  title: "Dispatch",
  needsCleaners: "Needs cleaners",
  noneWaiting: "Every job here has its cleaners.",
  offerTo: "Offer to…",
  offered: "Offered",
  confirmed: "Confirmed",
  timeOff: "Time off",
  checking: "Checking who is free…",
  notTakingJobs: "Not taking jobs",
  suspended: "Suspended",
  offline: "Offline",
  noJobs: "No jobs",
  jobGone: "That job is no longer waiting for cleaners.",
  crewFull: ASSIGN_TEXT.crewOffered,
  alreadyOnIt: (name: string) => `${name} has already been offered this job.`,
  dropHere: (name: string) => `Drop to offer ${name} this job.`,
  cannotTake: (reason: string) => `Cannot take it: ${reason}`,
  weekHours: (hours: string) => `${hours} booked this week`,
  lead: "Lead",
  problem: "Problem reported",
};

/** "1 of 2 cleaners" (accepted of the crew), with the offers still waiting after it. */
export function staffingLabel(job: Pick<DispatchJob, "accepted" | "offered" | "crewSize">) {
  const crew = `${job.accepted} of ${job.crewSize} ${job.crewSize === 1 ? "cleaner" : "cleaners"}`;
  return job.offered > 0 ? `${crew}, ${job.offered} offered` : crew;
}

/** "13:30" from minutes after midnight. */
function clockOf(minutes: number) {
  const hour = Math.floor(minutes / 60);
  return `${String(hour).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** The slot's start in minutes after midnight. */
export function startMinutes(slot: string) {
  const [hour = 0, minute = 0] = slot.split(":").map(Number);
  return hour * 60 + minute;
}

/** "9:00 AM – 11:30 AM": the time on site; the start alone when the hours are not known. */
export function timeOnSite(job: Pick<DispatchJob, "slot" | "minutesOnSite">) {
  const start = formatTimeSlot(job.slot);
  if (job.minutesOnSite <= 0) return start;
  return `${start} – ${formatTimeSlot(clockOf(startMinutes(job.slot) + job.minutesOnSite))}`;
}

/** Whether a spell of time off covers the date. */
export function isOff(cleaner: Pick<DispatchCleaner, "timeOff">, date: string) {
  return cleaner.timeOff.some((spell) => spell.startsOn <= date && date <= spell.endsOn);
}

export function dispatchHref(view: ScheduleView, date: string) {
  return `/admin/dispatch?view=${view}&date=${date}`;
}

/** A job card's accessible name: where, what and when. */
export function jobName(job: DispatchJob) {
  return `${job.suburb}: ${job.service}, ${timeOnSite(job)}`;
}
