import { getShareImage, shareImageTag } from "~/features/seo/seo.service.server";
import { siteContentFor } from "~/features/site-content/content-cache.server";
import type { Route } from "./+types/og-image";

// The Open Graph share image (meta.ts points og:image here). A stable address; crawlers may keep
// it a day, and revalidate cheaply with the content version as the ETag (checked before drawing).
export async function loader({ request, context }: Route.LoaderArgs) {
  const site = await siteContentFor(context);
  const tag = shareImageTag(site.version);
  const headers = {
    "Content-Type": "image/png",
    "Cache-Control": "public, max-age=86400",
    ETag: tag,
  };
  if (request.headers.get("if-none-match") === tag) {
    return new Response(null, { status: 304, headers });
  }
  const png = await getShareImage(context.db, context.config, {
    version: site.version,
    businessName: site.profile.name,
  });
  return new Response(new Uint8Array(png), { headers });
}
