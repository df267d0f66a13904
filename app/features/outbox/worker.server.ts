import os from "node:os";
import type { Kysely } from "kysely";
import { createMailer } from "./email-delivery.server";
import { createTexter } from "./sms-delivery.server";
import type { JobHandlers } from "./job-handlers.server";
import { claimDueMessages } from "./outbox.repository.server";
import { createOutcomeRecorder } from "./outbox.service.server";
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
  const settings = settingsOf(options);
  const logger = options.logger.child({ component: "outbox-worker" });
  const stopController = new AbortController();
  const mailer = createMailer(options.config, logger, settings.attemptTimeoutMs);
  const deps = processDepsOf(options, settings, logger, mailer, stopController.signal);
  const run: Running = { inFlight: new Set(), stopping: false, earliestRetry: Infinity };
  const claim = () => claimAndStart(run, deps, options.dialect, settings);
  const looping =
    options.poll === false ? Promise.resolve() : pollLoop(run, claim, settings, logger);
  logger.info({ workerId: settings.workerId }, "outbox worker started");

  async function runOnce() {
    const tasks = await claim();
    await Promise.all(tasks);
    return tasks.length;
  }

  async function stop() {
    if (run.stopping) return;
    run.stopping = true;
    run.wake?.();
    await looping;
    await settleInFlight(run, settings.stopTimeoutMs, stopController, logger);
    mailer.close();
    logger.info({ workerId: settings.workerId }, "outbox worker stopped");
  }

  return { stop, runOnce };
}

type Settings = ReturnType<typeof settingsOf>;

/** The options with their defaults filled in. */
function settingsOf(options: WorkerOptions) {
  return {
    now: options.now ?? (() => new Date()),
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    leaseMs: options.leaseMs ?? 60_000,
    attemptTimeoutMs: options.attemptTimeoutMs ?? 10_000,
    concurrency: options.concurrency ?? 8,
    stopTimeoutMs: options.stopTimeoutMs ?? 8000,
    workerId:
      options.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`,
  };
}

function processDepsOf(
  options: WorkerOptions,
  settings: Settings,
  logger: Logger,
  mailer: ProcessDeps["mailer"],
  stopSignal: AbortSignal,
): ProcessDeps {
  let warnedUnsigned = false;
  return {
    db: options.db,
    config: options.config,
    logger,
    workerId: settings.workerId,
    mailer,
    texter: options.config.twilio
      ? createTexter(options.config.twilio, settings.attemptTimeoutMs)
      : null,
    handlers: new Map(Object.entries(options.handlers ?? {})),
    now: settings.now,
    random: options.random,
    policy: { ...DEFAULT_RETRY_POLICY, ...options.retryPolicy },
    attemptTimeoutMs: settings.attemptTimeoutMs,
    // A job may do more than one request, but must end well inside its lease.
    jobTimeoutMs: Math.floor(settings.leaseMs / 2),
    stopSignal,
    record: createOutcomeRecorder(options.db),
    onUnsigned: () => {
      if (warnedUnsigned) return;
      warnedUnsigned = true;
      logger.warn("WEBHOOK_SECRET is not set: webhooks are sent unsigned");
    },
  };
}

/** What a running worker keeps: its tries in flight, whether it stops, its next retry, its wake-up. */
type Running = {
  inFlight: Set<Promise<unknown>>;
  stopping: boolean;
  earliestRetry: number;
  /** Ends the wait between polls early (a try finished, or the worker stops). */
  wake?: () => void;
};

/** Claims what is due, up to the free capacity, and starts trying each; answers the tries. */
async function claimAndStart(
  run: Running,
  deps: ProcessDeps,
  dialect: Dialect,
  settings: Settings,
): Promise<Promise<unknown>[]> {
  const capacity = settings.concurrency - run.inFlight.size;
  if (run.stopping || capacity <= 0) return [];
  const at = settings.now();
  const claimed = await claimDueMessages(deps.db, dialect, {
    now: at.toISOString(),
    leaseUntil: new Date(at.getTime() + settings.leaseMs).toISOString(),
    workerId: settings.workerId,
    limit: capacity,
  });
  return claimed.map((message) => {
    const task = processMessage(message, deps)
      .then((next) => {
        // A quick retry (1 s, 2 s) should not wait for the next poll.
        if (next?.nextAttemptAt) {
          run.earliestRetry = Math.min(run.earliestRetry, Date.parse(next.nextAttemptAt));
        }
      })
      .catch((error: unknown) => {
        // The database failed while recording; the lease expires and another try follows.
        deps.logger.error({ err: error, messageId: message.id }, "outbox record failed");
      })
      .finally(() => {
        run.inFlight.delete(task);
        run.wake?.();
      });
    run.inFlight.add(task);
    return task;
  });
}

async function pollLoop(
  run: Running,
  claim: () => Promise<unknown[]>,
  settings: Settings,
  logger: Logger,
) {
  while (!run.stopping) {
    const claimedAt = settings.now().getTime();
    let claimed = 0;
    try {
      claimed = (await claim()).length;
    } catch (error) {
      logger.error({ err: error }, "outbox claim failed");
    }
    if (run.stopping) break;
    // Something was due: there may be more, so look again at once while there is capacity.
    if (claimed > 0 && run.inFlight.size < settings.concurrency) continue;
    await waitForNextPoll(run, settings, claimedAt);
  }
}

/**
 * Waits a poll interval, or less when a retry is due sooner. A retry the claim could already see
 * is settled (taken here or by another process); one still ahead keeps its wake-up, a few ms late
 * so the timer cannot beat the clock.
 */
async function waitForNextPoll(run: Running, settings: Settings, claimedAt: number) {
  if (run.earliestRetry <= claimedAt) run.earliestRetry = Infinity;
  const untilRetry = run.earliestRetry - settings.now().getTime() + 5;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, Math.max(0, Math.min(settings.pollIntervalMs, untilRetry)));
    run.wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  run.wake = undefined;
}

/** Waits (bounded) for the tries in flight; past the bound they are abandoned. */
async function settleInFlight(
  run: Running,
  stopTimeoutMs: number,
  stopController: AbortController,
  logger: Logger,
) {
  const settled = Promise.allSettled([...run.inFlight]);
  const finished = await Promise.race([
    settled.then(() => true),
    delay(stopTimeoutMs).then(() => false),
  ]);
  if (finished) return;
  logger.warn(
    { inFlight: run.inFlight.size },
    "outbox worker stopping: abandoning tries in flight",
  );
  stopController.abort();
  await Promise.race([settled, delay(1000)]);
}

function delay(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
}
