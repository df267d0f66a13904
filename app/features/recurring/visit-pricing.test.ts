import { describe, expect, test } from "vitest";
import { PLANS } from "~/features/subscription/components/plans";
import { discountedVisitCents, PLAN_FREQUENCY, planVisitCents } from "./visit-pricing";

describe("a visit's price", () => {
  test("takes the frequency's discount off the quoted total", () => {
    expect(discountedVisitCents(20000, "one_off")).toBe(20000);
    expect(discountedVisitCents(20000, "every_4_weeks")).toBe(19000);
    expect(discountedVisitCents(20000, "fortnightly")).toBe(18000);
    expect(discountedVisitCents(20000, "weekly")).toBe(17000);
  });

  test("spreads a plan's twelve monthly prices over a year's visits", () => {
    const visit = Object.fromEntries(
      PLANS.map((plan) => [plan.id, planVisitCents(plan.priceCents, PLAN_FREQUENCY[plan.id])]),
    );
    expect(visit).toEqual({ basic: 13754, premium: 11492, business: 13823 });
  });
});
