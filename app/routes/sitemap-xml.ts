import { buildSitemap } from "~/features/seo/seo.service.server";
import type { Route } from "./+types/sitemap-xml";

export async function loader({ context }: Route.LoaderArgs) {
  const xml = await buildSitemap(context.db, context.config.publicUrl);
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
