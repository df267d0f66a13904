import type { Kysely } from "kysely";
import type { Database } from "./database";

// The rate_limits table: one row per key and window start (a counter), or per key and block
// start (a block, key ending in "|block"). Only rate-limit.server.ts calls these.

/** Adds one to a window's counter in one statement (two processes never lose a hit). */
export async function incrementCounter(
  db: Kysely<Database>,
  row: { key: string; windowStart: string; expiresAt: string },
) {
  const counted = await db
    .insertInto("rate_limits")
    .values({ key: row.key, window_start: row.windowStart, count: 1, expires_at: row.expiresAt })
    .onConflict((oc) =>
      oc
        .columns(["key", "window_start"])
        .doUpdateSet((eb) => ({ count: eb("rate_limits.count", "+", 1) })),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  return Number(counted.count);
}

/** The counters of `key` at the given window starts, as a map from start to count. */
export async function readCounters(db: Kysely<Database>, key: string, windowStarts: string[]) {
  const rows = await db
    .selectFrom("rate_limits")
    .select(["window_start", "count"])
    .where("key", "=", key)
    .where("window_start", "in", windowStarts)
    .execute();
  return new Map(rows.map((row) => [row.window_start, Number(row.count)]));
}

/** Takes one from a window's counter, never below zero. */
export async function decrementCounter(db: Kysely<Database>, key: string, windowStart: string) {
  await db
    .updateTable("rate_limits")
    .set((eb) => ({ count: eb("count", "-", 1) }))
    .where("key", "=", key)
    .where("window_start", "=", windowStart)
    .where("count", ">", 0)
    .execute();
}

/** Forgets every counter of `key`. */
export async function deleteCounters(db: Kysely<Database>, key: string) {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

export async function insertBlock(
  db: Kysely<Database>,
  row: { key: string; startsAt: string; endsAt: string },
) {
  await db
    .insertInto("rate_limits")
    .values({ key: row.key, window_start: row.startsAt, count: 1, expires_at: row.endsAt })
    .onConflict((oc) => oc.columns(["key", "window_start"]).doNothing())
    .execute();
}

/** The end of the latest block on `key` still running at `now`, or null. */
export async function latestBlockEnd(db: Kysely<Database>, key: string, now: string) {
  const row = await db
    .selectFrom("rate_limits")
    .select("expires_at")
    .where("key", "=", key)
    .where("expires_at", ">", now)
    .orderBy("expires_at", "desc")
    .executeTakeFirst();
  return row?.expires_at ?? null;
}

/** Deletes every counter and block that expired by `now`; returns how many went. */
export async function deleteExpired(db: Kysely<Database>, now: string) {
  const result = await db
    .deleteFrom("rate_limits")
    .where("expires_at", "<=", now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
