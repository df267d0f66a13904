import { describe, expect, test } from "vitest";
import {
  createHashingQueue,
  hashPassword,
  needsRehash,
  PasswordHashingBusyError,
  verifyPassword,
} from "./password.server";

describe("password hashing", () => {
  test("a hash verifies its own password only, and records its parameters", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery!", hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash(hash.replace("scrypt$32768$8$3$", "scrypt$131072$8$1$"))).toBe(true);
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
