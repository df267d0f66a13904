import type { OutboxStatus } from "./outbox.schema";

/**
 * When a failed message is tried again. docs/product/public-site.md#business-constants-and-limits gives the first three tries (the 2nd
 * 1 s after the 1st, the 3rd 2 s after the 2nd); docs/decisions/0008-webhook-outbox.md keeps trying after that, with
 * exponential backoff and full jitter (so a host coming back up is not hit by every process at
 * once), until 3 days after the message was created.
 */
export type RetryPolicy = {
  /** Waits after the 1st, 2nd... failed try, before the backoff takes over. */
  quickDelaysMs: number[];
  /** The ceiling of the first backoff wait; it doubles with every further failure. */
  backoffBaseMs: number;
  backoffCapMs: number;
  /** A wait is never shorter than this, so a jitter of zero cannot spin. */
  minDelayMs: number;
  /** Counted from the message's creation; a failure after it makes the message dead. */
  giveUpAfterMs: number;
};

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  // docs/product/public-site.md#business-constants-and-limits: "3 attempts with waits of 1 s and 2 s"
  quickDelaysMs: [1 * SECOND, 2 * SECOND],
  backoffBaseMs: 30 * SECOND,
  backoffCapMs: 4 * HOUR,
  minDelayMs: 1 * SECOND,
  giveUpAfterMs: 3 * 24 * HOUR,
};

/** How long to wait after the `failedTries`-th failed try (1-based). */
export function retryDelayMs(
  failedTries: number,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  random: () => number = Math.random,
) {
  const quick = policy.quickDelaysMs[failedTries - 1];
  if (quick !== undefined) return quick;
  const step = failedTries - policy.quickDelaysMs.length - 1;
  const ceiling = Math.min(policy.backoffCapMs, policy.backoffBaseMs * 2 ** step);
  return Math.max(policy.minDelayMs, Math.floor(random() * ceiling));
}

export type NextState = {
  status: Extract<OutboxStatus, "delivered" | "retrying" | "dead" | "skipped">;
  /** ISO-8601 UTC; unchanged for a final state */
  nextAttemptAt: string | null;
};

/**
 * The state a message moves to after a try. A failure inside the window is retried, the next try
 * never later than the window's end, so the last try falls on the deadline itself; a failure at
 * or after the deadline is final.
 */
export function nextStateAfter(
  outcome: "delivered" | "failed" | "skipped" | "invalid",
  message: { createdAt: string; failedTries: number },
  now: Date,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  random: () => number = Math.random,
): NextState {
  if (outcome === "delivered") return { status: "delivered", nextAttemptAt: null };
  if (outcome === "skipped") return { status: "skipped", nextAttemptAt: null };
  if (outcome === "invalid") return { status: "dead", nextAttemptAt: null };

  const deadline = Date.parse(message.createdAt) + policy.giveUpAfterMs;
  if (now.getTime() >= deadline) return { status: "dead", nextAttemptAt: null };
  const next = now.getTime() + retryDelayMs(message.failedTries, policy, random);
  return { status: "retrying", nextAttemptAt: new Date(Math.min(next, deadline)).toISOString() };
}

/** docs/product/public-site.md#calls-and-webhooks: the quote and booking webhooks are "retried 3 times"; the spec's tries. */
export const SPEC_TRIES = DEFAULT_RETRY_POLICY.quickDelaysMs.length + 1;
