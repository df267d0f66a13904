import { expect, vi } from "vitest";

/** Waits until `check` holds, asking every `interval` ms; fails the test after `timeout` ms. */
export function until(
  check: () => Promise<boolean> | boolean,
  { timeout = 5000, interval = 25 } = {},
) {
  return vi.waitFor(async () => expect(await check()).toBe(true), { timeout, interval });
}
