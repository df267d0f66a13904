import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import { sumPaidCentsOfCustomer } from "./customers.repository.server";
import type { RewardsPanelData } from "./components/rewards-status-panel";
import {
  rewardsOfferFor,
  rewardsStatusFor,
  type RewardsOffer,
  type RewardsStatus,
} from "~/features/rewards/rewards";

// Rewards of a customer (docs/decisions/0012-real-customer-data.md): derived from what they paid every time they are read.

/** The customer's points, tier and next tier. */
export async function rewardsStatusOf(
  db: Kysely<Database>,
  customerId: string,
): Promise<RewardsStatus> {
  return rewardsStatusFor(await sumPaidCentsOfCustomer(db, customerId));
}

/**
 * The rewards line of a quote not yet booked: the customer's own tier when they proved the quote's
 * email by signing in, else the Bronze floor (docs/decisions/0047-rewards-follow-the-email.md).
 */
export async function rewardsOfferForQuote(
  db: Kysely<Database>,
  provenCustomerId: string | null,
  totalCents: number,
): Promise<RewardsOffer> {
  const points = provenCustomerId ? (await rewardsStatusOf(db, provenCustomerId)).points : null;
  return rewardsOfferFor(totalCents, points);
}

/** The subscription page's rewards panel: the signed-in customer's status, or null for a visitor. */
export async function rewardsPanelFor(
  db: Kysely<Database>,
  customerId: string | null,
): Promise<RewardsPanelData> {
  if (!customerId) return null;
  const status = await rewardsStatusOf(db, customerId);
  return {
    points: status.points,
    tierName: status.tier.name,
    discountPercent: status.tier.discountPercent,
    next: status.next
      ? { tierName: status.next.tier.name, pointsNeeded: status.next.pointsNeeded }
      : null,
  };
}
