import { addHours, sydneyInstant } from "~/lib/sydney-time";

// The rules of a job offer that a booking change needs as much as Assign Cleaner does: its
// response deadline, its link and its expiry job (docs/decisions/0032-job-offer-links.md). Kept
// here, pure, because the assignments feature builds on the bookings feature and not the other
// way round; a reschedule asks the cleaner again by the same rules
// (docs/decisions/0041-cleaners-hear-of-job-changes.md).

/** An offer's answer is due at least this long before the job starts. */
const DEADLINE_BEFORE_JOB_HOURS = 2;

/** The outbox job that expires an unanswered offer at its deadline. */
export const ASSIGNMENT_EXPIRY_TOPIC = "job.assignment_expiry";

/**
 * The outbox job that offers one open seat of a booking to the next free cleaner in priority
 * order (docs/decisions/0064-automatic-offers.md). Payload: the booking's id and the seat.
 */
export const AUTO_OFFER_TOPIC = "job.auto_offer";

/**
 * The response deadline: the "offer response hours" setting from now, but never later than two
 * hours before the job starts. Null when even that has passed: too late to ask.
 */
export function offerDeadline(now: Date, responseHours: number, date: string, slot: string) {
  const latest = addHours(sydneyInstant(date, slot), -DEADLINE_BEFORE_JOB_HOURS);
  if (latest.getTime() <= now.getTime()) return null;
  const usual = addHours(now, responseHours);
  return usual.getTime() < latest.getTime() ? usual : latest;
}

/** The one-time link a cleaner answers an offer through. */
export function offerUrl(publicUrl: string, token: string) {
  return `${publicUrl.replace(/\/+$/, "")}/assignments/${token}`;
}
