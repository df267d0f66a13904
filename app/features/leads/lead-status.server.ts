import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { AuditLogTable, Database, LeadStatus } from "~/server/database";
import { findLeadStatus, updateLeadStatusIf } from "./leads.repository.server";

/**
 * The audit action of a board move; details {"from", "to"} are lead_status values, with the
 * staff's "reason" when one was given (docs/decisions/0057-paid-work-to-lost-needs-a-reason.md).
 */
export const LEAD_STATUS_CHANGED = "lead.status_changed";
export const LEAD_DELETED = "lead.deleted";
export const LEAD_RESTORED = "lead.restored";
export const LEAD_NOTES_CHANGED = "lead.notes_changed";

export type LeadActor = {
  type: AuditLogTable["actor_type"];
  id: string | null;
  ip?: string | null;
};

export type LeadStatusChange = { from: LeadStatus; to: LeadStatus; reason?: string };

/**
 * Moves a lead to another board column and records it in the audit log, in the caller's
 * transaction, as app/features/cleaners/cleaner-status.server.ts does for cleaners: the update
 * applies only if nobody changed the lead_status since it was read (compare-and-set), and is
 * retried otherwise, so two concurrent moves each record the step they made. Nothing is written
 * when the lead is already there. Returns the change, null for none, or "not-found" for a lead
 * that does not exist or was deleted.
 */
export async function changeLeadStatus(
  trx: Kysely<Database>,
  input: { quoteId: string; to: LeadStatus; reason?: string; actor: LeadActor; at: Date },
): Promise<LeadStatusChange | null | "not-found"> {
  const at = input.at.toISOString();
  for (;;) {
    const lead = await findLeadStatus(trx, input.quoteId);
    if (!lead) return "not-found";
    if (lead.lead_status === input.to) return null;
    const moved = await updateLeadStatusIf(trx, input.quoteId, lead.lead_status, input.to, at);
    if (!moved) continue;
    const change: LeadStatusChange = {
      from: lead.lead_status,
      to: input.to,
      ...(input.reason ? { reason: input.reason } : {}),
    };
    await auditLead(trx, input.quoteId, LEAD_STATUS_CHANGED, input.actor, at, change);
    return change;
  }
}

/** One audit_log row about a lead (subject_type "quote"). */
export async function auditLead(
  trx: Kysely<Database>,
  quoteId: string,
  action: string,
  actor: LeadActor,
  at: string,
  details: object | null,
) {
  await insertAuditEntry(trx, {
    id: newId(),
    actor_type: actor.type,
    actor_id: actor.id,
    action,
    subject_type: "quote",
    subject_id: quoteId,
    details: details ? JSON.stringify(details) : null,
    ip: actor.ip ?? null,
    created_at: at,
  });
}
