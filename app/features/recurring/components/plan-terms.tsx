import { formatMoney } from "~/lib/format";
import { FREQUENCY_LABELS } from "../frequencies";
import {
  FREQUENCY_DISCOUNT_PERCENT,
  PLAN_FREQUENCY,
  PLAN_VISIT_HOURS,
  planVisitCents,
} from "../visit-pricing";

type PlanTermsPlan = { id: keyof typeof PLAN_FREQUENCY; name: string; priceCents: number };

/**
 * docs/decisions/0072-plans-and-visit-prices.md in plain words: what each plan buys in visits,
 * and what one visit costs, as one total with GST included.
 */
export function PlanTerms({ plans }: { plans: readonly PlanTermsPlan[] }) {
  return (
    <section aria-labelledby="plan-terms-title" className="mx-auto mt-12 max-w-3xl text-ink-soft">
      <h3 id="plan-terms-title" className="font-display text-2xl font-medium text-ink">
        How a plan works
      </h3>
      <ul className="mt-4 grid gap-2">
        {plans.map((plan) => {
          const frequency = PLAN_FREQUENCY[plan.id];
          return (
            <li key={plan.id}>
              <strong className="text-ink">{plan.name}</strong>:{" "}
              {FREQUENCY_LABELS[frequency].toLowerCase()}, charged{" "}
              {formatMoney(planVisitCents(plan.priceCents, frequency))} after each clean, GST
              included. Over a year that is {formatMoney(plan.priceCents)} a month.
            </li>
          );
        })}
      </ul>
      <p className="mt-4">
        Each plan visit covers a clean of up to {PLAN_VISIT_HOURS} cleaner-hours. For a larger home
        or office, get a quote and choose how often when you book: weekly visits are{" "}
        {FREQUENCY_DISCOUNT_PERCENT.weekly}% off, fortnightly{" "}
        {FREQUENCY_DISCOUNT_PERCENT.fortnightly}% off and every 4 weeks{" "}
        {FREQUENCY_DISCOUNT_PERCENT.every_4_weeks}% off the quoted price. A skipped or paused visit
        is not charged, and every price shown is the total you pay.
      </p>
    </section>
  );
}
