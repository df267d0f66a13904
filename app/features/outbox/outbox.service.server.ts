import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database } from "~/server/database";
import {
  findWaitingJobIds,
  insertAttempts,
  insertMessage,
  releaseLease,
  updateLeasedMessage,
  type OutboxMessageRow,
} from "./outbox.repository.server";
import type { DeliveryOutcome, EmailPayload, JsonObject, WebhookRoute } from "./outbox.schema";
import { SPEC_TRIES, nextStateAfter, type NextState, type RetryPolicy } from "./retry-schedule";

// Enqueueing takes the caller's transaction (a Transaction is a Kysely too): the outbox row commits
// or rolls back with the record it announces, so a notification exists if and only if its record does.

/** A webhook to the automation host; returns the message id, which is also the webhook-id. */
export async function enqueueWebhook(
  trx: Kysely<Database>,
  input: {
    topic: string;
    subjectType: string;
    subjectId: string;
    body: JsonObject;
    route: WebhookRoute;
  },
) {
  return enqueue(trx, {
    kind: "webhook",
    topic: input.topic,
    subjectType: input.subjectType,
    subjectId: input.subjectId,
    payload: { route: input.route, body: input.body },
  });
}

/** An email, sent by the worker with the same retries as webhooks; html and text from renderEmail. */
export async function enqueueEmail(
  trx: Kysely<Database>,
  input: EmailPayload & { topic: string; subjectType?: string; subjectId?: string },
) {
  const { topic, subjectType, subjectId, ...email } = input;
  return enqueue(trx, { kind: "email", topic, subjectType, subjectId, payload: email });
}

/** Work to do at `dueAt` (or soon after) by the handler registered for `topic`. */
export async function scheduleJob(
  trx: Kysely<Database>,
  input: {
    topic: string;
    dueAt: Date;
    payload: JsonObject;
    subjectType?: string;
    subjectId?: string;
  },
) {
  const { dueAt, ...rest } = input;
  return enqueue(trx, { kind: "job", ...rest, dueAt });
}

/**
 * For recurring work: schedules the job unless one for its topic is already waiting, apart from
 * `runningJobId` (the run that is scheduling its successor). Returns the new id, or null. Two
 * processes starting at once may each add one; a run that finds another waiting adds none, so
 * the queue settles back to one.
 */
export async function scheduleJobUnlessWaiting(
  db: Kysely<Database>,
  input: { topic: string; dueAt: Date; payload: JsonObject },
  runningJobId?: string,
) {
  const waiting = await findWaitingJobIds(db, input.topic);
  if (waiting.some((id) => id !== runningJobId)) return null;
  return scheduleJob(db, input);
}

async function enqueue(
  trx: Kysely<Database>,
  input: {
    kind: OutboxMessageRow["kind"];
    topic: string;
    subjectType?: string;
    subjectId?: string;
    payload: JsonObject;
    dueAt?: Date;
  },
) {
  const now = new Date().toISOString();
  const id = newId();
  await insertMessage(trx, {
    id,
    kind: input.kind,
    topic: input.topic,
    subject_type: input.subjectType ?? null,
    subject_id: input.subjectId ?? null,
    payload: JSON.stringify(input.payload),
    status: "pending",
    next_attempt_at: input.dueAt?.toISOString() ?? now,
    created_at: now,
    updated_at: now,
  });
  return id;
}

// docs/decisions/0008-webhook-outbox.md: the lead's timeline shows the spec's failure text once the spec's three tries are
// spent; the outbox keeps trying after that.
export const QUOTE_WEBHOOK_FAILED = "Quote created successfully but webhook notification failed";

export type RecordOptions = {
  workerId: string;
  now: Date;
  policy?: RetryPolicy;
  random?: () => number;
};

/**
 * Writes one try's result: its attempt rows, the message's new state and, for a quote webhook whose
 * first three tries failed, the audit entry. One short transaction, after the network call.
 * Returns the new state, or null when the try was abandoned (the worker is stopping).
 */
export async function recordOutcome(
  db: Kysely<Database>,
  message: Pick<
    OutboxMessageRow,
    "id" | "topic" | "attempts" | "created_at" | "subject_type" | "subject_id"
  >,
  result: DeliveryOutcome,
  options: RecordOptions,
): Promise<NextState | null> {
  if (result.outcome === "aborted") {
    await releaseLease(db, message.id, options.workerId);
    return null;
  }

  const attemptNumber = message.attempts + 1;
  const next = nextStateAfter(
    result.outcome,
    { createdAt: message.created_at, failedTries: attemptNumber },
    options.now,
    options.policy,
    options.random,
  );
  const now = options.now.toISOString();

  await db.transaction().execute(async (trx) => {
    // Written even if the lease was lost meanwhile: the try happened and the log must say so.
    await insertAttempts(
      trx,
      result.attempts.map((attempt) => ({
        id: newId(),
        message_id: message.id,
        attempt_number: attemptNumber,
        attempted_at: attempt.attemptedAt,
        target: attempt.target,
        outcome: attempt.outcome,
        status_code: attempt.statusCode,
        error: attempt.error,
        duration_ms: attempt.durationMs,
      })),
    );
    await updateLeasedMessage(trx, message.id, options.workerId, {
      status: next.status,
      attempts: attemptNumber,
      ...(next.nextAttemptAt ? { next_attempt_at: next.nextAttemptAt } : {}),
      last_error: result.error,
      last_status_code: result.statusCode,
      updated_at: now,
      ...(next.status === "delivered" ? { delivered_at: now } : {}),
    });

    if (
      result.outcome === "failed" &&
      attemptNumber === SPEC_TRIES &&
      message.topic === "quote.created" &&
      message.subject_type === "quote"
    ) {
      await insertAuditEntry(trx, {
        id: newId(),
        actor_type: "system",
        action: "quote.webhook_failed",
        subject_type: "quote",
        subject_id: message.subject_id,
        details: JSON.stringify({ message: QUOTE_WEBHOOK_FAILED, outboxMessageId: message.id }),
        created_at: now,
      });
    }
  });
  return next;
}
