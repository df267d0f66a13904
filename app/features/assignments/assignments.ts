import { z } from "zod";
import { TIME_SLOTS } from "~/features/bookings/booking-rules";
import type { Failure } from "~/lib/result";

// The Assign Cleaner panel's form, its answers and its words, shared by the panel and its
// resource route (docs/product/back-office.md#lead-management, docs/decisions/0013-cleaner-assignments.md).

/**
 * What the panel sends: the lead, the cleaner, the date and the slot, and the seat of the crew
 * when staff choose one (docs/decisions/0060-crews-and-cleaner-holds.md); without it, the next
 * open seat.
 */
export const AssignCleanerSchema = z.object({
  quoteId: z.string().trim().min(1, "That lead no longer exists.").max(100),
  cleanerId: z.string({ error: "Choose a cleaner" }).trim().min(1, "Choose a cleaner").max(100),
  date: z.string({ error: "Choose a date" }).regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a date"),
  timeSlot: z.enum(TIME_SLOTS, { error: "Choose a time" }),
  seat: z.preprocess(
    (value) => (typeof value === "string" && value.trim() ? Number(value) : undefined),
    z
      .number({ error: "Choose a seat" })
      .int("Choose a seat")
      .min(1, "Choose a seat")
      .max(99)
      .optional(),
  ),
});
export type AssignCleanerInput = Omit<z.output<typeof AssignCleanerSchema>, "seat"> & {
  seat?: number;
};
export type AssignField = "cleanerId" | "date" | "timeSlot" | "seat";

/** The panel's query: which date and slot to check the cleaners against. */
export const AssignOptionsQuerySchema = z.object({
  quote: z.string().max(100).optional().catch(undefined),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  slot: z.enum(TIME_SLOTS).optional().catch(undefined),
});

/** One cleaner in the panel's list. */
export type CleanerOption = {
  id: string;
  name: string;
  rating: number;
  services: string[];
  status: "available" | "busy";
  /** Free at the chosen date and time; null until both are chosen. */
  free: boolean | null;
  /**
   * Why they cannot take the job then (docs/decisions/0042-who-is-free-for-a-job.md); before a
   * time is chosen, only a missing or lapsed police check. Null when nothing stands in the way.
   */
  reason: string | null;
};

/** What the panel loads: the lead's booking to prefill, and the cleaners. */
export type AssignOptions = {
  lead: {
    id: string;
    name: string;
    hours: number | null;
    date: string | null;
    timeSlot: string | null;
    /** Why the lead cannot be offered now (status, no hours, every seat accepted); null if it can. */
    blocked: string | null;
    /** The crew's seats, each open, waiting on an offer or accepted, for the seat choice */
    seats: SeatChoice[];
    /** The seat an offer goes to when staff choose none */
    nextSeat: number | null;
  } | null;
  cleaners: CleanerOption[];
};

/** One seat of the crew as the panel offers it. */
export type SeatChoice = {
  seat: number;
  state: "open" | "pending" | "accepted";
  /** The cleaner it is offered to or accepted by */
  cleaner: string | null;
};

export type AssignResult = { ok: true; message: string } | Failure<AssignField>;

export const ASSIGN_TEXT = {
  title: "Assign Cleaner",
  submit: "Assign Cleaner",
  notFound: "That lead no longer exists.",
  notFree: (reason: string) =>
    `This cleaner cannot take this job: ${reason}. Choose another cleaner or time.`,
  notAssignable: "A cleaner can be assigned only to a pending or awaiting-payment lead.",
  notPriced: "Price this request first: a job offer needs its hours.",
  alreadyAccepted: "A cleaner has already accepted this job.",
  crewAccepted: (size: number) => `All ${size} cleaners this job needs have accepted it.`,
  noSuchSeat: (size: number) => `This job has ${size} seats: choose one of them.`,
  seatAccepted: (seat: number) =>
    `Seat ${seat} is already accepted. Choose an open seat, or change the crew size.`,
  crewOffered: "Every cleaner this job needs has been offered it.",
  seatWaiting: (seat: number) => `Seat ${seat} is already waiting on an answer.`,
  alreadyOnJob: (seat: number) => `Already on this job (seat ${seat})`,
  heldElsewhere: (from: string, to: string) => `On another job ${from}–${to}`,
  cleanerUnavailable: "This cleaner is not taking jobs at the moment. Choose another cleaner.",
  tooLate: "That time is too close: an offer needs at least 2 hours before the job starts.",
  dateInPast: "Choose today or a later date.",
  notTheBooking: (when: string) =>
    `This lead is booked for ${when}. Offer that time, or reschedule the booking first.`,
  offered: (cleaner: string) =>
    `Job offered to ${cleaner}. They have been emailed a link to answer.`,
  offeredSeat: (cleaner: string, seat: number, size: number) =>
    `Seat ${seat} of ${size} offered to ${cleaner}. They have been emailed a link to answer.`,
  seatLabel: "Seat",
  nextOpenSeat: "The next open seat",
  seatOption: (seat: SeatChoice) =>
    seat.state === "pending"
      ? `Seat ${seat.seat}: waiting on ${seat.cleaner ?? "a cleaner"} (offering it withdraws that offer)`
      : `Seat ${seat.seat}: open`,
};

