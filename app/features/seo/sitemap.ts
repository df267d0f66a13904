// The public pages worth a search engine's visit (docs/product/public-site.md#routes): not the pages that need a
// reference or state (quote result, booking, payment), nor the personal ones (bookings, profile).
export const SITEMAP_PATHS = [
  "/",
  "/services",
  "/services/1",
  "/about",
  "/contact",
  "/subscription",
  "/policies",
  "/post-construction-form",
  "/work-with-us",
] as const;

export type SitemapEntry = { path: string; updatedAt?: string };

/** Text made safe inside XML (or Pango markup) content and attribute values. */
export function escapeXml(text: string) {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

export function sitemapXml(publicUrl: string, entries: SitemapEntry[]) {
  const urls = entries.map((entry) => {
    const lastmod = entry.updatedAt ? `<lastmod>${entry.updatedAt.slice(0, 10)}</lastmod>` : "";
    return `  <url><loc>${escapeXml(`${publicUrl}${entry.path}`)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

export function robotsTxt(publicUrl: string) {
  return [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /quote-result",
    "Disallow: /booking",
    "Disallow: /payment",
    "Disallow: /profile",
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
