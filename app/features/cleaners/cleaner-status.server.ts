import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import { bumpContentVersion } from "~/server/content-version.repository.server";
import type { AuditLogTable, CleanerStatus, Database } from "~/server/database";
import { CLEANER_STATUS_CHANGED, type CleanerStatusChange } from "./cleaner-status";
import { findCleanerStatus, updateCleanerStatusIf } from "./cleaner-status.repository.server";

export type StatusActor = { type: AuditLogTable["actor_type"]; id: string | null };

/**
 * Moves a cleaner to another status and records the change in the audit log, in the caller's
 * transaction, so the status and its history never disagree. Nothing is written when the
 * cleaner already has that status. The status changes only if nobody changed it since it was
 * read (compare-and-set), so two concurrent changes each record the step they made.
 * Returns the change made, null when there was none, or throws when there is no such cleaner.
 */
export async function changeCleanerStatus(
  trx: Kysely<Database>,
  input: { cleanerId: string; to: CleanerStatus; actor: StatusActor; at: Date },
): Promise<CleanerStatusChange | null> {
  const at = input.at.toISOString();
  for (;;) {
    const cleaner = await findCleanerStatus(trx, input.cleanerId);
    if (!cleaner) throw new Error(`No cleaner ${input.cleanerId}`);
    if (cleaner.status === input.to) return null;
    const moved = await updateCleanerStatusIf(trx, input.cleanerId, cleaner.status, input.to, at);
    if (!moved) continue;
    const change: CleanerStatusChange = { from: cleaner.status, to: input.to };
    await insertAuditEntry(trx, {
      id: newId(),
      actor_type: input.actor.type,
      actor_id: input.actor.id,
      action: CLEANER_STATUS_CHANGED,
      subject_type: "cleaner",
      subject_id: input.cleanerId,
      details: JSON.stringify(change),
      created_at: at,
    });
    // Only working cleaners show on the home page's team and have a public profile, and both
    // pages are cached by content version (decision 0035).
    await bumpContentVersion(trx, input.at);
    return change;
  }
}
