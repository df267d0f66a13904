import { describe, expect, test } from "vitest";
import { parseDashboardPeriod } from "./dashboard.schema";
import { hourRanges, periodRanges, sydneyMonthsBetween } from "./dashboard-time";
import { growthOf } from "./growth";

describe("dashboard rules", () => {
  test("the period is 7, 30 or 90 days, and anything else reads as 30", () => {
    expect(parseDashboardPeriod("7")).toBe(7);
    expect(parseDashboardPeriod("90")).toBe(90);
    expect(parseDashboardPeriod(null)).toBe(30);
    expect(parseDashboardPeriod("365")).toBe(30);
    expect(parseDashboardPeriod("<script>")).toBe(30);
  });

  test("growth from 100 to 150 is +50%, from 0 is new, and 0 to 0 is nothing", () => {
    expect(growthOf(150, 100)).toEqual({ kind: "percent", value: 50 });
    expect(growthOf(50, 100)).toEqual({ kind: "percent", value: -50 });
    expect(growthOf(100, 100)).toEqual({ kind: "percent", value: 0 });
    expect(growthOf(5, 0)).toEqual({ kind: "new" });
    expect(growthOf(0, 0)).toEqual({ kind: "none" });
    // A loss halved is an improvement.
    expect(growthOf(-50, -100)).toEqual({ kind: "percent", value: 50 });
  });

  test("a period's part hours are read on the side of their hour with fewer rows", () => {
    const at = (time: string) => new Date(`2026-11-20T${time}Z`).getTime();
    const iso = (part: { from: number; to: number; sign: number }) => ({
      ...part,
      from: new Date(part.from).toISOString().slice(11, 19),
      to: new Date(part.to).toISOString().slice(11, 19),
    });
    // Ending now at 05:40: the whole hour from 05:00 less the rows after now (there are none).
    const endingNow = hourRanges(at("01:10:00"), at("05:40:00"), at("05:40:00"));
    expect(endingNow.hours).toEqual({ from: "2026-11-20T01", to: "2026-11-20T06" });
    expect(endingNow.parts.map(iso)).toEqual([
      { from: "01:00:00", to: "01:10:00", sign: -1 },
      { from: "05:40:00", to: "06:00:00", sign: -1 },
    ]);
    // Ending in the past: each end reads its shorter side.
    const past = hourRanges(at("01:50:00"), at("05:20:00"), at("09:00:00"));
    expect(past.hours).toEqual({ from: "2026-11-20T02", to: "2026-11-20T05" });
    expect(past.parts.map(iso)).toEqual([
      { from: "01:50:00", to: "02:00:00", sign: 1 },
      { from: "05:00:00", to: "05:20:00", sign: 1 },
    ]);
    // On the hour, nothing is read row by row; inside one hour, everything is.
    expect(hourRanges(at("01:00:00"), at("05:00:00"), at("05:00:00")).parts).toEqual([]);
    expect(hourRanges(at("01:10:00"), at("01:50:00"), at("05:00:00")).parts.map(iso)).toEqual([
      { from: "01:10:00", to: "01:50:00", sign: 1 },
    ]);
  });

  test("the previous period ends where the chosen one begins", () => {
    const now = new Date("2026-11-20T01:00:00.000Z");
    const ranges = periodRanges(now, 7);
    expect(ranges.start.toISOString()).toBe("2026-11-13T01:00:00.000Z");
    expect(ranges.previousStart.toISOString()).toBe("2026-11-06T01:00:00.000Z");
  });

  test("Sydney months start at Sydney midnight, daylight saving included, clipped to the period", () => {
    const from = new Date("2026-06-15T00:00:00.000Z");
    const to = new Date("2026-11-20T01:00:00.000Z");
    const months = sydneyMonthsBetween(from, to);
    expect(months.map((m) => m.key)).toEqual([
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
    expect(months[0]!.start).toEqual(from);
    expect(months[1]!.start.toISOString()).toBe("2026-06-30T14:00:00.000Z"); // AEST
    expect(months.at(-1)!.start.toISOString()).toBe("2026-10-31T13:00:00.000Z"); // AEDT
    expect(months.at(-1)!.end).toEqual(to);
    // Each month ends where the next begins.
    for (let i = 0; i + 1 < months.length; i++)
      expect(months[i]!.end).toEqual(months[i + 1]!.start);
    // A week inside one month is one bar.
    expect(sydneyMonthsBetween(new Date("2026-11-12T00:00:00Z"), to)).toHaveLength(1);
  });
});
