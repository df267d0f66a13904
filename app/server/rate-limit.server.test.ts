import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../tests/helpers/test-database";
import {
  block,
  blockedUntil,
  check,
  clientKey,
  hit,
  purgeExpired,
  reset,
} from "./rate-limit.server";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const at = (iso: string) => new Date(iso);

describe.each(testDialects)("the rate-limit module on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("ten hits a minute are allowed and the eleventh is not", async () => {
    const now = at("2026-11-22T10:00:05Z");
    const results = [];
    for (let i = 0; i < 11; i++) {
      results.push(await hit(database.db, "form:203.0.113.9", 10, MINUTE, { now }));
    }
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(results.slice(0, 10).every((r) => r.allowed)).toBe(true);
    expect(results[10]!.allowed).toBe(false);
    // Ten more would fit once the window has passed and this one has faded to under ten.
    expect(results[10]!.retryAt.getTime()).toBeGreaterThan(at("2026-11-22T10:01:00Z").getTime());
    expect(results[10]!.retryAt.getTime()).toBeLessThan(at("2026-11-22T10:02:00Z").getTime());
  });

  // A gap a probe found: a fixed window let twice the limit through around its edge (ten at 10:00:59,
  // ten more at 10:01:00). The previous window's hits still count, fading over the next minute.
  test("ten at a window's last second leave room for only one more just after it", async () => {
    for (let i = 0; i < 10; i++) {
      await hit(database.db, "k", 10, MINUTE, { now: at("2026-11-22T10:00:59Z") });
    }
    const after = [];
    for (let i = 0; i < 10; i++) {
      after.push(await hit(database.db, "k", 10, MINUTE, { now: at("2026-11-22T10:01:01Z") }));
    }
    expect(after.filter((result) => result.allowed)).toHaveLength(1);
    // Half a minute on, half of the earlier ten still weigh: five of the next ten fit at most.
    const later = await check(database.db, "k", 10, MINUTE, { now: at("2026-11-22T10:01:30Z") });
    expect(later.count).toBe(10 + 5);
  });

  test("the previous window fades out: two windows on, the count starts again", async () => {
    for (let i = 0; i < 10; i++) {
      await hit(database.db, "k", 10, MINUTE, { now: at("2026-11-22T10:00:30Z") });
    }
    expect(
      await hit(database.db, "k", 10, MINUTE, { now: at("2026-11-22T10:01:00Z") }),
    ).toMatchObject({ allowed: false, count: 11 });
    expect(
      await hit(database.db, "k", 10, MINUTE, { now: at("2026-11-22T10:01:45Z") }),
    ).toMatchObject({ allowed: true });
    expect(
      await hit(database.db, "k", 10, MINUTE, { now: at("2026-11-22T10:03:00Z") }),
    ).toMatchObject({ allowed: true, count: 1 });
  });

  test("hits made at the same moment are all counted", async () => {
    const now = at("2026-11-22T10:00:00Z");
    await Promise.all(
      Array.from({ length: 25 }, () => hit(database.db, "burst", 100, MINUTE, { now })),
    );
    expect((await check(database.db, "burst", 100, MINUTE, { now })).count).toBe(25);
  });

  test("keys and window lengths are counted apart, even when their windows start together", async () => {
    const midnight = at("2026-11-22T00:00:00Z");
    await hit(database.db, "contact:1.2.3.4", 10, MINUTE, { now: midnight });
    await hit(database.db, "contact:1.2.3.4", 10, MINUTE, { now: midnight });
    const daily = await hit(database.db, "contact:1.2.3.4", 100, DAY, { now: midnight });
    const other = await hit(database.db, "contact:5.6.7.8", 10, MINUTE, { now: midnight });
    expect(daily.count).toBe(1);
    expect(other.count).toBe(1);
  });

  test("check reads the count without adding to it", async () => {
    const now = at("2026-11-22T10:00:00Z");
    expect(await check(database.db, "c", 2, MINUTE, { now })).toMatchObject({
      allowed: true,
      count: 0,
    });
    await hit(database.db, "c", 2, MINUTE, { now });
    await hit(database.db, "c", 2, MINUTE, { now });
    expect(await check(database.db, "c", 2, MINUTE, { now })).toMatchObject({
      allowed: false,
      count: 2,
    });
    expect((await check(database.db, "c", 2, MINUTE, { now })).count).toBe(2);
  });

  test("reset forgets the current window's count", async () => {
    const now = at("2026-11-22T10:00:00Z");
    await hit(database.db, "r", 5, MINUTE, { now });
    await reset(database.db, "r", MINUTE, { now });
    expect((await check(database.db, "r", 5, MINUTE, { now })).count).toBe(0);
  });

  test("a block lasts its full length from when it starts, then lifts", async () => {
    const start = at("2026-11-22T10:14:59Z");
    await block(database.db, "b", 15 * MINUTE, { now: start });
    expect(await blockedUntil(database.db, "b", { now: at("2026-11-22T10:29:58Z") })).toEqual(
      at("2026-11-22T10:29:59Z"),
    );
    expect(await blockedUntil(database.db, "b", { now: at("2026-11-22T10:29:59Z") })).toBeNull();
    expect(await blockedUntil(database.db, "other", { now: start })).toBeNull();
  });

  test("expired rows are purged, live ones kept", async () => {
    await database.db
      .insertInto("rate_limits")
      .values([
        {
          key: "old|60000",
          window_start: "2026-11-22T09:00:00.000Z",
          count: 3,
          expires_at: "2026-11-22T09:01:00.000Z",
        },
        {
          key: "new|60000",
          window_start: "2026-11-22T10:00:00.000Z",
          count: 1,
          expires_at: "2026-11-22T10:01:00.000Z",
        },
      ])
      .execute();
    expect(await purgeExpired(database.db, at("2026-11-22T10:00:30Z"))).toBe(1);
    const keys = await database.db.selectFrom("rate_limits").select("key").execute();
    expect(keys.map((row) => row.key)).toEqual([`new|${MINUTE}`]);
  });

  test("counting purges expired rows on its own now and then", async () => {
    await hit(database.db, "stale", 5, MINUTE, { now: at("2026-11-20T09:00:00Z") });
    await hit(database.db, "fresh", 5, MINUTE, { now: at("2026-11-22T10:00:00Z") });
    const keys = await database.db.selectFrom("rate_limits").select("key").execute();
    expect(keys.map((row) => row.key)).toEqual([`fresh|${MINUTE}`]);
  });

  test("RATE_LIMITS=off (benchmarks) neither counts nor blocks", async () => {
    const options = { config: { RATE_LIMITS: "off" as const } };
    for (let i = 0; i < 5; i++) {
      expect((await hit(database.db, "off", 1, MINUTE, options)).allowed).toBe(true);
    }
    await block(database.db, "off", MINUTE, options);
    expect(await blockedUntil(database.db, "off", options)).toBeNull();
    expect(await database.db.selectFrom("rate_limits").selectAll().execute()).toEqual([]);
  });
});

describe("the address a limit counts", () => {
  test("an IPv4 address counts as itself, also when written IPv4-mapped", () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  test("IPv6 addresses count by their /64, however they are written", () => {
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe("2001:0db8:0001:0002::/64");
    expect(clientKey("2001:DB8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:0db8:0001:0002::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:0db8:0000:0000::/64");
    expect(clientKey("::1")).toBe("0000:0000:0000:0000::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0000:0000:0000::/64");
    expect(clientKey("64:ff9b::192.0.2.1")).toBe("0064:ff9b:0000:0000::/64");
  });

  test("an unknown address still gets a key", () => {
    expect(clientKey("")).toBe("unknown");
  });
});
