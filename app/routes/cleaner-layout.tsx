import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import {
  CLEANER_LAYOUT_ID,
  CleanerFrame,
  type CleanerFrameData,
} from "~/components/cleaner/cleaner-frame";
import { Container } from "~/components/ui/container";
import { CleanerOfflineSupport } from "~/features/cleaner-app/components/cleaner-offline-support";
import { DEFAULT_BUSINESS_PROFILE } from "~/features/settings/business-profile-defaults";
import { siteContentFor } from "~/features/site-content/content-cache.server";
import type { Route } from "./+types/cleaner-layout";

// The layout of cleaner-facing pages (the job offer link now, a cleaner's own app later): a
// plain frame rather than the marketing site's (./site-layout.tsx), which sells cleans.

export async function loader({ context }: Route.LoaderArgs) {
  const { profile } = await siteContentFor(context);
  return { businessName: profile.name, phone: profile.phone || null } satisfies CleanerFrameData;
}

// The frame's data does not change when a cleaner answers on a page inside it.
export function shouldRevalidate() {
  return false;
}

export default function CleanerLayout({ loaderData }: Route.ComponentProps) {
  return (
    <CleanerFrame data={loaderData}>
      <Outlet />
      <CleanerOfflineSupport />
    </CleanerFrame>
  );
}

// A page inside that fails keeps the plain frame; a 404 reads as one, anything else as a 500.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>(CLEANER_LAYOUT_ID);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <CleanerFrame data={data ?? { businessName: DEFAULT_BUSINESS_PROFILE.name, phone: null }}>
      <Container narrow className="py-16 sm:py-24">
        <h1 className="font-display text-3xl font-medium sm:text-4xl">
          {notFound ? "We couldn't find that page" : "Something went wrong on our side"}
        </h1>
        <p className="mt-4 text-ink-soft">
          {notFound
            ? "The link may be incomplete. Open it again from the email, or call the office."
            : "Please try again in a moment, or call the office."}
        </p>
      </Container>
    </CleanerFrame>
  );
}
