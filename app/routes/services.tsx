import { CtaBand } from "~/components/site/cta-band";
import { pageMeta } from "~/features/seo/page-meta";
import { PageMain } from "~/components/site/page-main";
import { Offerings } from "~/components/site/services/offerings";
import { Standards } from "~/components/site/services/standards";
import { PageIntro } from "~/components/ui/page-intro";
import type { Route } from "./+types/services";
import type { HydrateAfterPaintHandle } from "~/lib/hydrate-after-paint";

// Whole without JavaScript: it paints before any script runs
// (docs/decisions/0099-hydrate-after-first-paint.md).
export const handle: HydrateAfterPaintHandle = { hydrateAfterPaint: true };

export function meta(args: Route.MetaArgs) {
  return pageMeta(
    args,
    "Services",
    "Residential Excellence, Premium Property Care and Luxury Concierge: cleaning, housekeeping and organising across Sydney.",
  );
}

export default function Services() {
  return (
    <PageMain>
      <PageIntro eyebrow="Services" title="Cleaning, housekeeping and organising, done beautifully">
        <p>
          From a city apartment to a newly finished office, we bring the same calm, careful team and
          the same attention to the details others miss.
        </p>
      </PageIntro>
      <Offerings />
      <Standards />
      <CtaBand
        title="Ready when you are"
        text="Tell us about your space and we will tailor the clean to it."
      />
    </PageMain>
  );
}
