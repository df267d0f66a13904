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
import type {
  DeliveryOutcome,
  EmailPayload,
  JsonObject,
  SmsPayload,
  WebhookRoute,
} from "./outbox.schema";
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

/** A text message, sent by the worker through Twilio (docs/decisions/0076-sms-beside-email.md). */
export async function enqueueSms(
  trx: Kysely<Database>,
  input: SmsPayload & { topic: string; subjectType?: string; subjectId?: string },
) {
  const { topic, subjectType, subjectId, ...sms } = input;
  return enqueue(trx, { kind: "sms", topic, subjectType, subjectId, payload: sms });
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

/** A try that ended (an abandoned one only gives its lease back). */
type EndedTry = DeliveryOutcome & { outcome: Exclude<DeliveryOutcome["outcome"], "aborted"> };

type RecordedMessage = Pick<
  OutboxMessageRow,
  "id" | "topic" | "attempts" | "created_at" | "subject_type" | "subject_id"
>;

/**
 * Writes one try's result: its attempt rows, the message's new state and, for a quote webhook whose
 * first three tries failed, the audit entry. One short transaction, after the network call.
 * Returns the new state, or null when the try was abandoned (the worker is stopping).
 */
export async function recordOutcome(
  db: Kysely<Database>,
  message: RecordedMessage,
  result: DeliveryOutcome,
  options: RecordOptions,
): Promise<NextState | null> {
  if (result.outcome === "aborted") {
    await releaseLease(db, message.id, options.workerId);
    return null;
  }
  const ended = { ...result, outcome: result.outcome };
  return db.transaction().execute((trx) => writeOutcome(trx, message, ended, options));
}

export type OutcomeRecorder = (
  message: RecordedMessage,
  result: DeliveryOutcome,
  options: RecordOptions,
) => Promise<NextState | null>;

type WaitingRecord = {
  message: RecordedMessage;
  result: EndedTry;
  options: RecordOptions;
  resolve: (next: NextState) => void;
  reject: (error: unknown) => void;
};

/** Most results one commit writes, so a backlog never holds the database for long. */
const MOST_RESULTS_PER_COMMIT = 64;

/**
 * recordOutcome for the worker, with its commits shared: results that finish while another is
 * being written (or in the same turn of the event loop) are written together in one transaction,
 * each exactly as recordOutcome writes it. On SQLite each commit is a sync to disk, and a burst of
 * quotes finishes its emails and webhooks together (docs/decisions/0059-durable-writes-near-the-floor.md).
 * If a shared commit fails, each result is written again on its own, so one bad result cannot
 * hold back the others (nor make them be tried again).
 */
export function createOutcomeRecorder(db: Kysely<Database>): OutcomeRecorder {
  let waiting: WaitingRecord[] = [];
  let writing = false;

  async function writeWaiting() {
    while (waiting.length > 0) {
      const batch = waiting.slice(0, MOST_RESULTS_PER_COMMIT);
      waiting = waiting.slice(batch.length);
      await writeBatch(batch);
    }
    writing = false;
  }

  async function writeBatch(batch: WaitingRecord[]) {
    try {
      const states = await db.transaction().execute(async (trx) => {
        const written: NextState[] = [];
        for (const item of batch) {
          written.push(await writeOutcome(trx, item.message, item.result, item.options));
        }
        return written;
      });
      batch.forEach((item, index) => item.resolve(states[index]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const item of batch) {
        await recordOutcome(db, item.message, item.result, item.options).then(
          (next) => item.resolve(next!),
          item.reject,
        );
      }
    }
  }

  return (message, result, options) => {
    const { outcome } = result;
    if (outcome === "aborted") return recordOutcome(db, message, result, options);
    return new Promise<NextState>((resolve, reject) => {
      waiting.push({ message, result: { ...result, outcome }, options, resolve, reject });
      if (writing) return;
      writing = true;
      // The rest of this turn's results join the first commit.
      setImmediate(() => void writeWaiting());
    });
  };
}

async function writeOutcome(
  trx: Kysely<Database>,
  message: RecordedMessage,
  result: EndedTry,
  options: RecordOptions,
): Promise<NextState> {
  const attemptNumber = message.attempts + 1;
  const next = nextStateAfter(
    result.outcome,
    { createdAt: message.created_at, failedTries: attemptNumber },
    options.now,
    options.policy,
    options.random,
  );
  const now = options.now.toISOString();

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
  return next;
}
