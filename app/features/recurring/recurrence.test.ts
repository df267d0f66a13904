import { describe, expect, test } from "vitest";
import { describeSeries, frequencyOf, occurrenceDates, seriesRule } from "./recurrence";

describe("a series' rule", () => {
  test("is an RFC 5545 weekly rule on the first date's weekday", () => {
    expect(seriesRule("weekly", "2026-12-01")).toBe("FREQ=WEEKLY;INTERVAL=1;BYDAY=TU");
    expect(seriesRule("fortnightly", "2026-12-03")).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=TH");
    expect(seriesRule("every_4_weeks", "2026-12-06")).toBe("FREQ=WEEKLY;INTERVAL=4;BYDAY=SU");
  });

  test("reads back as the frequency it was written from", () => {
    for (const frequency of ["weekly", "fortnightly", "every_4_weeks"] as const) {
      expect(frequencyOf(seriesRule(frequency, "2026-12-01"))).toBe(frequency);
    }
    expect(frequencyOf("FREQ=MONTHLY;BYMONTHDAY=1")).toBeNull();
  });

  test("gives every second Tuesday from the first date, across daylight saving's end", () => {
    const rule = seriesRule("fortnightly", "2027-03-23");
    expect(occurrenceDates(rule, "2027-03-23", "2027-03-01", "2027-05-01")).toEqual([
      "2027-03-23",
      "2027-04-06",
      "2027-04-20",
    ]);
  });

  test("starts counting at the first date, not at the window's start", () => {
    const rule = seriesRule("every_4_weeks", "2026-12-01");
    expect(occurrenceDates(rule, "2026-12-01", "2026-12-10", "2027-02-28")).toEqual([
      "2026-12-29",
      "2027-01-26",
      "2027-02-23",
    ]);
  });

  test("is worded the way the product writes times", () => {
    expect(describeSeries(seriesRule("fortnightly", "2026-12-01"), "2026-12-01", "09:00")).toBe(
      "every second Tuesday at 9:00 AM",
    );
    expect(describeSeries(seriesRule("weekly", "2026-12-04"), "2026-12-04", "13:00")).toBe(
      "every Friday at 1:00 PM",
    );
    expect(describeSeries(seriesRule("every_4_weeks", "2026-12-02"), "2026-12-02", "08:00")).toBe(
      "every 4 weeks on Wednesday at 8:00 AM",
    );
  });
});
