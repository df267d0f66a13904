import type { Kysely } from "kysely";
import type { Database, NewAuditLogEntry } from "./database";

/** Appends one row to the audit log, in the caller's transaction when given one. */
export async function insertAuditEntry(db: Kysely<Database>, row: NewAuditLogEntry) {
  await db.insertInto("audit_log").values(row).execute();
}
