import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database } from "~/server/database";
import type { SeriesActor } from "./series-changes.service.server";

// docs/decisions/0073-series-occurrences-are-bookings.md: a change of a series is audited as
// the series' own entry (who, what, from and to); each visit it cancels or moves keeps its
// booking's entry as well.

/** What each change of a series writes to the audit log, beside its visits' own entries. */
export const SERIES_AUDIT_ACTIONS = {
  skip: "series.visit_skipped",
  change: "series.changed",
  pause: "series.paused",
  cancel: "series.cancelled",
} as const;

/** One audit entry for a change of a series, in the change's transaction. */
export async function auditSeries(
  trx: Kysely<Database>,
  input: { seriesId: string; actor: SeriesActor; action: string; details: object; at: string },
) {
  await insertAuditEntry(trx, {
    id: newId(),
    actor_type: input.actor.kind,
    actor_id: input.actor.kind === "staff" ? input.actor.staffUserId : input.actor.customerId,
    action: input.action,
    subject_type: "series",
    subject_id: input.seriesId,
    details: JSON.stringify(input.details),
    ip: null,
    created_at: input.at,
  });
}
