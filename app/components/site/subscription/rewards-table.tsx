import { REWARD_TIERS } from "./plans";

const points = new Intl.NumberFormat("en-AU");

/** The rewards tiers as a table (spec public-site 3); a customer's own balance comes with sign-in. */
export function RewardsTable() {
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-white">
      <table className="w-full text-left">
        <caption className="sr-only">Rewards tiers: points needed and discount</caption>
        <thead className="border-b border-line bg-ivory-deep text-xs tracking-[0.15em] text-ink-soft uppercase">
          <tr>
            <th scope="col" className="px-6 py-4 font-semibold">
              Tier
            </th>
            <th scope="col" className="px-6 py-4 font-semibold">
              Points needed
            </th>
            <th scope="col" className="px-6 py-4 font-semibold">
              Discount
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {REWARD_TIERS.map((tier) => (
            <tr key={tier.name}>
              <th scope="row" className="px-6 py-4 font-display text-xl font-medium">
                {tier.name}
              </th>
              <td className="px-6 py-4 tabular-nums">{points.format(tier.points)}</td>
              <td className="px-6 py-4 tabular-nums">{tier.discountPercent}% off</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
