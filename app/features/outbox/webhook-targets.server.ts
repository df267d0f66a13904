import type { Kysely } from "kysely";
import type { AppConfig } from "~/server/config.server";
import {
  WEBHOOK_PRODUCTION_URL_SETTING,
  WEBHOOK_TEST_URL_SETTING,
} from "~/features/settings/setting-keys";
import type { Database } from "~/server/database";
import { findSettingValues } from "./outbox.repository.server";
import type { WebhookRoute } from "./outbox.schema";

export type WebhookTargets = { production: string | null; test: string | null };

/**
 * The automation host's addresses in force. A URL saved in the admin settings wins over the
 * environment, so staff can change it without a deploy; an empty saved value falls back to the
 * environment. Read at each delivery, so a change applies to the next try in every process.
 */
export async function getWebhookTargets(
  db: Kysely<Database>,
  config: Pick<AppConfig, "WEBHOOK_PRODUCTION_URL" | "WEBHOOK_TEST_URL">,
): Promise<WebhookTargets> {
  const saved = await findSettingValues(db, [
    WEBHOOK_PRODUCTION_URL_SETTING,
    WEBHOOK_TEST_URL_SETTING,
  ]);
  return {
    production:
      savedUrl(saved.get(WEBHOOK_PRODUCTION_URL_SETTING)) ?? config.WEBHOOK_PRODUCTION_URL ?? null,
    test: savedUrl(saved.get(WEBHOOK_TEST_URL_SETTING)) ?? config.WEBHOOK_TEST_URL ?? null,
  };
}

/** The URLs one attempt tries, in order (docs/product/public-site.md#calls-and-webhooks: test first, then production). */
export function targetsForRoute(route: WebhookRoute, targets: WebhookTargets) {
  const ordered =
    route === "test_then_production" ? [targets.test, targets.production] : [targets.production];
  return ordered.filter((url): url is string => Boolean(url));
}

/** A saved URL; an empty one hands the choice back to the environment. */
function savedUrl(value: string | undefined) {
  return value || undefined;
}
