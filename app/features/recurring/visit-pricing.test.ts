import { describe, expect, test } from "vitest";
import { discountedVisitCents, PLAN_FREQUENCY, planVisitCents } from "./visit-pricing";

describe("a visit's price", () => {
  test("takes the frequency's discount off the quoted total", () => {
    expect(discountedVisitCents(20000, "one_off")).toBe(20000);
    expect(discountedVisitCents(20000, "every_4_weeks")).toBe(19000);
    expect(discountedVisitCents(20000, "fortnightly")).toBe(18000);
    expect(discountedVisitCents(20000, "weekly")).toBe(17000);
  });

  test("spreads a plan's twelve monthly prices over a year's visits", () => {
    // docs/product/public-site.md#business-constants-and-limits: $149, $249 and $599 a month.
    const monthly = { basic: 14900, premium: 24900, business: 59900 } as const;
    const visit = Object.fromEntries(
      (["basic", "premium", "business"] as const).map((id) => [
        id,
        planVisitCents(monthly[id], PLAN_FREQUENCY[id]),
      ]),
    );
    expect(visit).toEqual({ basic: 13754, premium: 11492, business: 13823 });
  });
});
