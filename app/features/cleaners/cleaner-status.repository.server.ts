import type { Kysely } from "kysely";
import type { CleanerStatus, Database } from "~/server/database";

// The SQL of a cleaner's status; the compare-and-set loop and the audit entry are in
// cleaner-status.server.ts.

export async function findCleanerStatus(db: Kysely<Database>, cleanerId: string) {
  return db.selectFrom("cleaners").select("status").where("id", "=", cleanerId).executeTakeFirst();
}

/** Moves a cleaner from one status to another; false when the status was no longer `from`. */
export async function updateCleanerStatusIf(
  db: Kysely<Database>,
  cleanerId: string,
  from: CleanerStatus,
  to: CleanerStatus,
  at: string,
) {
  const result = await db
    .updateTable("cleaners")
    .set({ status: to, updated_at: at })
    .where("id", "=", cleanerId)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
