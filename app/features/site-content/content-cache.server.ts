import type { Kysely } from "kysely";
import type { HomeContent } from "~/components/site/home/home-content";
import { getBusinessRating } from "~/features/seo/seo.service.server";
import type { BusinessProfile } from "~/features/settings/business-profile";
import { getAnalyticsTagId, getBusinessProfile } from "~/features/settings/settings.service.server";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { readContentVersion } from "~/server/content-version.repository.server";
import { loadHomeContent } from "./home-content.server";

/** Everything the marketing pages render from the database, as one cached object. */
export type SiteContent = {
  version: number;
  profile: BusinessProfile;
  home: HomeContent;
  rating: { count: number; average: number | null };
  /** The analytics tag in force (docs/decisions/0016-analytics-only-when-configured.md), or null: then no third-party script loads */
  analyticsTagId: string | null;
};

type ContentConfig = Pick<AppConfig, "ANALYTICS_TAG_ID">;
type Cached = { version: number; content: Promise<SiteContent> };

// One cache per database handle (a process has one; a test may open two to play two processes).
const caches = new WeakMap<Kysely<Database>, Cached>();

/**
 * The public site's content (docs/architecture.md#where-state-lives): cached in the process and keyed by the content
 * version kept in the database, which is read on every call (one primary-key lookup). When another
 * process bumped it, the content is read again, so an edit shows everywhere on the next request.
 * While the database cannot answer, the last content read is served (the pages stay up); with
 * nothing read yet, the error is thrown.
 */
declare module "~/server/context" {
  interface AppContext {
    /**
     * The public site's content, read by server.ts before the headers of a public page (its CSP
     * depends on the analytics tag); loaders use it rather than reading it again.
     */
    siteContent?: SiteContent;
  }
}

export async function getSiteContent(
  db: Kysely<Database>,
  config: ContentConfig,
): Promise<SiteContent> {
  const cached = caches.get(db);
  let version: number;
  try {
    version = await readContentVersion(db);
  } catch (error) {
    if (cached) return cached.content;
    throw error;
  }
  if (cached && cached.version === version) return cached.content;

  const content = loadSiteContent(db, config, version);
  // Concurrent requests that see the same new version share one read.
  caches.set(db, { version, content });
  content.catch(() => {
    if (caches.get(db)?.content === content) {
      if (cached) caches.set(db, cached);
      else caches.delete(db);
    }
  });
  return content;
}

async function loadSiteContent(
  db: Kysely<Database>,
  config: ContentConfig,
  version: number,
): Promise<SiteContent> {
  const [profile, home, rating, analyticsTagId] = await Promise.all([
    getBusinessProfile(db),
    loadHomeContent(db),
    getBusinessRating(db),
    getAnalyticsTagId(db, config),
  ]);
  return { version, profile, home, rating, analyticsTagId };
}

/** For loaders: the content server.ts read for this request's headers, or a fresh read. */
export function siteContentFor(context: {
  db: Kysely<Database>;
  config: ContentConfig;
  siteContent?: SiteContent;
}) {
  return context.siteContent ?? getSiteContent(context.db, context.config);
}
