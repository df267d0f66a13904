import { isRouteErrorResponse, Outlet } from "react-router";
import { ErrorPage } from "~/components/site/error-page";
import { pageMeta } from "~/features/seo/page-meta";
import { sydneyYear, useSiteData, type SiteData } from "~/components/site/site-data";
import { SiteShell } from "~/components/site/site-shell";
import {
  DEFAULT_BUSINESS_PROFILE,
  toPublicProfile,
} from "~/features/settings/business-profile-defaults";
import { siteContentFor } from "~/features/site-content/content-cache.server";
import type { Route } from "./+types/site-layout";

export async function loader({ context }: Route.LoaderArgs) {
  const site = await siteContentFor(context);
  return {
    profile: toPublicProfile(site.profile),
    year: sydneyYear(),
    publicUrl: context.config.publicUrl,
    analyticsTagId: site.analyticsTagId,
  } satisfies SiteData;
}

// Pages replace this with their own; it titles the layout's error page (React Router calls meta
// only down to the route whose boundary renders).
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "High-end Cleaning in Sydney", "High-end cleaning services in Sydney.");
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SiteShell data={loaderData} brand={loaderData.profile.name}>
      <Outlet />
    </SiteShell>
  );
}

// Errors from any public page render inside the header and footer; a 404 reads as one, anything
// else as a 500, and only the development build shows a stack trace.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useSiteData();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <SiteShell data={data} brand={data?.profile.name ?? DEFAULT_BUSINESS_PROFILE.name}>
      <ErrorPage status={notFound ? 404 : 500}>
        {import.meta.env.DEV && error instanceof Error && (
          <pre className="mt-10 overflow-auto rounded-md border border-line bg-white p-4 text-left text-xs">
            {error.stack}
          </pre>
        )}
      </ErrorPage>
    </SiteShell>
  );
}
