import { cleanerAppManifest } from "~/features/cleaner-app/web-manifest";
import { siteContentFor } from "~/features/site-content/content-cache.server";
import type { Route } from "./+types/manifest-webmanifest";

// /manifest.webmanifest: what makes the cleaner's app installable
// (docs/decisions/0063-cleaner-app-sign-in.md). The same for everyone; nobody's data.

export async function loader({ context }: Route.LoaderArgs) {
  const { profile } = await siteContentFor(context);
  return new Response(JSON.stringify(cleanerAppManifest(profile.name)), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