/**
 * docs/decisions/0060-crews-and-cleaner-holds.md: how many cleaners a job takes: its booking's
 * crew size, else (not yet booked) its estimate's cleaners, at least one.
 */
export function crewSizeOf(job: { crew_size?: number | null; cleaners_needed?: number | null }) {
  return Math.max(1, Number(job.crew_size ?? job.cleaners_needed ?? 1));
}

/**
 * docs/decisions/0060-crews-and-cleaner-holds.md: each cleaner's share of the job's hours, the
 * estimate shared by the crew. It is what their offer, calendar entry and pay count.
 */
export function shareOfHours(hours: number, crewSize: number) {
  return hours / Math.max(1, crewSize);
}

/** The share as emails and screens write it: at most two decimals (23.5 h by 4 is 5.88 h). */
export function shownShare(hours: number, crewSize: number) {
  return Math.round(shareOfHours(hours, crewSize) * 100) / 100;
}

/** "1 of 2 cleaners": how far a crew is staffed (accepted seats of the crew size). */
export function staffingLabel(accepted: number, crewSize: number) {
  return `${accepted} of ${crewSize} ${crewSize === 1 ? "cleaner" : "cleaners"}`;
}

/**
 * docs/decisions/0027-lead-lifecycle.md: Assign Cleaner shows for a lead in pending or
 * pending_payment without an accepted offer (an accepted one makes the quote "assigned").
 */
export function canOfferJob(status: string, latestOfferStatus?: string | null) {
  return (status === "pending" || status === "pending_payment") && latestOfferStatus !== "accepted";
}

/** docs/decisions/0060-crews-and-cleaner-holds.md: staff change how many cleaners a job takes. */
export const CrewSizeSchema = z.object({
  crewSize: z
    .string({ error: "Enter how many cleaners" })
    .trim()
    .regex(/^\d{1,2}$/, "Enter a whole number from 1 to 12")
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, "Enter a whole number from 1 to 12")
        .max(12, "Enter a whole number from 1 to 12"),
    ),
  reason: z
    .string({ error: "Say why the crew changes" })
    .trim()
    .min(3, "Say why the crew changes")
    .max(300, "Keep the reason under 300 characters"),
});
export type CrewSizeField = "crewSize" | "reason";

/** What the quote details' crew size form hears back. */
export type CrewSizeResult = {
  intent: "crew-size";
  ok: boolean;
  message: string;
  fieldErrors?: Partial<Record<CrewSizeField, string>>;
};

/** The audit entry of a crew size change, on the lead's timeline. */
export const LEAD_CREW_SIZE_CHANGED = "lead.crew_size_changed";

export const CREW_TEXT = {
  heading: "Crew",
  sizeLabel: "Cleaners needed",
  reasonLabel: "Reason for the change",
  submit: "Change crew size",
  saving: "Saving...",
  notFound: "That lead no longer exists.",
  notAllowed: "Your role cannot change who works on a job.",
  unchanged: (size: number) =>
    `The crew is already ${size} ${size === 1 ? "cleaner" : "cleaners"}.`,
  belowAccepted: (accepted: number) =>
    `${accepted} cleaners have already accepted this job, so the crew cannot be smaller than ${accepted}.`,
  cannotStay: (name: string, reason: string) =>
    `${name} cannot keep this job for its longer share of the hours: ${reason}.`,
  changed: (from: number, to: number) => `Crew changed from ${from} to ${to}.`,
  timeline: (from: number, to: number) => `Crew size changed from ${from} to ${to} cleaners`,
  open: "Open",
  seat: (seat: number) => `Seat ${seat}`,
  noOffers: "Not offered yet",
  seatRemoved: (size: number) =>
    `The job now needs ${size === 1 ? "one cleaner" : `${size} cleaners`}, so your place on it has gone.`,
};

/** One offer of a seat, as the quote details list them. */
export type SeatOfferLine = {
  cleaner: string;
  /** "Offered 26 Nov 2026, 9:00 am" */
  offered: { iso: string; label: string };
  /** "Accepted", "Declined", "Pending Response"... */
  answer: string;
  /** When they answered, if they did */
  answered: { iso: string; label: string } | null;
  /** Made by the automatic chain, not by staff (docs/decisions/0064-automatic-offers.md) */
  automatic: boolean;
};

/** The crew on the quote details: how far it is staffed and each seat's offers. */
export type CrewView = {
  size: number;
  accepted: number;
  /** "1 of 2 cleaners" */
  staffing: string;
  seats: {
    seat: number;
    state: SeatChoice["state"];
    cleaner: string | null;
    offers: SeatOfferLine[];
  }[];
};
