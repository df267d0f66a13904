import { z } from "zod";
import { TIME_SLOTS } from "~/features/bookings/booking-rules";
import type { Failure } from "~/lib/result";

// The Assign Cleaner panel's form, its answers and its words, shared by the panel and its
// resource route (docs/product/back-office.md#lead-management, docs/decisions/0013-cleaner-assignments.md).

/** What the panel sends: the lead, the cleaner, the date and the slot. */
export const AssignCleanerSchema = z.object({
  quoteId: z.string().trim().min(1, "That lead no longer exists.").max(100),
  cleanerId: z.string({ error: "Choose a cleaner" }).trim().min(1, "Choose a cleaner").max(100),
  date: z.string({ error: "Choose a date" }).regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a date"),
  timeSlot: z.enum(TIME_SLOTS, { error: "Choose a time" }),
});
export type AssignCleanerInput = z.infer<typeof AssignCleanerSchema>;
export type AssignField = "cleanerId" | "date" | "timeSlot";

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
    /** Why the lead cannot be offered now (status, no hours, already accepted); null if it can. */
    blocked: string | null;
  } | null;
  cleaners: CleanerOption[];
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
  cleanerUnavailable: "This cleaner is not taking jobs at the moment. Choose another cleaner.",
  tooLate: "That time is too close: an offer needs at least 2 hours before the job starts.",
  dateInPast: "Choose today or a later date.",
  notTheBooking: (when: string) =>
    `This lead is booked for ${when}. Offer that time, or reschedule the booking first.`,
  offered: (cleaner: string) =>
    `Job offered to ${cleaner}. They have been emailed a link to answer.`,
};

/**
 * docs/decisions/0027-lead-lifecycle.md: Assign Cleaner shows for a lead in pending or
 * pending_payment without an accepted offer (an accepted one makes the quote "assigned").
 */
export function canOfferJob(status: string, latestOfferStatus?: string | null) {
  return (status === "pending" || status === "pending_payment") && latestOfferStatus !== "accepted";
}
