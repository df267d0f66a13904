import type { Kysely } from "kysely";
import { loadCleanerCalendars } from "~/features/availability/availability.service.server";
import { NOT_TAKING_JOBS, whyNotFreeAt, type CrewJob } from "~/features/availability/free-cleaners";
import { minutesOnSite } from "~/features/bookings/slot-fit";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { sydneyDate } from "~/lib/sydney-time";
import type { Database } from "~/server/database";
import { findCleanersWhoDeclined } from "./assignments.repository.server";

// docs/decisions/0060-crews-and-cleaner-holds.md and 0064: the Assign Cleaner panel, the
// dispatch board and the offer itself judge "free" by the one availability model (status,
// police check, declined, working days and hours, time off, live holds with the travel buffer),
// so they agree with the customer's slot picker. It replaces decision 0042's older reading of
// pending and accepted offers by the quote's hours.

/** The job a cleaner is judged free for. */
export type JobToStaff = {
  date: string;
  slot: string;
  /** The estimate's hours, shared by the crew */
  hours: number;
  crewSize: number;
  /** The lead: a cleaner who declined it is not free for it */
  quoteId?: string;
  /** Its booking: its own holds do not block its own cleaners */
  bookingId?: string;
};

/**
 * Why each cleaner cannot take the job, or null when free: one read of the day's calendars (in
 * the caller's transaction when given one), then a pure answer per cleaner.
 */
export async function readFreeness(db: Kysely<Database>, job: JobToStaff, now: Date) {
  const { travelMinutes } = await getBusinessProfile(db);
  const calendars = await loadCleanerCalendars(db, { from: job.date, to: job.date });
  const declinedBy = job.quoteId
    ? await findCleanersWhoDeclined(db, job.quoteId)
    : new Set<string>();
  const byId = new Map(calendars.map((cleaner) => [cleaner.id, cleaner]));
  const crewJob: CrewJob = {
    date: job.date,
    slot: job.slot,
    minutesOnSite: minutesOnSite({ hours: job.hours, cleaners: job.crewSize }),
    bufferMinutes: travelMinutes,
    bookingId: job.bookingId,
    declinedBy,
  };
  const today = sydneyDate(now);
  return (cleanerId: string) => {
    const cleaner = byId.get(cleanerId);
    return cleaner ? whyNotFreeAt(cleaner, crewJob, today) : NOT_TAKING_JOBS;
  };
}
