import type { Kysely } from "kysely";
import { clientKey, hit } from "~/server/rate-limit.server";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";

// D26 for the quote's helpers. The quote itself counts against the budget every public form
// shares (allowPublicForm, server/public-form.server.ts). Photos and estimates are not form
// submissions: a four-photo quote would spend half a minute's budget before it was sent, and the
// wizard may ask for several estimates. They get budgets of their own, counted the same way.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export type FormLimit = { limit: number; windowMs: number };

/** Photos: D26's numbers, in a bucket of their own. */
export const UPLOAD_LIMITS: readonly FormLimit[] = [
  { limit: 10, windowMs: MINUTE },
  { limit: 100, windowMs: DAY },
];

/** An estimate stores nothing; a looser budget. */
export const ESTIMATE_LIMITS: readonly FormLimit[] = [
  { limit: 60, windowMs: MINUTE },
  { limit: 1000, windowMs: DAY },
];

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one request from `ip` against `bucket`; says whether it may go ahead, else when. */
export async function limitBucket(
  db: Kysely<Database>,
  ip: string,
  bucket: string,
  limits: readonly FormLimit[],
  options: { config: Pick<AppConfig, "RATE_LIMITS">; now?: Date },
): Promise<LimitVerdict> {
  const key = `${bucket}:${clientKey(ip)}`;
  const now = options.now ?? new Date();
  let retryAt = 0;
  for (const { limit, windowMs } of limits) {
    const result = await hit(db, key, limit, windowMs, { config: options.config, now });
    if (!result.allowed) retryAt = Math.max(retryAt, result.resetAt.getTime());
  }
  if (retryAt === 0) return { allowed: true };
  const retryAfterSeconds = Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000));
  return { allowed: false, retryAfterSeconds };
}
