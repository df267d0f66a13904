import { describe, expect, test } from "vitest";
import { DEFAULT_RETRY_POLICY, nextStateAfter, retryDelayMs } from "./retry-schedule";

const HOUR = 60 * 60 * 1000;
const created = "2026-11-22T00:00:00.000Z";
const at = (ms: number) => new Date(Date.parse(created) + ms);

describe("retry schedule", () => {
  test("the 2nd try comes 1 s after the 1st and the 3rd 2 s after the 2nd (docs/product/public-site.md#business-constants-and-limits)", () => {
    expect(retryDelayMs(1)).toBe(1000);
    expect(retryDelayMs(2)).toBe(2000);
  });

  test("after the spec's three tries the wait is full jitter under a doubling ceiling", () => {
    expect(retryDelayMs(3, DEFAULT_RETRY_POLICY, () => 0.999999)).toBe(29_999);
    expect(retryDelayMs(4, DEFAULT_RETRY_POLICY, () => 0.999999)).toBe(59_999);
    expect(retryDelayMs(5, DEFAULT_RETRY_POLICY, () => 0.5)).toBe(60_000);
  });

  test("the ceiling stops at 4 hours and a zero jitter still waits a second", () => {
    expect(retryDelayMs(40, DEFAULT_RETRY_POLICY, () => 0.999999)).toBeLessThan(4 * HOUR);
    expect(retryDelayMs(40, DEFAULT_RETRY_POLICY, () => 0.999999)).toBeGreaterThan(3.99 * HOUR);
    expect(retryDelayMs(6, DEFAULT_RETRY_POLICY, () => 0)).toBe(1000);
  });

  test("a failure inside the window is retried, never later than the window's end", () => {
    expect(nextStateAfter("failed", { createdAt: created, failedTries: 1 }, at(0))).toEqual({
      status: "retrying",
      nextAttemptAt: at(1000).toISOString(),
    });
    const late = nextStateAfter(
      "failed",
      { createdAt: created, failedTries: 30 },
      at(72 * HOUR - 60_000),
      DEFAULT_RETRY_POLICY,
      () => 0.99,
    );
    expect(late).toEqual({ status: "retrying", nextAttemptAt: at(72 * HOUR).toISOString() });
  });

  test("a failure 3 days after creation is final: dead", () => {
    expect(
      nextStateAfter("failed", { createdAt: created, failedTries: 30 }, at(72 * HOUR)),
    ).toEqual({ status: "dead", nextAttemptAt: null });
  });

  test("delivered, skipped and an unreadable payload are final at once", () => {
    const message = { createdAt: created, failedTries: 1 };
    expect(nextStateAfter("delivered", message, at(0)).status).toBe("delivered");
    expect(nextStateAfter("skipped", message, at(0)).status).toBe("skipped");
    expect(nextStateAfter("invalid", message, at(0)).status).toBe("dead");
  });
});
