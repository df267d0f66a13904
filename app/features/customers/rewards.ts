// docs/product/public-site.md#entities-and-fields (Rewards tiers) and
// docs/decisions/0012-real-customer-data.md: 1 point per whole dollar paid; the tier is the
// highest whose threshold the points reach, and its discount applies to the next bookings.
// Points are derived from paid payments every time (never stored), so a refund takes its
// points back by itself.

export type RewardsTierId = "bronze" | "silver" | "gold" | "platinum";

export type RewardsTier = {
  id: RewardsTierId;
  name: string;
  /** Points needed to reach the tier */
  threshold: number;
  discountPercent: number;
};

/** docs/product/public-site.md#business-constants-and-limits: 5, 10, 15, 20 percent at 0, 1000, 5000, 10000 points. */
export const REWARDS_TIERS: readonly RewardsTier[] = [
  { id: "bronze", name: "Bronze", threshold: 0, discountPercent: 5 },
  { id: "silver", name: "Silver", threshold: 1000, discountPercent: 10 },
  { id: "gold", name: "Gold", threshold: 5000, discountPercent: 15 },
  { id: "platinum", name: "Platinum", threshold: 10000, discountPercent: 20 },
];

/** Whole dollars of what was paid: 1 point per dollar, cents never round up. */
export function pointsForPaidCents(paidCents: number) {
  return Math.max(0, Math.floor(paidCents / 100));
}

/** The tier `points` reach. */
export function tierFor(points: number): RewardsTier {
  let reached = REWARDS_TIERS[0]!;
  for (const tier of REWARDS_TIERS) if (points >= tier.threshold) reached = tier;
  return reached;
}

/** The next tier up and the points still needed for it, or null at the top tier. */
export function nextTierFor(points: number) {
  const next = REWARDS_TIERS.find((tier) => tier.threshold > points);
  return next ? { tier: next, pointsNeeded: next.threshold - points } : null;
}

export type RewardsStatus = {
  points: number;
  tier: RewardsTier;
  next: ReturnType<typeof nextTierFor>;
};

export function rewardsStatusFor(paidCents: number): RewardsStatus {
  const points = pointsForPaidCents(paidCents);
  return { points, tier: tierFor(points), next: nextTierFor(points) };
}
