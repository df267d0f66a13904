import { sql, type Kysely } from "kysely";
import type { Database, NewCleaner } from "~/server/database";

// The application wizard's queries (docs/product/back-office.md#calls): the email check and the
// new cleaner's insert. The unique index on lower(email) (migration
// 2026_11_25_1000_cleaner_email_unique) is what keeps two applications with one address apart.

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
 * Inserts the applicant's cleaner row; false when another cleaner took the email first (the
 * unique index answered, so a race of two applications leaves one row). ON CONFLICT DO NOTHING
 * keeps a PostgreSQL transaction usable after the conflict.
 */
export async function insertApplicantCleaner(db: Kysely<Database>, row: NewCleaner) {
  const inserted = await db
    .insertInto("cleaners")
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}
