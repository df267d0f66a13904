import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import { deliveryWarnings } from "./deliveries.service.server";
import type { DeliveryBanner } from "./delivery-banner";

const UNDELIVERED_LIST = 20;
const TARGETS_SHOWN = 3;

/** The admin banner's content, or null when every target is healthy and nothing is overdue. */
export async function getDeliveryBanner(
  db: Kysely<Database>,
  now = new Date(),
): Promise<DeliveryBanner | null> {
  const warnings = await deliveryWarnings(db, now);
  if (warnings.failingTargets.length === 0 && warnings.undelivered.length === 0) return null;
  return {
    failingTargets: warnings.failingTargets
      .slice(0, TARGETS_SHOWN)
      .map(({ target, consecutiveFailures }) => ({ target, consecutiveFailures })),
    undelivered: warnings.undelivered.length,
    undeliveredCapped: warnings.undelivered.length >= UNDELIVERED_LIST,
  };
}
