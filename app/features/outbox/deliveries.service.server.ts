import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import {
  countDeadSince,
  findAttemptsForMessages,
  findLatestAttemptsForTarget,
  findLatestWebhookForSubject,
  findMessageById,
  findQuoteReferences,
  findTargetsTriedSince,
  findUndeliveredSince,
  listMessages,
  markForRedelivery,
  type OutboxAttemptRow,
  type StoredMessage,
} from "./outbox.repository.server";
import {
  type OutboxKind,
  type StoredPayload,
  type OutboxStatus,
  type WebhookStatus,
} from "./outbox.schema";
import { DEFAULT_RETRY_POLICY, SPEC_TRIES } from "./retry-schedule";

// What the admin's deliveries log, its banner and the booking success page read.

export type DeliveryAttempt = {
  attemptNumber: number;
  attemptedAt: string;
  target: string;
  outcome: OutboxAttemptRow["outcome"];
  statusCode: number | null;
  error: string | null;
  durationMs: number;
};

export type Delivery = {
  id: string;
  kind: OutboxKind;
  topic: string;
  subjectType: string | null;
  subjectId: string | null;
  /** A quote's reference (HG-…) when the subject is a quote that still exists; otherwise null. */
  subjectReference: string | null;
  status: OutboxStatus;
  attemptCount: number;
  nextAttemptAt: string;
  lastError: string | null;
  lastStatusCode: number | null;
  createdAt: string;
  updatedAt: string;
  deliveredAt: string | null;
  /** For the email log (docs/decisions/0017-outbound-email.md); null for webhooks and jobs. */
  email: { to: string; subject: string } | null;
  attempts: DeliveryAttempt[];
};

export type DeliveryDetail = Delivery & { payload: StoredPayload };

const PAGE_LIMIT = 200;

/** Newest first, with their attempts; pass the returned cursor as `before` for the next page. */
export async function listDeliveries(
  db: Kysely<Database>,
  filter: { status?: OutboxStatus; kind?: OutboxKind; limit: number; before?: string },
): Promise<{ deliveries: Delivery[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(1, Math.floor(filter.limit)), PAGE_LIMIT);
  const rows = await listMessages(db, {
    status: filter.status,
    kind: filter.kind,
    limit,
    before: parseCursor(filter.before),
  });
  const attempts = await findAttemptsForMessages(
    db,
    rows.map((row) => row.id),
  );
  const references = await findQuoteReferences(
    db,
    rows.flatMap((row) => (row.subject_type === "quote" && row.subject_id ? [row.subject_id] : [])),
  );
  const deliveries = rows.map((row) =>
    toDelivery(
      row,
      attempts.filter((attempt) => attempt.message_id === row.id),
      references,
    ),
  );
  const last = rows.at(-1);
  return {
    deliveries,
    nextCursor: last && rows.length === limit ? `${last.created_at}|${last.id}` : null,
  };
}

export async function getDelivery(
  db: Kysely<Database>,
  id: string,
): Promise<DeliveryDetail | null> {
  const row = await findMessageById(db, id);
  if (!row) return null;
  const attempts = await findAttemptsForMessages(db, [id]);
  const references = await findQuoteReferences(
    db,
    row.subject_type === "quote" && row.subject_id ? [row.subject_id] : [],
  );
  return { ...toDelivery(row, attempts, references), payload: row.payload };
}

/**
 * Sends a message again as soon as a worker is free: back to pending and due now, its attempts
 * kept. A message past its 3-day window gets one more try; if that fails it is dead again.
 * Returns false when there is no such message.
 */
export async function redeliver(db: Kysely<Database>, id: string, now = new Date()) {
  return (await markForRedelivery(db, id, now.toISOString())) > 0;
}

/**
 * The state of the latest webhook about a record. "failing" once the spec's first three tries
 * have failed (the booking success page then shows the spec's amber message) while the outbox
 * keeps trying.
 */
export async function webhookStatusFor(
  db: Kysely<Database>,
  subjectType: string,
  subjectId: string,
  topic?: string,
): Promise<WebhookStatus> {
  const message = await findLatestWebhookForSubject(db, {
    type: subjectType,
    id: subjectId,
    topic,
  });
  if (!message) return "none";
  switch (message.status) {
    case "delivered":
    case "skipped":
    case "dead":
      return message.status;
    case "pending":
    case "retrying":
      return message.attempts >= SPEC_TRIES ? "failing" : "sending";
  }
}

