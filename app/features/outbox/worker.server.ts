import os from "node:os";
import type { Kysely } from "kysely";
import { createMailer } from "./email-delivery.server";
import type { JobHandlers } from "./job-handlers.server";
import { claimDueMessages } from "./outbox.repository.server";
import { processMessage, type ProcessDeps } from "./process-message.server";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-schedule";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import type { Dialect } from "~/server/db.server";
import type { Logger } from "~/server/logger.server";

export type WorkerOptions = {
  db: Kysely<Database>;
  dialect: Dialect;
  config: AppConfig;
  logger: Logger;
  /** Job handlers by topic (the app passes APP_JOB_HANDLERS); a topic without one fails its try. */
  handlers?: JobHandlers;
  /** How often to look for due messages when idle (1 s). */
  pollIntervalMs?: number;
  /** One webhook request or SMTP phase (10 s). */
  attemptTimeoutMs?: number;
  /** How long a claim holds before another worker may take the message (60 s). */
  leaseMs?: number;
  /** Messages in flight at once in this process (8). */
  concurrency?: number;
  /** How long stop() waits for tries in flight before abandoning them (8 s). */
  stopTimeoutMs?: number;
  /** false: no polling loop; the caller drives the worker with runOnce() (tests, scripts). */
  poll?: boolean;
  retryPolicy?: Partial<RetryPolicy>;
  /** The clock, for tests that travel in time. */
  now?: () => Date;
  random?: () => number;
  workerId?: string;
};

export type Worker = {
  /** Stops claiming, waits (bounded) for tries in flight, hands back the rest. */
  stop(): Promise<void>;
  /** Claims what is due now (up to the free capacity), delivers it, returns how many it claimed. */
  runOnce(): Promise<number>;
};

/**
 * The outbox worker (docs/decisions/0008-webhook-outbox.md, docs/decisions/0017-outbound-email.md), run inside each app process. It leases due messages,
 * tries each outside any transaction, and records the result. Several processes may run it on
 * one PostgreSQL database; a message whose worker died is leased again once its lease expires.
 */
export function startWorker(options: WorkerOptions): Worker {
  const { db, dialect, config } = options;
  const logger = options.logger.child({ component: "outbox-worker" });
  const now = options.now ?? (() => new Date());
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const attemptTimeoutMs = options.attemptTimeoutMs ?? 10_000;
  const concurrency = options.concurrency ?? 8;
  const stopTimeoutMs = options.stopTimeoutMs ?? 8000;
  const workerId =
    options.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;

  const stopController = new AbortController();
  const mailer = createMailer(config, logger, attemptTimeoutMs);
  let warnedUnsigned = false;
  const deps: ProcessDeps = {
    db,
    config,
    logger,
    workerId,
    mailer,
    handlers: new Map(Object.entries(options.handlers ?? {})),
    now,
    random: options.random,
    policy: { ...DEFAULT_RETRY_POLICY, ...options.retryPolicy },
    attemptTimeoutMs,
    // A job may do more than one request, but must end well inside its lease.
    jobTimeoutMs: Math.floor(leaseMs / 2),
    stopSignal: stopController.signal,
    onUnsigned: () => {
      if (warnedUnsigned) return;
      warnedUnsigned = true;
      logger.warn("WEBHOOK_SECRET is not set: webhooks are sent unsigned");
    },
  };

  const inFlight = new Set<Promise<unknown>>();
  let stopping = false;
  let earliestRetry = Infinity;
  let wake: () => void = () => {};

  async function claimAndStart() {
    const capacity = concurrency - inFlight.size;
    if (stopping || capacity <= 0) return [];
    const at = now();
    const claimed = await claimDueMessages(db, dialect, {
      now: at.toISOString(),
      leaseUntil: new Date(at.getTime() + leaseMs).toISOString(),
      workerId,
      limit: capacity,
    });
    return claimed.map((message) => {
      const task = processMessage(message, deps)
        .then((next) => {
          // A quick retry (1 s, 2 s) should not wait for the next poll.
          if (next?.nextAttemptAt) {
            earliestRetry = Math.min(earliestRetry, Date.parse(next.nextAttemptAt));
          }
        })
        .catch((error: unknown) => {
          // The database failed while recording; the lease expires and another try follows.
          logger.error({ err: error, messageId: message.id }, "outbox record failed");
        })
        .finally(() => {
          inFlight.delete(task);
          wake();
        });
      inFlight.add(task);
      return task;
    });
  }

  async function runOnce() {
    const tasks = await claimAndStart();
    await Promise.all(tasks);
    return tasks.length;
  }

  async function loop() {
    while (!stopping) {
      const claimedAt = now().getTime();
      let claimed = 0;
      try {
        claimed = (await claimAndStart()).length;
      } catch (error) {
        logger.error({ err: error }, "outbox claim failed");
      }
      if (stopping) break;
      // Something was due: there may be more, so look again at once while there is capacity.
      if (claimed > 0 && inFlight.size < concurrency) continue;
      // A retry the claim could already see is settled (taken here or by another process);
      // one still ahead keeps its wake-up, a few ms late so the timer cannot beat the clock.
      if (earliestRetry <= claimedAt) earliestRetry = Infinity;
      const untilRetry = earliestRetry - now().getTime() + 5;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, Math.min(pollIntervalMs, untilRetry)));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = () => {};
    }
  }

  const looping = options.poll === false ? Promise.resolve() : loop();
  logger.info({ workerId }, "outbox worker started");

  async function stop() {
    if (stopping) return;
    stopping = true;
    wake();
    await looping;
    const settled = Promise.allSettled([...inFlight]);
    const finished = await Promise.race([
      settled.then(() => true),
      delay(stopTimeoutMs).then(() => false),
    ]);
    if (!finished) {
      logger.warn(
        { inFlight: inFlight.size },
        "outbox worker stopping: abandoning tries in flight",
      );
      stopController.abort();
      await Promise.race([settled, delay(1000)]);
    }
    mailer.close();
    logger.info({ workerId }, "outbox worker stopped");
  }

  return { stop, runOnce };
}

function delay(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
}
