import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { SHARE_IMAGE, shareImageAlt } from "./share-image";
import { DEFAULT_BUSINESS_PROFILE } from "~/features/settings/business-profile-defaults";
import { SITE_LAYOUT_ID, type SiteData } from "~/components/site/site-data";

type MetaArgs = {
  error?: unknown;
  location?: { pathname: string };
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
};

/** The layout's data as a page's meta function sees it. */
export function siteDataOf(args: Pick<MetaArgs, "matches">) {
  const layout = args.matches.find((match) => match?.id === SITE_LAYOUT_ID);
  return layout?.data as SiteData | undefined;
}

/**
 * "Page | Business name" with a description, the canonical address (PUBLIC_URL and the path,
 * without the query) and the Open Graph tags with the 1200x630 share image (absolute, from
 * PUBLIC_URL), shown large on X as well; an error thrown by the page's loader wins, and an
 * error page is never indexed.
 */
export function pageMeta(args: MetaArgs, title: string, description: string): MetaDescriptor[] {
  const site = siteDataOf(args);
  const name = site?.profile.name ?? DEFAULT_BUSINESS_PROFILE.name;
  if (args.error) {
    const notFound = isRouteErrorResponse(args.error) && args.error.status === 404;
    return [
      { title: `${notFound ? "Page not found" : "Something went wrong"} | ${name}` },
      { name: "robots", content: "noindex" },
    ];
  }
  const fullTitle = `${title} | ${name}`;
  const url =
    site?.publicUrl && args.location ? `${site.publicUrl}${args.location.pathname}` : undefined;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    ...(url ? [{ tagName: "link", rel: "canonical", href: url }] : []),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: name },
    { property: "og:locale", content: "en_AU" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    ...(url ? [{ property: "og:url", content: url }] : []),
    ...(site?.publicUrl
      ? [
          { property: "og:image", content: `${site.publicUrl}${SHARE_IMAGE.path}` },
          { property: "og:image:type", content: "image/png" },
          { property: "og:image:width", content: String(SHARE_IMAGE.width) },
          { property: "og:image:height", content: String(SHARE_IMAGE.height) },
          { property: "og:image:alt", content: shareImageAlt(name) },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
