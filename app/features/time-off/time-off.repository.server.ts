import type { Kysely } from "kysely";
import type { Database, NewCleanerTimeOff } from "~/server/database";
import type { TimeOffStatus } from "~/server/tables/cleaners";

// The SQL of time off asked for in the cleaner's app and decided by staff
// (docs/decisions/0070-cleaner-time-off-and-working-pattern.md); the rules are in
// time-off.service.server.ts.

export async function insertTimeOffRequest(db: Kysely<Database>, row: NewCleanerTimeOff) {
  await db.insertInto("cleaner_time_off").values(row).execute();
}

/** One spell of the cleaner's time off, or undefined when it is not theirs. */
export async function findCleanersTimeOff(db: Kysely<Database>, cleanerId: string, id: string) {
  return db
    .selectFrom("cleaner_time_off")
    .select(["id", "starts_on", "ends_on", "status"])
    .where("id", "=", id)
    .where("cleaner_id", "=", cleanerId)
    .executeTakeFirst();
}

/** The cleaner's time off not ended by `today` (refused requests too, so they see the answer). */
export async function findTimeOffListFrom(db: Kysely<Database>, cleanerId: string, today: string) {
  return db
    .selectFrom("cleaner_time_off")
    .select(["id", "starts_on", "ends_on", "status"])
    .where("cleaner_id", "=", cleanerId)
    .where("ends_on", ">=", today)
    .orderBy("starts_on")
    .limit(50)
    .execute();
}

/** How many accepted jobs of live bookings the cleaner has from `from` to `to` (Sydney dates). */
export async function countAcceptedJobsBetween(
  db: Kysely<Database>,
  cleanerId: string,
  from: string,
  to: string,
) {
  const row = await db
    .selectFrom("assignments as a")
    .innerJoin("bookings as b", "b.id", "a.booking_id")
    .select((eb) => eb.fn.countAll<number>().as("jobs"))
    .where("a.cleaner_id", "=", cleanerId)
    .where("a.status", "=", "accepted")
    .where("b.status", "=", "confirmed")
    .where("b.scheduled_date", ">=", from)
    .where("b.scheduled_date", "<=", to)
    .executeTakeFirstOrThrow();
  return Number(row.jobs);
}

/** Deletes one spell if it is still in `status`; answers whether it did. */
export async function deleteTimeOffIn(
  db: Kysely<Database>,
  input: { cleanerId: string; id: string; status: TimeOffStatus },
) {
  const deleted = await db
    .deleteFrom("cleaner_time_off")
    .where("id", "=", input.id)
    .where("cleaner_id", "=", input.cleanerId)
    .where("status", "=", input.status)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** Moves a request to approved or refused (compare-and-set on "requested"). */
export async function decideTimeOffRequest(
  db: Kysely<Database>,
  input: { cleanerId: string; id: string; status: "approved" | "refused"; by: string; at: string },
) {
  const updated = await db
    .updateTable("cleaner_time_off")
    .set({ status: input.status, decided_by: input.by, decided_at: input.at })
    .where("id", "=", input.id)
    .where("cleaner_id", "=", input.cleanerId)
    .where("status", "=", "requested")
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** The cleaner's days and hours, as the availability model reads them. */
export async function findWorkingPattern(db: Kysely<Database>, cleanerId: string) {
  return db
    .selectFrom("cleaners")
    .select(["id", "name", "availability", "working_hours"])
    .where("id", "=", cleanerId)
    .executeTakeFirst();
}

export async function updateWorkingPattern(
  db: Kysely<Database>,
  cleanerId: string,
  set: { availability: string; working_hours: string | null; updated_at: string },
) {
  await db.updateTable("cleaners").set(set).where("id", "=", cleanerId).execute();
}
