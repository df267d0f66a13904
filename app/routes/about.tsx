import { Story } from "~/components/site/about/story";
import { Values } from "~/components/site/about/values";
import { CtaBand } from "~/components/site/cta-band";
import { pageMeta } from "~/features/seo/page-meta";
import { PageMain } from "~/components/site/page-main";
import { PageIntro } from "~/components/ui/page-intro";
import type { HydrateAfterPaintHandle } from "~/lib/hydrate-after-paint";
import type { Route } from "./+types/about";

// Whole without JavaScript: it paints before any script runs
// (docs/decisions/0099-hydrate-after-first-paint.md).
export const handle: HydrateAfterPaintHandle = { hydrateAfterPaint: true };

export function meta(args: Route.MetaArgs) {
  return pageMeta(
    args,
    "About Us",
    "Our story and our values: excellence, professionalism, quality and care in every Sydney home and office we clean.",
  );
}

export default function About() {
  return (
    <PageMain>
      <PageIntro eyebrow="About us" title="A Sydney cleaning house built on quiet standards">
        <p>
          We clean the way a boutique hotel keeps its rooms: thoroughly, discreetly and with respect
          for the people who live and work there.
        </p>
      </PageIntro>
      <Story />
      <Values />
      <CtaBand
        title="Let us look after your space"
        text="Book a clean and see the difference care makes."
      />
    </PageMain>
  );
}
