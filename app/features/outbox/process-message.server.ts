import type { Kysely } from "kysely";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "./email-delivery.server";
import type { Texter } from "./sms-delivery.server";
import { runJob } from "./job-delivery.server";
import type { JobHandler } from "./job-handlers.server";
import type { StoredMessage } from "./outbox.repository.server";
import type { DeliveryOutcome } from "./outbox.schema";
import type { OutcomeRecorder, RecordOptions } from "./outbox.service.server";
import type { NextState, RetryPolicy } from "./retry-schedule";
import { deliverWebhook } from "./webhook-delivery.server";
import { getWebhookTargets, targetsForRoute } from "./webhook-targets.server";

export type ProcessDeps = {
  db: Kysely<Database>;
  config: AppConfig;
  logger: Logger;
  workerId: string;
  mailer: Mailer;
  /** Twilio, or null when it is not configured (a text then fails as undeliverable). */
  texter: Texter | null;
  handlers: Map<string, JobHandler>;
  now: () => Date;
  random?: () => number;
  policy?: RetryPolicy;
  /** One webhook request, one SMTP phase */
  attemptTimeoutMs: number;
  jobTimeoutMs: number;
  /** Aborted when the worker stops: the try is abandoned and the message handed back. */
  stopSignal: AbortSignal;
  /** Called before each unsigned webhook request (no WEBHOOK_SECRET). */
  onUnsigned: () => void;
  /** Writes a try's result (the worker's shares its commits: createOutcomeRecorder). */
  record: OutcomeRecorder;
};

/**
 * One try at one leased message, then its record. The network call happens here, outside any
 * transaction; the record is one short transaction afterwards, shared with the results that
 * finish alongside it.
 */
export async function processMessage(
  message: StoredMessage,
  deps: ProcessDeps,
): Promise<NextState | null> {
  const outcome = await attempt(message, deps);
  const options: RecordOptions = {
    workerId: deps.workerId,
    now: deps.now(),
    policy: deps.policy,
    random: deps.random,
  };
  const next = await deps.record(message, outcome, options);
  if (next) {
    deps.logger.info(
      {
        messageId: message.id,
        kind: message.kind,
        topic: message.topic,
        attempt: message.attempts + 1,
        status: next.status,
        ...(outcome.error ? { error: outcome.error } : {}),
      },
      "outbox delivery",
    );
  }
  return next;
}

async function attempt(message: StoredMessage, deps: ProcessDeps): Promise<DeliveryOutcome> {
  const payload = message.payload;
  if (!payload.valid) return invalid(message, deps, payload.problem);

  switch (payload.kind) {
    case "webhook": {
      const urls = targetsForRoute(
        payload.value.route,
        await getWebhookTargets(deps.db, deps.config),
      );
      const secret = deps.config.WEBHOOK_SECRET;
      if (!secret && urls.length > 0) deps.onUnsigned();
      return deliverWebhook({
        id: message.id,
        payload: payload.value,
        urls,
        secret,
        timeoutMs: deps.attemptTimeoutMs,
        allowPrivateTargets: deps.config.WEBHOOK_PRIVATE_TARGETS === "on",
        signal: deps.stopSignal,
        now: deps.now,
      });
    }
    case "email": {
      const business = await getBusinessProfile(deps.db);
      return deps.mailer.send({
        id: message.id,
        topic: message.topic,
        payload: payload.value,
        business,
        now: deps.now,
      });
    }
    case "sms": {
      if (!deps.texter) return invalid(message, deps, "SMS is not configured (TWILIO_* unset)");
      return deps.texter.send({ payload: payload.value, now: deps.now, signal: deps.stopSignal });
    }
    case "job": {
      const handler = deps.handlers.get(message.topic);
      const job = {
        id: message.id,
        topic: message.topic,
        payload: payload.value,
        subjectType: message.subject_type,
        subjectId: message.subject_id,
        attempt: message.attempts + 1,
      };
      return runJob(job, handler, {
        db: deps.db,
        config: deps.config,
        logger: deps.logger,
        stopSignal: deps.stopSignal,
        timeoutMs: deps.jobTimeoutMs,
        now: deps.now,
      });
    }
  }
}

/** Retrying cannot mend a payload that does not parse: one failed attempt, and the message is dead. */
function invalid(message: StoredMessage, deps: ProcessDeps, error: string): DeliveryOutcome {
  return {
    outcome: "invalid",
    attempts: [
      {
        target: message.kind,
        outcome: "failed",
        statusCode: null,
        error,
        attemptedAt: deps.now().toISOString(),
        durationMs: 0,
      },
    ],
    error,
    statusCode: null,
  };
}
