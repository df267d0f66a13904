import { isRouteErrorResponse } from "react-router";
import { DEFAULT_BUSINESS_PROFILE } from "~/features/settings/business-profile";
import { SITE_LAYOUT_ID, type SiteData } from "./site-data";

type MetaArgs = {
  error?: unknown;
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
};

/** "Page | Business name" with a description; an error thrown by the page's loader wins. */
export function pageMeta(args: MetaArgs, title: string, description: string) {
  const layout = args.matches.find((match) => match?.id === SITE_LAYOUT_ID);
  const name =
    (layout?.data as SiteData | undefined)?.profile.name ?? DEFAULT_BUSINESS_PROFILE.name;
  if (args.error) {
    const notFound = isRouteErrorResponse(args.error) && args.error.status === 404;
    return [{ title: `${notFound ? "Page not found" : "Something went wrong"} | ${name}` }];
  }
  return [{ title: `${title} | ${name}` }, { name: "description", content: description }];
}
