import { PageMain } from "~/components/site/page-main";
import { pageMeta } from "~/features/seo/page-meta";
import { ClosingBanner } from "~/components/site/home/closing-banner";
import { FiveStarRooms } from "~/components/site/home/five-star-rooms";
import { Hero } from "~/components/site/home/hero";
import { MeetTheTeam } from "~/components/site/home/meet-the-team";
import { listTeamMembers } from "~/features/cleaners/public-profile.service.server";
import { PremiumSolutions } from "~/components/site/home/premium-solutions";
import { ServiceStrip } from "~/components/site/home/service-strip";
import { Testimonials } from "~/components/site/home/testimonials";
import { ValueCards } from "~/components/site/home/value-cards";
import { localBusinessJsonLd } from "~/features/seo/structured-data";
import { siteContentFor } from "~/features/site-content/content-cache.server";
import type { Route } from "./+types/home";
import type { HydrateAfterPaintHandle } from "~/lib/hydrate-after-paint";

// Slides, rooms, reviews and the profile come from the process's content cache (one version
// query per request, docs/architecture.md#where-state-lives). The team is one small indexed query; a
// cleaner's status change bumps the content version too, so the cached page (decision 0035)
// never shows a cleaner who stopped working.
// Whole without JavaScript: it paints before any script runs
// (docs/decisions/0099-hydrate-after-first-paint.md).
export const handle: HydrateAfterPaintHandle = { hydrateAfterPaint: true };

export async function loader({ context }: Route.LoaderArgs) {
  const [site, team] = await Promise.all([siteContentFor(context), listTeamMembers(context.db)]);
  return {
    jsonLd: localBusinessJsonLd(site.profile, context.config.publicUrl, site.rating),
    content: site.home,
    team,
  };
}

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(
      args,
      "High-end Cleaning in Sydney",
      "Residential, commercial and post-construction cleaning across Sydney by insured, police-checked cleaners. Get a quote in seconds.",
    ),
    // The business for search engines (LocalBusiness/HouseCleaning), from live data.
    ...(args.data ? [{ "script:ld+json": args.data.jsonLd }] : []),
  ];
}

// docs/product/public-site.md#home-page: the sections in the spec's order.
export default function Home({ loaderData }: Route.ComponentProps) {
  const { slides, rooms, testimonials } = loaderData.content;
  return (
    <PageMain>
      <Hero slides={slides} />
      <ValueCards />
      <ServiceStrip />
      <PremiumSolutions />
      <FiveStarRooms photos={rooms} />
      <Testimonials reviews={testimonials} />
      <MeetTheTeam team={loaderData.team} />
      <ClosingBanner />
    </PageMain>
  );
}
