import type { Generated, Insertable, Selectable } from "kysely";

// The platform's own tables: settings, the content version, abuse counters, idempotency keys,
// the outbox and the audit log (migrations 2026_11_22_0900 and 2026_11_22_0905).

export interface SettingsTable {
  key: string;
  /** JSON text */
  value: string;
  updated_at: string;
  updated_by: string | null;
}

/** One row (id 1): the version of the public site's content, bumped by every writer of it. */
export interface ContentVersionTable {
  id: number;
  version: number;
  updated_at: string;
}

/** The answer an API write with an Idempotency-Key received, replayed to its retries for a day. */
export interface IdempotencyKeysTable {
  /** Which endpoint the key belongs to ("quotes") */
  scope: string;
  /** SHA-256 of the caller's key (hex) */
  key_hash: string;
  /** SHA-256 of the request body, to tell a retry from a reuse of the key */
  request_hash: string;
  response_status: number;
  /** JSON text of the answer */
  response_body: string;
  created_at: string;
  expires_at: string;
}

export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
  expires_at: string;
}

/** sms: a text through Twilio (migration 2026_11_29_1500; docs/decisions/0076-sms-beside-email.md) */
export type OutboxKind = "webhook" | "email" | "job" | "sms";
export type OutboxStatus = "pending" | "retrying" | "delivered" | "dead" | "skipped";

export interface OutboxMessagesTable {
  id: string;
  kind: OutboxKind;
  topic: string;
  subject_type: string | null;
  subject_id: string | null;
  /** JSON */
  payload: string;
  status: OutboxStatus;
  /** Defaults to 0 */
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_until: string | null;
  leased_by: string | null;
  last_error: string | null;
  last_status_code: number | null;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
}

export type OutboxMessageRow = Selectable<OutboxMessagesTable>;
export type NewOutboxMessage = Insertable<OutboxMessagesTable>;

export interface OutboxAttemptsTable {
  id: string;
  message_id: string;
  attempt_number: number;
  attempted_at: string;
  target: string;
  outcome: "delivered" | "failed" | "skipped";
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

export type OutboxAttemptRow = Selectable<OutboxAttemptsTable>;
export type NewOutboxAttempt = Insertable<OutboxAttemptsTable>;

/** When a staff member last dismissed the delivery warning (docs/decisions/0008-webhook-outbox.md). */
export interface DeliveryBannerDismissalsTable {
  staff_id: string;
  dismissed_at: string;
}

export interface AuditLogTable {
  id: string;
  actor_type: "staff" | "customer" | "cleaner" | "system" | "visitor";
  actor_id: string | null;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  /** JSON */
  details: string | null;
  ip: string | null;
  created_at: string;
}

export type NewAuditLogEntry = Insertable<AuditLogTable>;
