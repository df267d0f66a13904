import { sql, type Kysely } from "kysely";
import type { Database, NewCleaner } from "./database";

// A cleaner row is added two ways: staff add one (the cleaners feature) and an applicant sends the
// Join Our Team form (the applications feature). Both check and insert through these two queries.
// The unique index on lower(email) (migration 2026_11_25_1000_cleaner_email_unique) is what keeps
// two cleaners, or two applications sent at once, from sharing an address.

/** Whether a cleaner already has this email address, whatever its case. */
export async function cleanerEmailTaken(db: Kysely<Database>, email: string) {
  const row = await db
    .selectFrom("cleaners")
    .select("id")
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Inserts a cleaner; false when another took the email first (the unique index answered, so a
 * race leaves one row). ON CONFLICT DO NOTHING keeps a PostgreSQL transaction usable after it.
 */
export async function insertCleaner(db: Kysely<Database>, row: NewCleaner) {
  const inserted = await db
    .insertInto("cleaners")
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}
