import type { Kysely } from "kysely";
import { z } from "zod";
import { jsonColumnOr } from "~/lib/json-column";
import type { Database } from "~/server/database";
import type { CleanerDay } from "~/features/availability/why-not-free";
import {
  findCleanersOffOn,
  findCleanersWhoDeclined,
  findLiveOffersOn,
} from "./assignments.repository.server";

// docs/decisions/0042-who-is-free-for-a-job.md: everything "free" reads about a cleaner's day,
// gathered in three queries for the whole panel (or for the one cleaner an offer names).

type CleanerColumns = {
  id: string;
  availability: string;
  working_hours: string | null;
  police_check_expires_on: string | null;
};

/** The cleaner's working days column: a JSON list of weekday names. */
const WorkingDaysSchema = z.array(z.string());

/**
 * What each cleaner's day holds on the job's date: their other live jobs (this lead's own offer
 * aside), their time off, and whether they declined this lead. Read one after another, as a
 * transaction's queries must be.
 */
export async function readCleanerDays(
  db: Kysely<Database>,
  job: { date: string; quoteId?: string },
  cleanerId?: string,
) {
  const offers = await findLiveOffersOn(db, job.date, cleanerId);
  const off = await findCleanersOffOn(db, job.date, cleanerId);
  const declined = job.quoteId ? await findCleanersWhoDeclined(db, job.quoteId) : new Set<string>();
  return (cleaner: CleanerColumns): CleanerDay => ({
    workingDays: jsonColumnOr(WorkingDaysSchema, cleaner.availability, []),
    workingHours: cleaner.working_hours,
    policeCheckExpiresOn: cleaner.police_check_expires_on,
    onTimeOff: off.has(cleaner.id),
    declinedThisJob: declined.has(cleaner.id),
    otherJobs: offers
      .filter((offer) => offer.cleaner_id === cleaner.id && offer.quote_id !== job.quoteId)
      .map((offer) => ({ slot: offer.time_slot, hours: Number(offer.estimated_hours ?? 1) })),
  });
}
