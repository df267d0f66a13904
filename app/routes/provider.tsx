import { data } from "react-router";
import { pageMeta } from "~/features/seo/page-meta";
import { PageMain } from "~/components/site/page-main";
import { useBusinessProfile } from "~/components/site/site-data";
import { ProviderProfile } from "~/features/cleaners/components/provider-profile";
import { getPublicCleanerProfile } from "~/features/cleaners/public-profile.service.server";
import type { Route } from "./+types/provider";

// docs/decisions/0012-real-customer-data.md: a working cleaner's public fields; unknown, pending_review and suspended ids are a 404,
// which the site layout's boundary shows as the designed page.
export async function loader({ params, context }: Route.LoaderArgs) {
  const cleaner = await getPublicCleanerProfile(context.db, params.id);
  if (!cleaner) throw data(null, { status: 404 });
  return { cleaner };
}

export function meta(args: Route.MetaArgs) {
  const cleaner = args.data?.cleaner;
  return pageMeta(
    args,
    cleaner ? `${cleaner.displayName}, your cleaner` : "Our Cleaner",
    cleaner
      ? `${cleaner.displayName}: an insured, police-checked cleaner${cleaner.suburb ? ` based in ${cleaner.suburb}` : ""}. Services, availability, reviews and our hourly rate.`
      : "A cleaner's public profile.",
  );
}

export default function Provider({ loaderData }: Route.ComponentProps) {
  const { hourlyRateCents } = useBusinessProfile();
  return (
    <PageMain>
      <ProviderProfile cleaner={loaderData.cleaner} hourlyRateCents={hourlyRateCents} />
    </PageMain>
  );
}
