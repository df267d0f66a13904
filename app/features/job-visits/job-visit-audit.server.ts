import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database } from "~/server/database";

/** One audit entry written by a cleaner from their app: a visit step on the lead's timeline, or a view. */
export async function auditByCleaner(
  trx: Kysely<Database>,
  input: {
    cleanerId: string;
    action: string;
    subjectType: "quote" | "booking";
    subjectId: string;
    at: string;
    details?: object;
    ip: string | null;
  },
) {
  await insertAuditEntry(trx, {
    id: newId(),
    actor_type: "cleaner",
    actor_id: input.cleanerId,
    action: input.action,
    subject_type: input.subjectType,
    subject_id: input.subjectId,
    details: input.details ? JSON.stringify(input.details) : null,
    ip: input.ip,
    created_at: input.at,
  });
}