export type DeliveryWarnings = {
  /** Targets (URLs, smtp, file, job:topic) whose last five or more tries all failed. */
  failingTargets: {
    target: string;
    consecutiveFailures: number;
    lastError: string | null;
    lastAttemptAt: string;
    /** When the streak reached the warning's count: the failure that made it a warning. */
    failingSince: string;
  }[];
  /** Webhooks and emails created over an hour ago and still not delivered. */
  undelivered: {
    id: string;
    kind: OutboxKind;
    topic: string;
    attemptCount: number;
    lastError: string | null;
    createdAt: string;
    nextAttemptAt: string;
    /** Its latest failed try's target and moment, or null when it has not failed a try yet. */
    lastFailure: { target: string; at: string } | null;
  }[];
  /** Messages that gave up in the last 7 days. */
  deadLastWeek: number;
};

const FAILURES_FOR_WARNING = 5;
const HOUR = 60 * 60 * 1000;

/** What the admin banner warns about; empty lists mean all is well. */
export async function deliveryWarnings(
  db: Kysely<Database>,
  now = new Date(),
): Promise<DeliveryWarnings> {
  const windowStart = new Date(now.getTime() - DEFAULT_RETRY_POLICY.giveUpAfterMs).toISOString();
  const targets = await findTargetsTriedSince(db, windowStart);
  const failingTargets: DeliveryWarnings["failingTargets"] = [];
  // One small query per target: a site has a handful (two URLs, the mailer, a few job topics).
  for (const target of targets) {
    const recent = await findLatestAttemptsForTarget(db, target, 50);
    const streak = recent.findIndex((attempt) => attempt.outcome !== "failed");
    const consecutiveFailures = streak === -1 ? recent.length : streak;
    const latest = recent[0];
    const fifth = recent[consecutiveFailures - FAILURES_FOR_WARNING];
    if (consecutiveFailures >= FAILURES_FOR_WARNING && latest && fifth) {
      failingTargets.push({
        target,
        consecutiveFailures,
        lastError: latest.error,
        lastAttemptAt: latest.attempted_at,
        failingSince: fifth.attempted_at,
      });
    }
  }

  const stale = await findUndeliveredSince(db, new Date(now.getTime() - HOUR).toISOString(), 20);
  const staleAttempts = await findAttemptsForMessages(
    db,
    stale.map((row) => row.id),
  );
  const deadLastWeek = await countDeadSince(
    db,
    new Date(now.getTime() - 7 * 24 * HOUR).toISOString(),
  );
  return {
    failingTargets,
    undelivered: stale.map((row) => ({
      id: row.id,
      kind: row.kind,
      topic: row.topic,
      attemptCount: row.attempts,
      lastError: row.last_error,
      createdAt: row.created_at,
      nextAttemptAt: row.next_attempt_at,
      lastFailure: lastFailureOf(staleAttempts.filter((attempt) => attempt.message_id === row.id)),
    })),
    deadLastWeek,
  };
}

/** Attempts come oldest first; the last failed one names where and when it last failed. */
function lastFailureOf(attempts: OutboxAttemptRow[]) {
  const failed = attempts.filter((attempt) => attempt.outcome === "failed").at(-1);
  return failed ? { target: failed.target, at: failed.attempted_at } : null;
}

function toDelivery(
  row: StoredMessage,
  attempts: OutboxAttemptRow[],
  quoteReferences: Map<string, string>,
): Delivery {
  return {
    id: row.id,
    kind: row.kind,
    topic: row.topic,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    subjectReference:
      row.subject_type === "quote" && row.subject_id
        ? (quoteReferences.get(row.subject_id) ?? null)
        : null,
    status: row.status,
    attemptCount: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    lastStatusCode: row.last_status_code,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deliveredAt: row.delivered_at,
    email: recipientOf(row.payload),
    attempts: attempts.map((attempt) => ({
      attemptNumber: attempt.attempt_number,
      attemptedAt: attempt.attempted_at,
      target: attempt.target,
      outcome: attempt.outcome,
      statusCode: attempt.status_code,
      error: attempt.error,
      durationMs: attempt.duration_ms,
    })),
  };
}

function parseCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [createdAt, id] = cursor.split("|");
  return createdAt && id ? { createdAt, id } : undefined;
}

/** Who a message went to and what it was about: an email's subject, a text's opening words. */
function recipientOf(payload: StoredPayload) {
  if (!payload.valid) return null;
  if (payload.kind === "email") return { to: payload.value.to, subject: payload.value.subject };
  if (payload.kind === "sms") {
    const { body } = payload.value;
    return { to: payload.value.to, subject: body.length > 60 ? `${body.slice(0, 57)}...` : body };
  }
  return null;
}
