import type { AttemptResult, DeliveryOutcome } from "./outbox.schema";
import type { Job, JobContext, JobHandler } from "./job-handlers.server";

/** One try at a scheduled job, bounded by `timeoutMs`; never throws. */
export async function runJob(
  job: Job,
  handler: JobHandler | undefined,
  context: Omit<JobContext, "signal"> & {
    stopSignal: AbortSignal;
    timeoutMs: number;
    now: () => Date;
  },
): Promise<DeliveryOutcome> {
  const attemptedAt = context.now().toISOString();
  const started = performance.now();
  const finish = (error: string | null): DeliveryOutcome => {
    const result: AttemptResult = {
      target: `job:${job.topic}`,
      outcome: error ? "failed" : "delivered",
      statusCode: null,
      error,
      attemptedAt,
      durationMs: Math.round(performance.now() - started),
    };
    return { outcome: result.outcome, attempts: [result], error, statusCode: null };
  };

  // Retried rather than dropped: the release that handles this topic may not be deployed yet.
  if (!handler) return finish(`No handler is registered for ${job.topic}`);

  // A plain timer and controller (see webhook-delivery: AbortSignal.any over a timeout signal
  // can be garbage-collected before it fires).
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), context.timeoutMs);
  const stop = () => controller.abort();
  context.stopSignal.addEventListener("abort", stop, { once: true });
  const signal = controller.signal;
  const { db, config, logger } = context;
  // A handler that ignores its signal still ends the try on time; it keeps running unobserved.
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new Error("aborted"));
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    await Promise.race([handler(job, { db, config, logger, signal }), aborted]);
    return finish(null);
  } catch (error) {
    if (context.stopSignal.aborted)
      return { outcome: "aborted", attempts: [], error: null, statusCode: null };
    if (signal.aborted) return finish(`Job timed out after ${context.timeoutMs} ms`);
    return finish(error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
    context.stopSignal.removeEventListener("abort", stop);
    signal.removeEventListener("abort", onAbort);
  }
}
