import { describe, expect, test } from "vitest";
import { isSessionLive, needsTouch, newSessionTimes } from "./sessions";

const HOUR = 60 * 60 * 1000;
const start = new Date("2026-11-22T00:00:00Z");
const later = (ms: number) => new Date(start.getTime() + ms);

describe("session lifetimes", () => {
  test("a new session lasts at most 7 days and is idle for at most 12 hours", () => {
    expect(newSessionTimes(start)).toEqual({
      created_at: "2026-11-22T00:00:00.000Z",
      last_seen_at: "2026-11-22T00:00:00.000Z",
      expires_at: "2026-11-29T00:00:00.000Z",
    });
  });

  test("a session seen 11 hours 59 minutes ago is live; one seen 12 hours ago is not", () => {
    const session = newSessionTimes(start);
    expect(isSessionLive(session, later(12 * HOUR - 60_000))).toBe(true);
    expect(isSessionLive(session, later(12 * HOUR))).toBe(false);
  });

  test("a session used every hour still ends 7 days after sign-in", () => {
    const session = { ...newSessionTimes(start) };
    session.last_seen_at = later(7 * 24 * HOUR - HOUR).toISOString();
    expect(isSessionLive(session, later(7 * 24 * HOUR - 1))).toBe(true);
    expect(isSessionLive(session, later(7 * 24 * HOUR))).toBe(false);
  });

  test("last_seen_at is rewritten at most once a minute", () => {
    const session = newSessionTimes(start);
    expect(needsTouch(session, later(59_999))).toBe(false);
    expect(needsTouch(session, later(60_000))).toBe(true);
  });
});
