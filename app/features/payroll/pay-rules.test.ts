import { describe, expect, test } from "vitest";
import {
  baseCents,
  labourCostCents,
  loadingFor,
  paidMinutes,
  rateFor,
  superCents,
  superRatePercent,
} from "./pay-rules";
import { isPeriod, periodContaining, recentPeriods } from "./pay-periods";

const LOADINGS = { saturdayPercent: 25, sundayPercent: 50, publicHolidayPercent: 150 };

describe("pay rules", () => {
  test("a service's own rate beats the cleaner's, which beats the business's", () => {
    const basis = {
      employmentType: "contractor" as const,
      rateCents: 3400,
      serviceRates: { commercial: 3800 },
    };
    expect(rateFor(basis, "commercial", 3200)).toBe(3800);
    expect(rateFor(basis, "residential", 3200)).toBe(3400);
    expect(rateFor({ ...basis, rateCents: null, serviceRates: {} }, "residential", 3200)).toBe(
      3200,
    );
  });

  test("Saturdays, Sundays and NSW public holidays carry their loading; holidays never stack", () => {
    expect(loadingFor("2026-12-02", LOADINGS)).toEqual({ kind: null, percent: 0 });
    expect(loadingFor("2026-12-05", LOADINGS)).toEqual({ kind: "saturday", percent: 25 });
    expect(loadingFor("2026-12-06", LOADINGS)).toEqual({ kind: "sunday", percent: 50 });
    // Christmas 2026 is a Friday; Boxing Day a Saturday, paid as the holiday only.
    expect(loadingFor("2026-12-25", LOADINGS)).toEqual({ kind: "public_holiday", percent: 150 });
    expect(loadingFor("2026-12-26", LOADINGS)).toEqual({ kind: "public_holiday", percent: 150 });
  });

  test("a line pays minutes x rate x loading, to the cent", () => {
    // 4 h 3 min at $34 with a 25% Saturday loading: 4.05 x 34 x 1.25 = $172.125
    expect(baseCents(243, 3400, 25)).toBe(17213);
    expect(baseCents(90, 3200, 0)).toBe(4800);
  });

  test("hours come from check-in and check-out, else the estimate's share, marked estimated", () => {
    expect(
      paidMinutes({
        checkedInAt: "2026-12-02T22:02:00.000Z",
        checkedOutAt: "2026-12-03T02:05:00.000Z",
        shareOfEstimateHours: 2,
      }),
    ).toEqual({ minutes: 243, estimated: false });
    expect(
      paidMinutes({ checkedInAt: null, checkedOutAt: null, shareOfEstimateHours: 2.5 }),
    ).toEqual({ minutes: 150, estimated: true });
    // A check-out before the check-in, or a day longer than 16 hours, is not believed.
    expect(
      paidMinutes({
        checkedInAt: "2026-12-03T02:00:00.000Z",
        checkedOutAt: "2026-12-02T22:00:00.000Z",
        shareOfEstimateHours: 3,
      }),
    ).toEqual({ minutes: 180, estimated: true });
  });

  test("a check-out in the same minute as the check-in measured nothing: the estimate's share is paid", () => {
    const seat = { checkedInAt: "2026-12-02T22:00:00.000Z", shareOfEstimateHours: 2.5 };
    const estimate = { minutes: 150, estimated: true };
    expect(paidMinutes({ ...seat, checkedOutAt: "2026-12-02T22:00:00.000Z" })).toEqual(estimate);
    expect(paidMinutes({ ...seat, checkedOutAt: "2026-12-02T22:00:20.000Z" })).toEqual(estimate);
    // 59 seconds rounded would be a minute, paid as one: still under a minute, still the estimate.
    expect(paidMinutes({ ...seat, checkedOutAt: "2026-12-02T22:00:59.999Z" })).toEqual(estimate);
    expect(paidMinutes({ ...seat, checkedOutAt: "2026-12-02T22:01:00.000Z" })).toEqual({
      minutes: 1,
      estimated: false,
    });
  });

  test("super is 12% of an employee's ordinary earnings from 1 July 2025, 11.5% before, none for contractors", () => {
    expect(superRatePercent("2025-06-30")).toBe(11.5);
    expect(superRatePercent("2025-07-01")).toBe(12);
    const line = { base_cents: 10000, adjustment_cents: 2500, work_date: "2026-12-03" };
    expect(superCents("employee", line)).toBe(1200);
    expect(superCents("employee", { ...line, work_date: "2025-06-30" })).toBe(1150);
    expect(superCents("contractor", line)).toBe(0);
    // Labour cost: what the cleaner earns (adjustments included) plus super on the base.
    expect(labourCostCents("employee", line)).toBe(13700);
    expect(labourCostCents("contractor", line)).toBe(12500);
  });
});

describe("pay periods", () => {
  test("weeks run Monday to Sunday; fortnights from a fixed Monday", () => {
    expect(periodContaining("2026-12-03", "weekly")).toEqual({
      start: "2026-11-30",
      end: "2026-12-06",
    });
    const fortnight = periodContaining("2026-12-03", "fortnightly");
    expect(fortnight.end).toBe(
      new Date(Date.parse(`${fortnight.start}T00:00:00Z`) + 13 * 86_400_000)
        .toISOString()
        .slice(0, 10),
    );
    expect(periodContaining(fortnight.end, "fortnightly")).toEqual(fortnight);
    expect(isPeriod("2026-11-30", "2026-12-06", "weekly")).toBe(true);
    expect(isPeriod("2026-12-01", "2026-12-07", "weekly")).toBe(false);
  });

  test("the periods offered are the ones before today's, latest first", () => {
    const [latest, before] = recentPeriods("2026-12-10", "weekly", 2);
    expect(latest).toEqual({ start: "2026-11-30", end: "2026-12-06" });
    expect(before).toEqual({ start: "2026-11-23", end: "2026-11-29" });
  });
});
