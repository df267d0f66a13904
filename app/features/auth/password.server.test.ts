import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { TEST_SCRYPT_LOG2_N } from "../../../tests/helpers/built-server";
import { refusal } from "../../../tests/helpers/refusal";
import {
  createHashingQueue,
  hashPassword,
  inHashingTurn,
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

  /** A task that runs until the test lets it finish, noting when it started. */
  function heldTasks() {
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const task = (name: string) => () =>
      new Promise<void>((resolve) => {
        started.push(name);
        finish.set(name, resolve);
      });
    const settle = async () => {
      for (let n = 0; n < 5; n += 1) await Promise.resolve();
    };
    return { started, finish: (name: string) => finish.get(name)!(), task, settle };
  }

  test("a priority task starts at once in its extra slot, then is served before waiting ones", async () => {
    const run = createHashingQueue(1, 4, 2);
    const held = heldTasks();
    const running = run(held.task("running"));
    const strangers = [run(held.task("stranger 1")), run(held.task("stranger 2"))];
    const owner = run(held.task("owner"), "priority");
    await held.settle();
    expect(held.started).toEqual(["running", "owner"]);
    const second = run(held.task("second owner"), "priority");
    held.finish("running");
    await running;
    await held.settle();
    // The freed slot goes to the priority lane's waiting task, not to the strangers before it.
    expect(held.started).toEqual(["running", "owner", "second owner"]);
    held.finish("owner");
    held.finish("second owner");
    await Promise.all([owner, second]);
    await held.settle();
    // The extra slot is the priority lane's only: strangers again run one at a time.
    expect(held.started).toEqual(["running", "owner", "second owner", "stranger 1"]);
    held.finish("stranger 1");
    await held.settle();
    held.finish("stranger 2");
    await Promise.all(strangers);
  });

  test("a full normal lane refuses strangers but never the priority lane, which has its own bound", async () => {
    const run = createHashingQueue(1, 1, 1);
    const held = heldTasks();
    const running = run(held.task("running"));
    const stranger = run(held.task("stranger"));
    await expect(run(held.task("refused"))).rejects.toBeInstanceOf(PasswordHashingBusyError);
    const owner = run(held.task("owner"), "priority");
    const waitingOwner = run(held.task("waiting owner"), "priority");
    await expect(run(held.task("third owner"), "priority")).rejects.toBeInstanceOf(
      PasswordHashingBusyError,
    );
    for (const name of ["running", "owner", "waiting owner", "stranger"]) {
      await held.settle();
      held.finish(name);
    }
    await Promise.all([running, owner, waitingOwner, stranger]);
    expect(held.started).toEqual(["running", "owner", "waiting owner", "stranger"]);
  });
});

describe("hashing in turn", () => {
  test("a full queue is answered as busy (503) with the sign-in screen's words, never thrown", async () => {
    const run = createHashingQueue(1, 0, 0);
    let finish = () => {};
    const running = run(() => new Promise<void>((resolve) => (finish = resolve)));
    const refused = await inHashingTurn(() => run(async () => "never hashed"));
    expect(refusal(refused)).toEqual({
      kind: "unavailable",
      status: 503,
      message: "Sign-in is busy right now. Please try again in a moment.",
    });
    finish();
    await running;
    expect(await inHashingTurn(() => run(async () => "hashed"))).toEqual({
      ok: true,
      value: "hashed",
    });
  });

  test("any other failure of the work is still thrown", async () => {
    await expect(inHashingTurn(() => Promise.reject(new Error("disk on fire")))).rejects.toThrow(
      "disk on fire",
    );
  });
});
