import { Check } from "lucide-react";
import { REWARDS_TIERS } from "~/features/rewards/rewards";
import { REWARD_BENEFITS } from "./plans";

const points = new Intl.NumberFormat("en-AU");
const CELL = "px-3 py-4 align-top sm:px-6";

/** The rewards tiers as a table with each tier's benefits (docs/product/public-site.md#entities-and-fields and docs/product/public-site.md#business-constants-and-limits). */
export function RewardsTable() {
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-white">
      <table className="w-full text-left">
        <caption className="sr-only">Rewards tiers: points needed, discount and benefits</caption>
        <thead className="border-b border-line bg-ivory-deep text-xs tracking-[0.1em] text-ink-soft uppercase">
          <tr>
            <th scope="col" className={`${CELL} font-semibold`}>
              Tier
            </th>
            <th scope="col" className={`${CELL} font-semibold`}>
              Points
            </th>
            <th scope="col" className={`${CELL} font-semibold`}>
              Discount
            </th>
            <th scope="col" className={`${CELL} hidden font-semibold sm:table-cell`}>
              Benefits
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {REWARDS_TIERS.map((tier) => (
            <tr key={tier.id}>
              <th scope="row" className={`${CELL} font-normal`}>
                <span className="font-display text-xl font-medium">{tier.name}</span>
                {/* On phones the benefits sit under the tier's name, so the table never scrolls. */}
                <Benefits items={REWARD_BENEFITS[tier.id]} className="mt-3 sm:hidden" />
              </th>
              <td className={`${CELL} tabular-nums`}>{points.format(tier.threshold)}</td>
              <td className={`${CELL} whitespace-nowrap tabular-nums`}>
                {tier.discountPercent}% off
              </td>
              <td className={`${CELL} hidden sm:table-cell`}>
                <Benefits items={REWARD_BENEFITS[tier.id]} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Benefits({ items, className = "" }: { items: string[]; className?: string }) {
  return (
    <ul className={`space-y-1.5 text-sm text-ink-soft ${className}`}>
      {items.map((benefit) => (
        <li key={benefit} className="flex gap-2 leading-snug">
          <Check
            aria-hidden="true"
            className="mt-0.5 size-3.5 shrink-0 text-gold-deep"
            strokeWidth={1.75}
          />
          <span>{benefit}</span>
        </li>
      ))}
    </ul>
  );
}
