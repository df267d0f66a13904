import { describe, expect, it } from "vitest";
import { sydneyDate, sydneyInstant, sydneyMonth, sydneyMonthStart } from "./sydney-time";

const iso = (date: Date) => date.toISOString();

describe("Sydney time (docs/decisions/0009-sydney-time-and-money.md)", () => {
  it("turns a Sydney wall-clock time into the instant, in summer (+11) and in winter (+10)", () => {
    expect(iso(sydneyInstant("2026-12-01", "09:00"))).toBe("2026-11-30T22:00:00.000Z");
    expect(iso(sydneyInstant("2026-06-01", "09:00"))).toBe("2026-05-31T23:00:00.000Z");
  });

  it("gives the Sydney date and month of an instant, which may be UTC's next day", () => {
    expect(sydneyDate(new Date("2026-11-30T12:59:59Z"))).toBe("2026-11-30");
    expect(sydneyDate(new Date("2026-11-30T13:00:00Z"))).toBe("2026-12-01");
    expect(sydneyMonth(new Date("2026-11-30T13:00:00Z"))).toBe("2026-12");
  });

  it("keeps the days around daylight saving 23 and 25 hours long", () => {
    // Clocks go forward on Sunday 4 October 2026 and back on Sunday 5 April 2026.
    expect(iso(sydneyInstant("2026-10-04", "00:00"))).toBe("2026-10-03T14:00:00.000Z");
    expect(iso(sydneyInstant("2026-10-05", "00:00"))).toBe("2026-10-04T13:00:00.000Z");
    expect(iso(sydneyInstant("2026-04-05", "00:00"))).toBe("2026-04-04T13:00:00.000Z");
    expect(iso(sydneyInstant("2026-04-06", "00:00"))).toBe("2026-04-05T14:00:00.000Z");
  });

  it("finds a month's first midnight, on either side of a change and past December", () => {
    expect(iso(sydneyMonthStart(2026, 10))).toBe("2026-09-30T14:00:00.000Z");
    expect(iso(sydneyMonthStart(2026, 11))).toBe("2026-10-31T13:00:00.000Z");
    expect(iso(sydneyMonthStart(2026, 13))).toBe("2026-12-31T13:00:00.000Z");
  });
});
