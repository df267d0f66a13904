import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { CheckList } from "~/components/ui/check-list";
import { PLANS } from "./plans";
import { formatWholeMoney } from "~/lib/format";

/** The id of the request form's section, the target of every Subscribe Now link. */
export const SUBSCRIBE_SECTION_ID = "subscribe";

/**
 * The three plans. Subscribe Now (docs/decisions/0014-buttons-that-work.md) is a link that chooses the plan in the request form below
 * (`?plan=`), so it works before JavaScript loads.
 */
export function PlanCards() {
  return (
    <ul className="grid gap-6 lg:grid-cols-3 lg:items-stretch">
      {PLANS.map((plan) => (
        <li
          key={plan.name}
          className={`relative flex flex-col rounded-lg border bg-white p-8 ${
            plan.popular ? "border-gold shadow-xl shadow-ink/10 ring-1 ring-gold" : "border-line"
          }`}
        >
          {plan.popular && (
            <p className="absolute -top-3.5 left-8 rounded-full bg-ink px-3 py-1 text-xs font-semibold tracking-[0.15em] text-ivory uppercase">
              Most Popular
            </p>
          )}
          <h3 className="font-display text-3xl font-medium">{plan.name}</h3>
          <p className="mt-2 leading-relaxed text-ink-soft">{plan.audience}</p>
          <p className="mt-6 flex items-baseline gap-1.5">
            <span className="font-display text-5xl font-medium">
              {formatWholeMoney(plan.priceCents)}
            </span>
            <span className="text-ink-soft">per month</span>
          </p>
          <p className="mt-1 text-sm text-muted">GST included</p>
          <CheckList
            items={plan.features}
            className="mt-6 flex-1 border-t border-line pt-6 text-ink-soft"
          />
          <Link
            to={`?plan=${plan.id}#${SUBSCRIBE_SECTION_ID}`}
            preventScrollReset
            className={buttonClasses(plan.popular ? "ink" : "outline", "mt-8 w-full")}
          >
            Subscribe Now
            <span className="sr-only"> to the {plan.name} plan</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
