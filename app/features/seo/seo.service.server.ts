import type { Kysely } from "kysely";
import { listPublicCleanerPages } from "~/features/cleaners/public-profile.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import type { Database } from "~/server/database";
import { findBusinessRating } from "./seo.repository.server";
import { SITEMAP_PATHS, sitemapXml } from "./sitemap";
import { localBusinessJsonLd } from "./structured-data";

/** The business's JSON-LD from the live profile and the verified reviews. */
export async function getBusinessJsonLd(db: Kysely<Database>, publicUrl: string) {
  const [profile, rating] = await Promise.all([getBusinessProfile(db), findBusinessRating(db)]);
  return localBusinessJsonLd(profile, publicUrl, rating);
}

/** sitemap.xml: the public pages and every working cleaner's profile. */
export async function buildSitemap(db: Kysely<Database>, publicUrl: string) {
  const cleaners = await listPublicCleanerPages(db);
  return sitemapXml(publicUrl, [...SITEMAP_PATHS.map((path) => ({ path })), ...cleaners]);
}
