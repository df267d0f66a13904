import { PageMain } from "~/components/site/page-main";
import { pageMeta } from "~/components/site/meta";
import { ClosingBanner } from "~/components/site/home/closing-banner";
import { FiveStarRooms } from "~/components/site/home/five-star-rooms";
import { Hero } from "~/components/site/home/hero";
import { PremiumSolutions } from "~/components/site/home/premium-solutions";
import { ServiceStrip } from "~/components/site/home/service-strip";
import { Testimonials } from "~/components/site/home/testimonials";
import { ValueCards } from "~/components/site/home/value-cards";
import type { Route } from "./+types/home";

export function meta(args: Route.MetaArgs) {
  return pageMeta(
    args,
    "High-end Cleaning in Sydney",
    "Residential, commercial and post-construction cleaning across Sydney by insured, police-checked cleaners. Get a quote in seconds.",
  );
}

// spec public-site 2, home page: the sections in the spec's order.
export default function Home() {
  return (
    <PageMain>
      <Hero />
      <ValueCards />
      <ServiceStrip />
      <PremiumSolutions />
      <FiveStarRooms />
      <Testimonials />
      <ClosingBanner />
    </PageMain>
  );
}
