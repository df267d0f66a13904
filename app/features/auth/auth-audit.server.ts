import type { Kysely } from "kysely";
import { sha256 } from "~/lib/crypto.server";
import { newId } from "~/lib/ids";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { AuditLogTable, Database } from "~/server/database";
import { normaliseEmail } from "./auth.schema";

export type AuthAuditAction =
  | "staff.signed_in"
  | "staff.sign_in_failed"
  | "staff.sign_in_throttled"
  | "staff.two_factor_required"
  | "staff.two_factor_failed"
  | "staff.recovery_code_used"
  | "staff.signed_out"
  | "staff.two_factor_enrolment_started"
  | "staff.two_factor_enrolment_cancelled"
  | "staff.two_factor_enabled"
  | "staff.two_factor_disabled"
  | "staff.two_factor_disable_failed"
  | "staff.account_created"
  | "staff.password_changed"
  | "staff.password_change_failed"
  | "staff.password_reset_requested"
  | "staff.password_reset_limited"
  | "staff.password_reset_sent"
  | "staff.password_reset"
  | "staff.invited"
  | "staff.invitation_accepted"
  | "staff.role_changed"
  | "staff.deactivated"
  | "staff.reactivated";

type Entry = {
  action: AuthAuditAction;
  /** The staff member acting, when the request is theirs (a live session or a correct password). */
  staffId?: string | null;
  /** The staff account the event is about, when known. */
  subjectId?: string | null;
  /** The email typed, stored only as a hash: it may be a customer's or a stranger's. */
  email?: string;
  ip?: string | null;
  details?: Record<string, string | number | boolean | null>;
  actorType?: AuditLogTable["actor_type"];
  now?: Date;
};

/** The account an email names, for logs and counters: a hash, never the address itself. */
export function accountHash(email: string) {
  return sha256(`staff-account:${normaliseEmail(email)}`);
}

/** One audit_log row per sign-in event. Passwords and codes never reach this function. */
export async function recordAuthEvent(db: Kysely<Database>, entry: Entry) {
  const details = {
    ...(entry.email !== undefined ? { account: accountHash(entry.email).slice(0, 32) } : {}),
    ...entry.details,
  };
  await insertAuditEntry(db, {
    id: newId(),
    actor_type: entry.actorType ?? (entry.staffId ? "staff" : "visitor"),
    actor_id: entry.staffId ?? null,
    action: entry.action,
    subject_type: entry.subjectId ? "staff_user" : null,
    subject_id: entry.subjectId ?? null,
    details: Object.keys(details).length > 0 ? JSON.stringify(details) : null,
    ip: entry.ip || null,
    created_at: (entry.now ?? new Date()).toISOString(),
  });
}
