import type { Kysely } from "kysely";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { deliveryWarnings, type DeliveryWarnings } from "./deliveries.service.server";
import type { DeliveryBanner } from "./delivery-banner";
import {
  findBannerDismissal,
  findLastDeliveredAt,
  saveBannerDismissal,
} from "./outbox.repository.server";
import { getWebhookTargets } from "./webhook-targets.server";

const UNDELIVERED_LIST = 20;
const TARGETS_SHOWN = 3;
const HOUR = 60 * 60 * 1000;

type BannerViewer = {
  config: Pick<AppConfig, "WEBHOOK_PRODUCTION_URL" | "WEBHOOK_TEST_URL">;
  /** The staff member looking: their dismissal hides what was already showing. */
  staffId: string;
};

/**
 * The admin banner's content (docs/decisions/0008-webhook-outbox.md), or null when there is
 * nothing to warn this staff member about. A warning clears once a later delivery to the same
 * target succeeded, or once its webhook URL is no longer configured (settings or environment);
 * a staff member's Dismiss hides it until a warning begins after the dismissal.
 */
export async function getDeliveryBanner(
  db: Kysely<Database>,
  viewer: BannerViewer,
  now = new Date(),
): Promise<DeliveryBanner | null> {
  const warnings = await deliveryWarnings(db, now);
  const configured = await getWebhookTargets(db, viewer.config);
  const stillConfigured = (target: string) =>
    !isWebhookUrl(target) || target === configured.production || target === configured.test;

  const failingTargets = warnings.failingTargets.filter((failing) =>
    stillConfigured(failing.target),
  );
  const delivered = await findLastDeliveredAt(
    db,
    warnings.undelivered.flatMap((message) =>
      message.lastFailure ? [message.lastFailure.target] : [],
    ),
  );
  const undelivered = warnings.undelivered.filter((message) => {
    if (!message.lastFailure) return true;
    const { target, at } = message.lastFailure;
    const recovered = (delivered.get(target) ?? "") > at;
    return !recovered && stillConfigured(target);
  });
  if (failingTargets.length === 0 && undelivered.length === 0) return null;

  const dismissedAt = await findBannerDismissal(db, viewer.staffId);
  if (dismissedAt && latestStart(failingTargets, undelivered) <= dismissedAt) return null;

  return {
    failingTargets: failingTargets
      .slice(0, TARGETS_SHOWN)
      .map(({ target, consecutiveFailures }) => ({ target, consecutiveFailures })),
    undelivered: undelivered.length,
    undeliveredCapped: warnings.undelivered.length >= UNDELIVERED_LIST,
  };
}

/** Staff's Dismiss: hides the warnings showing now, for this staff member only. */
export async function dismissDeliveryBanner(
  db: Kysely<Database>,
  staffId: string,
  now = new Date(),
) {
  await saveBannerDismissal(db, staffId, now.toISOString());
}

/** When the newest warning began: a target's fifth failure in a row, a message's first hour. */
function latestStart(
  failingTargets: DeliveryWarnings["failingTargets"],
  undelivered: DeliveryWarnings["undelivered"],
) {
  const starts = [
    ...failingTargets.map((failing) => failing.failingSince),
    ...undelivered.map((message) =>
      new Date(new Date(message.createdAt).getTime() + HOUR).toISOString(),
    ),
  ];
  return starts.sort().at(-1) ?? "";
}

function isWebhookUrl(target: string) {
  return target.startsWith("http://") || target.startsWith("https://");
}
