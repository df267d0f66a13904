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

/** The tier's discount on a booking of `totalCents`: whole cents, never more than the price. */
export function rewardsDiscountCents(totalCents: number, tier: RewardsTier) {
  return Math.max(0, Math.min(totalCents, Math.round((totalCents * tier.discountPercent) / 100)));
}

/**
 * The rewards line shown before a booking is made (docs/decisions/0047-rewards-follow-the-email.md).
 * `exact` when the visitor proved the quote's email by signing in: their own tier. Otherwise the
 * Bronze floor every booking gets, so a page never tells a stranger another email's tier.
 */
export type RewardsOffer = {
  exact: boolean;
  tierName: string;
  discountPercent: number;
  discountCents: number;
  toPayCents: number;
};

export function rewardsOfferFor(totalCents: number, points: number | null): RewardsOffer {
  const tier = tierFor(points ?? 0);
  const discountCents = rewardsDiscountCents(totalCents, tier);
  return {
    exact: points !== null,
    tierName: tier.name,
    discountPercent: tier.discountPercent,
    discountCents,
    toPayCents: totalCents - discountCents,
  };
}
