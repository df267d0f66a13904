import { isIPv6 } from "node:net";
import type { Kysely } from "kysely";
import type { AppConfig } from "./config.server";
import type { Database } from "./database";
import {
  decrementCounter,
  deleteCounters,
  deleteExpired,
  incrementCounter,
  insertBlock,
  latestBlockEnd,
  readCounters,
} from "./rate-limit.repository.server";

// Sliding-window counters and timed blocks kept in the rate_limits table, so a limit holds across
// every process behind the load balancer (docs: docs/decisions/0026-abuse-protection.md, docs/decisions/0002-staff-accounts-and-sessions.md). Each key keeps one counter per
// fixed window; a hit is judged on the current window's count plus the previous window's count
// weighted by how much of it still lies within the last `windowMs` (the sliding-window counter).
// A plain fixed window let twice the limit through around a window's edge (ten at 10:00:59 and
// ten more at 10:01:00); here the previous ten still weigh on the new window and fade out.
//
// A counter row is keyed by the caller's key plus the window length (two limits on one key, 10 a
// minute and 100 a day, never share a row when their windows happen to start at the same instant)
// and the window's start. It is kept for two windows, as the next window reads it.

export type RateLimitOptions = {
  /** Pins the clock in tests. */
  now?: Date;
  /** Limits apply unless this says RATE_LIMITS=off (benchmarks); forgetting it fails safe. */
  config?: Pick<AppConfig, "RATE_LIMITS">;
};

export type RateLimitResult = {
  /** False once the count has gone past the limit. */
  allowed: boolean;
  /**
   * Hits counted over the last window length, this one included: the current window's count plus
   * the weighted previous one, rounded down.
   */
  count: number;
  limit: number;
  /** When one more hit would be allowed again (now, while allowed). */
  retryAt: Date;
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
    start,
    windowStart: new Date(start).toISOString(),
    previousStart: new Date(start - windowMs).toISOString(),
    /** Read again by the next window, so kept until that one ends too. */
    expiresAt: new Date(start + 2 * windowMs).toISOString(),
  };
}

/**
 * The sliding estimate for a window whose current count is `current` and previous `previous`, and
 * when one more hit would fit within `limit`: the previous window's weight fades linearly, and at
 * the next window's start the current count becomes the fading one.
 */
function slide(
  current: number,
  previous: number,
  limit: number,
  windowMs: number,
  start: number,
  now: Date,
) {
  const elapsed = (now.getTime() - start) / windowMs;
  const count = current + Math.floor(previous * (1 - elapsed));
  if (count + 1 <= limit) return { count, retryAt: now };
  const fits =
    current + 1 <= limit
      ? start + windowMs * (1 - (limit - current) / Math.max(previous, 1))
      : start + windowMs + windowMs * (1 - limit / Math.max(current, 1));
  return { count, retryAt: new Date(Math.max(now.getTime(), Math.ceil(fits))) };
}

type Window = ReturnType<typeof windowOf>;
type Counts = { current: number; previous: number };

/**
 * The sliding-window count of `key`, from the current and previous windows' counters as `read`
 * gets them, and when one more event would fit; `off` when rate limits are.
 */
async function slidingCount(
  key: string,
  limit: number,
  windowMs: number,
  options: RateLimitOptions,
  read: (window: Window, now: Date) => Promise<Counts>,
) {
  const now = options.now ?? new Date();
  if (isOff(options)) return { off: true as const, now };
  const window = windowOf(key, windowMs, now);
  const { current, previous } = await read(window, now);
  return {
    off: false as const,
    now,
    ...slide(current, previous, limit, windowMs, window.start, now),
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
  const counted = await slidingCount(key, limit, windowMs, options, async (window, now) => {
    await purgeOccasionally(db, now);
    const current = await incrementCounter(db, {
      key: window.rowKey,
      windowStart: window.windowStart,
      expiresAt: window.expiresAt,
    });
    const counters = await readCounters(db, window.rowKey, [window.previousStart]);
    return { current, previous: counters.get(window.previousStart) ?? 0 };
  });
  if (counted.off) return { allowed: true, count: 0, limit, retryAt: counted.now };
  // This hit is within the limit while count <= limit; retryAt says when another would be.
  const allowed = counted.count <= limit;
  return { allowed, count: counted.count, limit, retryAt: allowed ? counted.now : counted.retryAt };
}

/** The count without adding to it: `allowed` says whether one more would fit. */
export async function check(
  db: Kysely<Database>,
  key: string,
  limit: number,
  windowMs: number,
  options: RateLimitOptions = {},
): Promise<RateLimitResult> {
  const counted = await slidingCount(key, limit, windowMs, options, async (window) => {
    const counters = await readCounters(db, window.rowKey, [
      window.windowStart,
      window.previousStart,
    ]);
    return {
      current: counters.get(window.windowStart) ?? 0,
      previous: counters.get(window.previousStart) ?? 0,
    };
  });
  if (counted.off) return { allowed: true, count: 0, limit, retryAt: counted.now };
  return { allowed: counted.count < limit, count: counted.count, limit, retryAt: counted.retryAt };
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
  await decrementCounter(db, rowKey, windowStart);
}

/** Forgets the count for `key` (a signed-in owner starts afresh). */
export async function reset(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
  options: RateLimitOptions = {},
) {
  if (isOff(options)) return;
  await deleteCounters(db, windowOf(key, windowMs, options.now ?? new Date()).rowKey);
}

/**
 * Blocks `key` for `durationMs` from now: unlike a window, a block reached in a window's last
 * second still lasts its full length. Stored as a row whose window starts when the block does.
 */
export async function block(
  db: Kysely<Database>,
  key: string,
  durationMs: number,
  options: RateLimitOptions = {},
) {
  if (isOff(options)) return;
  const now = options.now ?? new Date();
  await insertBlock(db, {
    key: `${key}|block`,
    startsAt: now.toISOString(),
    endsAt: new Date(now.getTime() + durationMs).toISOString(),
  });
}

/** When the latest block on `key` ends, or null when it is not blocked. */
export async function blockedUntil(
  db: Kysely<Database>,
  key: string,
  options: RateLimitOptions = {},
): Promise<Date | null> {
  if (isOff(options)) return null;
  const now = options.now ?? new Date();
  const end = await latestBlockEnd(db, `${key}|block`, now.toISOString());
  return end ? new Date(end) : null;
}

/** Deletes every expired counter and block; returns how many went. */
export async function purgeExpired(db: Kysely<Database>, now = new Date()) {
  return deleteExpired(db, now.toISOString());
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
