import type { Kysely } from "kysely";
import { listPublicCleanerPages } from "~/features/cleaners/public-profile.service.server";
import type { AppConfig } from "~/server/config.server";
import type { Database } from "~/server/database";
import { findBusinessRating } from "./seo.repository.server";
import { renderShareImage } from "./share-image.server";
import { SITEMAP_PATHS, sitemapXml } from "./sitemap";

/** Count and average of every verified review, for the business's JSON-LD (structured-data.ts). */
export function getBusinessRating(db: Kysely<Database>) {
  return findBusinessRating(db);
}

/** sitemap.xml: the public pages and every working cleaner's profile. */
export async function buildSitemap(db: Kysely<Database>, publicUrl: string) {
  const cleaners = await listPublicCleanerPages(db);
  return sitemapXml(publicUrl, [...SITEMAP_PATHS.map((path) => ({ path })), ...cleaners]);
}

// The share image is drawn once per content version (it shows the business name and the first
// hero photo) and kept in memory: about 0.3 s of sharp, then free.
let shareImage: { key: string; png: Promise<Buffer> } | undefined;

/** /og-image.png's ETag for a content version: it changes whenever the image can. */
export function shareImageTag(version: number) {
  return `"og-${version}"`;
}

/** /og-image.png for the content in force, as PNG bytes. */
export async function getShareImage(
  db: Kysely<Database>,
  config: Pick<AppConfig, "dataDir">,
  content: { version: number; businessName: string },
) {
  const key = `${content.version}:${content.businessName}`;
  if (shareImage?.key !== key) {
    const png = renderShareImage(db, config, content.businessName);
    shareImage = { key, png };
    png.catch(() => {
      if (shareImage?.png === png) shareImage = undefined;
    });
  }
  return shareImage.png;
}
