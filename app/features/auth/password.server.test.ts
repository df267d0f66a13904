import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { TEST_SCRYPT_LOG2_N } from "../../../tests/helpers/built-server";
import {
  createHashingQueue,
  hashPassword,
  needsRehash,
  PasswordHashingBusyError,
  setPasswordHashCost,
  verifyPassword,
} from "./password.server";

describe("password hashing", () => {
  // The suites hash at a lowered cost (tests/helpers/vitest-setup.ts); these tests check
  // production's own, the cost in force when nothing lowers it.
  beforeEach(() => setPasswordHashCost(undefined));
  afterEach(() => setPasswordHashCost(Number(TEST_SCRYPT_LOG2_N)));

  test("a hash verifies its own password only, and records its parameters", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery!", hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash(hash.replace("scrypt$32768$8$3$", "scrypt$131072$8$1$"))).toBe(true);
  });

  test("production's cost is OWASP's N=2^15, r=8, p=3", async () => {
    expect(await hashPassword("correct horse battery")).toMatch(/^scrypt\$32768\$8\$3\$/);
  });

  test("a hash made at a lowered cost still verifies at production's, and is then re-hashed", async () => {
    setPasswordHashCost(10);
    const cheap = await hashPassword("correct horse battery");
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(needsRehash(cheap)).toBe(false);

    setPasswordHashCost(undefined);
    expect(await verifyPassword("correct horse battery", cheap)).toBe(true);
    expect(await verifyPassword("correct horse battery!", cheap)).toBe(false);
    expect(needsRehash(cheap)).toBe(true);
  });

  test("the queue runs at most two hashes at once and refuses when its waiting room is full", async () => {
    const run = createHashingQueue(2, 1);
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const task = () =>
      new Promise<void>((resolve) => {
        running += 1;
        most = Math.max(most, running);
        releases.push(() => {
          running -= 1;
          resolve();
        });
      });
    const first = run(task);
    const second = run(task);
    const third = run(task); // waits
    await expect(run(task)).rejects.toBeInstanceOf(PasswordHashingBusyError);
    expect(releases).toHaveLength(2);
    releases.shift()!();
    await first;
    await Promise.resolve();
    await Promise.resolve();
    expect(releases).toHaveLength(2); // the waiting one started as soon as a slot was free
    releases.shift()!();
    releases.shift()!();
    await Promise.all([second, third]);
    expect(most).toBe(2);
  });
});
