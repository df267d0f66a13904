import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import { sumPaidCentsOfCustomer } from "./customers.repository.server";
import type { RewardsPanelData } from "./components/rewards-status-panel";
import { rewardsStatusFor, type RewardsStatus, type RewardsTierId } from "./rewards";

// Rewards of a customer (docs/decisions/0012-real-customer-data.md): derived from what they paid every time they are read.

/** The customer's points, tier and next tier. */
export async function rewardsStatusOf(
  db: Kysely<Database>,
  customerId: string,
): Promise<RewardsStatus> {
  return rewardsStatusFor(await sumPaidCentsOfCustomer(db, customerId));
}

/**
 * For the booking feature's order summary: the discount the customer's tier gives on a new
 * booking. Takes a transaction too, so the booking can read it where it stores the discount.
 */
export async function rewardsDiscountFor(
  db: Kysely<Database>,
  customerId: string,
): Promise<{ tier: RewardsTierId; points: number; discountPercent: number }> {
  const status = await rewardsStatusOf(db, customerId);
  return {
    tier: status.tier.id,
    points: status.points,
    discountPercent: status.tier.discountPercent,
  };
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
