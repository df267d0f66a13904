import type { Kysely } from "kysely";
import type { Database, NewCleanerTimeOff } from "~/server/database";

// The SQL of a cleaner's police check and time off (docs/decisions/0042-who-is-free-for-a-job.md);
// the rules are in vetting.service.server.ts.

export async function findCleanerVetting(db: Kysely<Database>, cleanerId: string) {
  return db
    .selectFrom("cleaners")
    .select(["id", "name", "status", "additional_metadata", "police_check_expires_on"])
    .where("id", "=", cleanerId)
    .executeTakeFirst();
}

export async function updatePoliceCheck(
  db: Kysely<Database>,
  cleanerId: string,
  set: { additional_metadata: string; police_check_expires_on: string; updated_at: string },
) {
  await db.updateTable("cleaners").set(set).where("id", "=", cleanerId).execute();
}

export async function insertTimeOff(db: Kysely<Database>, row: NewCleanerTimeOff) {
  await db.insertInto("cleaner_time_off").values(row).execute();
}

/** Deletes one spell of the cleaner's time off; answers what it was, or undefined if none. */
export async function deleteTimeOff(db: Kysely<Database>, cleanerId: string, id: string) {
  const spell = await db
    .selectFrom("cleaner_time_off")
    .select(["starts_on", "ends_on"])
    .where("id", "=", id)
    .where("cleaner_id", "=", cleanerId)
    .executeTakeFirst();
  if (!spell) return undefined;
  const deleted = await db
    .deleteFrom("cleaner_time_off")
    .where("id", "=", id)
    .where("cleaner_id", "=", cleanerId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0 ? spell : undefined;
}

/**
 * A cleaner's time off that has not ended by `today`, soonest first: approved, and requests
 * waiting for staff (docs/decisions/0070-cleaner-time-off-and-working-pattern.md); not refused.
 */
export async function findTimeOffFrom(db: Kysely<Database>, cleanerId: string, today: string) {
  return db
    .selectFrom("cleaner_time_off")
    .select(["id", "starts_on", "ends_on", "status"])
    .where("cleaner_id", "=", cleanerId)
    .where("status", "!=", "refused")
    .where("ends_on", ">=", today)
    .orderBy("starts_on")
    .limit(50)
    .execute();
}

/**
 * Cleaners taking jobs whose police check lapses by `until` (or has lapsed), with the alerts
 * already raised about them, so each expiry date is alerted once.
 */
export async function findLapsingPoliceChecks(db: Kysely<Database>, until: string) {
  return db
    .selectFrom("cleaners")
    .select(["id", "name", "police_check_expires_on"])
    .where("status", "in", ["available", "busy"])
    .where("police_check_expires_on", "is not", null)
    .where("police_check_expires_on", "<=", until)
    .orderBy("police_check_expires_on")
    .limit(200)
    .execute();
}

/** The details of the alerts of `action` raised about these cleaners. */
export async function findCleanerAlerts(db: Kysely<Database>, action: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom("audit_log")
    .select(["subject_id", "details"])
    .where("action", "=", action)
    .where("subject_type", "=", "cleaner")
    .where("subject_id", "in", ids)
    .execute();
}
