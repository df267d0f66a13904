import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { testConfig, signInOutcome } from "./auth.test-helpers";
import { signInWithPassword, type SignInDeps } from "./sign-in.service.server";
import { FLOOD_BUDGET, FLOOD_WINDOW_MS } from "./sign-in-throttle.server";
import { saveStaffAccount } from "./staff-accounts.service.server";

// docs/decisions/0049-sign-in-under-a-flood.md: wrong passwords for one account spread over many
// addresses pass every per-address limit; the account's flood budget stops them being hashed,
// and a device the account signed in on before still gets in.

const OWNER = "owner@harbour.example";
const PASSWORD = "correct horse battery";
const config = testConfig();
const t0 = new Date("2026-11-22T10:00:00Z");

describe.each(testDialects)("sign-in during a distributed flood on %s", (dialect) => {
  let database: TestDatabase;
  let deps: SignInDeps;
  let ownerId: string;
  let otherId: string;

  const attempt = (
    password: string,
    ip: string,
    options: { knownDeviceStaffId?: string; now?: Date } = {},
  ) =>
    signInWithPassword(
      deps,
      { email: OWNER, password },
      { ip, userAgent: "vitest", previousToken: null, now: t0, ...options },
    );
  const hashedFailures = async () =>
    (await database.db.selectFrom("audit_log").select("action").execute()).filter(
      (entry) => entry.action === "staff.sign_in_failed",
    ).length;
  /** Wrong passwords from `count` different addresses, one each, as a botnet sends them. */
  const flood = async (count: number, now = t0) => {
    const statuses: string[] = [];
    for (let n = 1; n <= count; n += 1) {
      statuses.push(signInOutcome(await attempt("not the password", `198.51.100.${n}`, { now })));
    }
    return statuses;
  };

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    deps = { db: database.db, config };
    ({ id: ownerId } = await saveStaffAccount(
      database.db,
      { name: "Olivia Owner", email: OWNER, password: PASSWORD },
      new Date(t0.getTime() - 3_600_000),
    ));
    ({ id: otherId } = await saveStaffAccount(
      database.db,
      { name: "Sam Staff", email: "sam@harbour.example", password: PASSWORD },
      new Date(t0.getTime() - 3_600_000),
    ));
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("past the budget, strangers' wrong passwords are refused without being hashed", async () => {
    const statuses = await flood(FLOOD_BUDGET + 5);
    expect(statuses.slice(0, FLOOD_BUDGET)).toEqual(Array(FLOOD_BUDGET).fill("unauthenticated"));
    expect(statuses.slice(FLOOD_BUDGET)).toEqual(Array(5).fill("rate_limited"));
    expect(await hashedFailures()).toBe(FLOOD_BUDGET);
  });

  test("the owner's known device signs in during the flood, without spending the budget", async () => {
    await flood(FLOOD_BUDGET + 5);
    const known = await attempt(PASSWORD, "203.0.113.7", { knownDeviceStaffId: ownerId });
    expect(signInOutcome(known)).toBe("signed-in");
    // A wrong password from the known device is hashed (and answered) as usual.
    const typo = await attempt("correct horse batery", "203.0.113.7", {
      knownDeviceStaffId: ownerId,
    });
    expect(signInOutcome(typo)).toBe("unauthenticated");
    expect(await hashedFailures()).toBe(FLOOD_BUDGET + 1);
    // Its sign-in did not start the budget again: strangers are still refused.
    expect((await flood(1))[0]).toBe("rate_limited");
  });

  test("a device known for another account, or none, is refused like the flood", async () => {
    await flood(FLOOD_BUDGET);
    const borrowed = await attempt(PASSWORD, "203.0.113.8", { knownDeviceStaffId: otherId });
    expect(signInOutcome(borrowed)).toBe("rate_limited");
    const unknown = await attempt(PASSWORD, "203.0.113.9");
    expect(signInOutcome(unknown)).toBe("rate_limited");
    expect(await hashedFailures()).toBe(FLOOD_BUDGET);
  });

  test("refusals by the budget do not count against the address that made them", async () => {
    await flood(FLOOD_BUDGET);
    for (let n = 0; n < 6; n += 1) {
      expect(signInOutcome(await attempt(PASSWORD, "203.0.113.9"))).toBe("rate_limited");
    }
    // Once the flood has passed, the same address signs in: the refusals did not block it.
    const later = new Date(t0.getTime() + 2 * FLOOD_WINDOW_MS);
    expect(signInOutcome(await attempt(PASSWORD, "203.0.113.9", { now: later }))).toBe("signed-in");
  });

  test("a stranger's right password gives its hash back to the budget", async () => {
    for (let n = 0; n < FLOOD_BUDGET + 2; n += 1) {
      expect(signInOutcome(await attempt(PASSWORD, `192.0.2.${n + 1}`))).toBe("signed-in");
    }
    expect((await flood(1))[0]).toBe("unauthenticated");
  });
});
