import type { Frequency, RepeatingFrequency } from "./frequencies";

// docs/decisions/0072-plans-and-visit-prices.md: what a visit of a series costs. A quoted job
// repeated on a schedule costs its quote's total less the frequency's discount; a plan is a
// fixed frequency whose monthly price, spread over a year's visits, is charged after each clean.
// Every figure is GST-inclusive cents (docs/decisions/0009-sydney-time-and-money.md).

/** Percent off a quoted job's total for each visit of a series. */
export const FREQUENCY_DISCOUNT_PERCENT: Record<Frequency, number> = {
  one_off: 0,
  weekly: 15,
  fortnightly: 10,
  every_4_weeks: 5,
};

const VISITS_PER_YEAR: Record<RepeatingFrequency, number> = {
  weekly: 52,
  fortnightly: 26,
  every_4_weeks: 13,
};

/** The plans and the frequency each one buys (plans.ts keeps their names and feature lists). */
export const PLAN_FREQUENCY = {
  basic: "every_4_weeks",
  premium: "fortnightly",
  business: "weekly",
} as const satisfies Record<string, RepeatingFrequency>;

/** The cleaner-hours a plan's visit covers; a longer job is quoted instead. */
export const PLAN_VISIT_HOURS = 3;

/** One visit of a quoted job on a schedule, discount taken. */
export function discountedVisitCents(quoteTotalCents: number, frequency: Frequency) {
  return Math.round((quoteTotalCents * (100 - FREQUENCY_DISCOUNT_PERCENT[frequency])) / 100);
}

/** One visit of a plan: its monthly price times twelve, shared by a year's visits. */
export function planVisitCents(monthlyCents: number, frequency: RepeatingFrequency) {
  return Math.round((monthlyCents * 12) / VISITS_PER_YEAR[frequency]);
}
