import type { Kysely } from "kysely";
import type { Database } from "~/server/database";

// All SQL of the cleaner's app (docs/decisions/0063-cleaner-app-sign-in.md). The cleaners,
// assignments and bookings features own these tables; the app reads them, always for one
// cleaner, and writes only what the app itself adds: an offer's fresh answer key and a
// decline's reason.

/** The cleaner an email names (emails are unique among cleaners), with what decides sign-in. */
export async function findCleanerByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("cleaners")
    .select(["id", "name", "email", "status", "application_outcome"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .executeTakeFirst();
}

export async function findCleanerById(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("cleaners")
    .select(["id", "name", "email", "status", "application_outcome"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The cleaner's accepted jobs of confirmed bookings from `fromDate` (Sydney) on, soonest first. */
export async function findAcceptedJobs(db: Kysely<Database>, cleanerId: string, fromDate: string) {
  return db
    .selectFrom("assignments as a")
    .innerJoin("bookings as b", "b.id", "a.booking_id")
    .innerJoin("quotes as q", "q.id", "b.quote_id")
    .where("a.cleaner_id", "=", cleanerId)
    .where("a.status", "=", "accepted")
    .where("b.status", "=", "confirmed")
    .where("b.scheduled_date", ">=", fromDate)
    .select([
      "a.id",
      "a.booking_id",
      "b.scheduled_date",
      "b.time_slot",
      "b.suburb",
      "b.status",
      "b.crew_size",
      "q.space_details",
      "q.estimated_hours",
    ])
    .orderBy("b.scheduled_date")
    .orderBy("b.time_slot")
    .execute();
}

/** The other cleaners with an accepted seat on each of `bookingIds`. */
export async function findCrewMates(
  db: Kysely<Database>,
  bookingIds: readonly string[],
  cleanerId: string,
) {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom("assignments as a")
    .innerJoin("cleaners as c", "c.id", "a.cleaner_id")
    .where("a.booking_id", "in", bookingIds)
    .where("a.status", "=", "accepted")
    .where("a.cleaner_id", "!=", cleanerId)
    .select(["a.booking_id", "c.name"])
    .orderBy("c.name")
    .execute();
}

/** The cleaner's offers still open at `now` (pending, before their deadline), soonest deadline first. */
export async function findOpenOffers(db: Kysely<Database>, cleanerId: string, now: string) {
  return db
    .selectFrom("assignments as a")
    .innerJoin("quotes as q", "q.id", "a.quote_id")
    .leftJoin("bookings as b", "b.id", "a.booking_id")
    .where("a.cleaner_id", "=", cleanerId)
    .where("a.status", "=", "pending")
    .where("a.response_deadline", ">", now)
    .select([
      "a.id",
      "a.scheduled_date",
      "a.time_slot",
      "a.response_deadline",
      "b.suburb",
      "b.crew_size",
      "q.cleaners_needed",
      "q.space_details",
      "q.estimated_hours",
    ])
    .orderBy("a.response_deadline")
    .execute();
}

/** Keeps what a cleaner said on declining (only on their own declined offer). */
export async function saveDeclineReason(
  db: Kysely<Database>,
  cleanerId: string,
  assignmentId: string,
  reason: string,
) {
  await db
    .updateTable("assignments")
    .set({ decline_reason: reason })
    .where("id", "=", assignmentId)
    .where("cleaner_id", "=", cleanerId)
    .where("status", "=", "declined")
    .execute();
}
