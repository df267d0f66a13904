import { Award } from "lucide-react";
import { Link } from "react-router";
import { IconBadge } from "~/components/ui/icon-badge";

export type RewardsPanelData = {
  points: number;
  tierName: string;
  discountPercent: number;
  next: { tierName: string; pointsNeeded: number } | null;
} | null;

const number = new Intl.NumberFormat("en-AU");

/**
 * The subscription page's rewards panel (docs/product/public-site.md#subscription-plans-and-rewards): the signed-in
 * customer's real points and tier (the spec's fixed 750 bronze was sample data,
 * docs/decisions/0012-real-customer-data.md); a visitor who is not signed in gets a sign-in link.
 */
export function RewardsStatusPanel({ rewards }: { rewards: RewardsPanelData }) {
  if (!rewards) {
    return (
      <p className="mt-6 text-center text-sm text-ink-soft">
        Already a customer?{" "}
        <Link
          to="/sign-in?redirectTo=%2Fsubscription%23rewards"
          className="font-semibold text-ink underline underline-offset-4"
        >
          Sign in to see your points
        </Link>
        .
      </p>
    );
  }
  return (
    <section
      aria-labelledby="your-rewards-title"
      data-testid="rewards-status"
      className="mb-8 flex flex-col gap-5 rounded-lg border border-gold/50 bg-white p-6 sm:flex-row sm:items-center sm:p-8"
    >
      <IconBadge icon={Award} />
      <div>
        <h3 id="your-rewards-title" className="font-display text-2xl font-medium">
          Your rewards: {rewards.tierName}
        </h3>
        <p className="mt-1 text-ink-soft">
          <strong className="text-ink tabular-nums">{number.format(rewards.points)} points</strong>,{" "}
          {rewards.discountPercent}% off your bookings.
          {rewards.next &&
            ` ${number.format(rewards.next.pointsNeeded)} more points to ${rewards.next.tierName}.`}
        </p>
      </div>
    </section>
  );
}
