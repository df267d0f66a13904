import { isIPv6 } from "node:net";
import type { Kysely } from "kysely";
import type { AppConfig } from "./config.server";
import type { Database } from "./database";

// Fixed-window counters and timed blocks kept in the rate_limits table, so a limit holds across
// every process behind the load balancer (docs/decisions/0026-abuse-protection.md, docs/decisions/0002-staff-accounts-and-sessions.md). A counter row is keyed by the
// caller's key plus the window length (two limits on one key, 10 a minute and 100 a day, never
// share a row when their windows happen to start at the same instant) and the window's start.

export type RateLimitOptions = {
  /** Pins the clock in tests. */
  now?: Date;
  /** Limits apply unless this says RATE_LIMITS=off (benchmarks); forgetting it fails safe. */
  config?: Pick<AppConfig, "RATE_LIMITS">;
};

export type RateLimitResult = {
  /** False once the count has gone past the limit. */
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  limit: number;
  /** When the current window ends and the count starts again. */
  resetAt: Date;
};

const PURGE_EVERY_MS = 60_000;
const lastPurge = new WeakMap<Kysely<Database>, number>();

function isOff(options: RateLimitOptions) {
  return options.config?.RATE_LIMITS === "off";
}

function windowOf(key: string, windowMs: number, now: Date) {
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  return {
    rowKey: `${key}|${windowMs}`,
    windowStart: new Date(start).toISOString(),
    resetAt: new Date(start + windowMs),
  };
}

/** Counts one event against `key` and says whether it is still within `limit` per window. */
export async function hit(
  db: Kysely<Database>,
  key: string,
  limit: number,
  windowMs: number,
  options: RateLimitOptions = {},
): Promise<RateLimitResult> {
  const now = options.now ?? new Date();
  const { rowKey, windowStart, resetAt } = windowOf(key, windowMs, now);
  if (isOff(options)) return { allowed: true, count: 0, limit, resetAt };
  await purgeOccasionally(db, now);
  // One statement, so two processes counting at once never lose a hit.
  const row = await db
    .insertInto("rate_limits")
    .values({ key: rowKey, window_start: windowStart, count: 1, expires_at: resetAt.toISOString() })
    .onConflict((oc) =>
      oc
        .columns(["key", "window_start"])
        .doUpdateSet((eb) => ({ count: eb("rate_limits.count", "+", 1) })),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  return { allowed: count <= limit, count, limit, resetAt };
}

/** The current window's count without adding to it: `allowed` says whether one more would fit. */
export async function check(
  db: Kysely<Database>,
  key: string,
  limit: number,
  windowMs: number,
  options: RateLimitOptions = {},
): Promise<RateLimitResult> {
  const now = options.now ?? new Date();
  const { rowKey, windowStart, resetAt } = windowOf(key, windowMs, now);
  if (isOff(options)) return { allowed: true, count: 0, limit, resetAt };
  const row = await db
    .selectFrom("rate_limits")
    .select("count")
    .where("key", "=", rowKey)
    .where("window_start", "=", windowStart)
    .executeTakeFirst();
  const count = Number(row?.count ?? 0);
  return { allowed: count < limit, count, limit, resetAt };
}

/** Takes one hit back from the current window of `key` (an attempt that turned out to be fine). */
export async function forgive(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
  options: RateLimitOptions = {},
) {
  if (isOff(options)) return;
  const { rowKey, windowStart } = windowOf(key, windowMs, options.now ?? new Date());
  await db
    .updateTable("rate_limits")
    .set((eb) => ({ count: eb("count", "-", 1) }))
    .where("key", "=", rowKey)
    .where("window_start", "=", windowStart)
    .where("count", ">", 0)
    .execute();
}

/** Forgets the current window's count for `key` (a signed-in owner starts afresh). */
export async function reset(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
  options: RateLimitOptions = {},
) {
  if (isOff(options)) return;
  const { rowKey } = windowOf(key, windowMs, options.now ?? new Date());
  await db.deleteFrom("rate_limits").where("key", "=", rowKey).execute();
}

/**
 * Blocks `key` for `durationMs` from now: unlike a fixed window, a block reached in a window's
 * last second still lasts its full length. Stored as a row whose window starts when the block does.
 */
export async function block(
  db: Kysely<Database>,
  key: string,
  durationMs: number,
  options: RateLimitOptions = {},
) {
  if (isOff(options)) return;
  const now = options.now ?? new Date();
  await db
    .insertInto("rate_limits")
    .values({
      key: `${key}|block`,
      window_start: now.toISOString(),
      count: 1,
      expires_at: new Date(now.getTime() + durationMs).toISOString(),
    })
    .onConflict((oc) => oc.columns(["key", "window_start"]).doNothing())
    .execute();
}

/** When the latest block on `key` ends, or null when it is not blocked. */
export async function blockedUntil(
  db: Kysely<Database>,
  key: string,
  options: RateLimitOptions = {},
): Promise<Date | null> {
  if (isOff(options)) return null;
  const now = options.now ?? new Date();
  const row = await db
    .selectFrom("rate_limits")
    .select("expires_at")
    .where("key", "=", `${key}|block`)
    .where("expires_at", ">", now.toISOString())
    .orderBy("expires_at", "desc")
    .executeTakeFirst();
  return row ? new Date(row.expires_at) : null;
}

/** Deletes every expired counter and block; returns how many went. */
export async function purgeExpired(db: Kysely<Database>, now = new Date()) {
  const result = await db
    .deleteFrom("rate_limits")
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// At most once a minute per process and database, so the table stays small without a job.
async function purgeOccasionally(db: Kysely<Database>, now: Date) {
  const last = lastPurge.get(db) ?? 0;
  if (now.getTime() - last < PURGE_EVERY_MS && now.getTime() >= last) return;
  lastPurge.set(db, now.getTime());
  await purgeExpired(db, now);
}

/**
 * The part of a client address a limit should count: an IPv4 address as it is, an IPv6 address
 * by its /64 network, since one household or server is routinely handed a whole /64 to rotate
 * through. IPv4-mapped IPv6 ("::ffff:203.0.113.9") reads as the IPv4 address.
 */
export function clientKey(ip: string) {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const bare = ip.replace(/%.*$/, "");
  if (!isIPv6(bare)) return ip || "unknown";
  const [head = "", tail = ""] = bare.split("::");
  const left = head ? head.split(":") : [];
  const right = bare.includes("::") ? (tail ? tail.split(":") : []) : [];
  // A trailing dotted IPv4 part ("64:ff9b::192.0.2.1") stands for two groups.
  const width = (parts: string[]) => parts.reduce((n, part) => n + (part.includes(".") ? 2 : 1), 0);
  const groups = bare.includes("::")
    ? [...left, ...Array<string>(8 - width(left) - width(right)).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().padStart(4, "0"))
    .join(":")}::/64`;
}
