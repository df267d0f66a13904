import { useLocation } from "react-router";
import { pageMeta } from "~/features/seo/page-meta";
import { NeedsJavaScript } from "~/components/site/needs-javascript";
import { PageMain } from "~/components/site/page-main";
import { GuaranteesSection } from "~/components/site/trust-signals";
import { Container } from "~/components/ui/container";
import { PageIntro } from "~/components/ui/page-intro";
import { PropertyForm } from "~/features/post-construction/components/property-form";
import { POST_CONSTRUCTION_NO_SCRIPT } from "~/features/post-construction/post-construction-copy";
import type { Route } from "./+types/post-construction-form";

export function meta(args: Route.MetaArgs) {
  return pageMeta(
    args,
    "Post-Construction Cleaning",
    "Request a quote for a post-construction clean of your house, apartment, office, retail space, warehouse or industrial site.",
  );
}

// docs/product/public-site.md#post-construction-flow: the property form, then Continue to Contact Info. It keeps its answers in
// the browser (photos need JavaScript to upload), so the server renders a notice in its place.
export default function PostConstructionForm() {
  const { state } = useLocation() as { state?: { notice?: unknown } | null };
  const notice = typeof state?.notice === "string" ? state.notice : undefined;
  return (
    <PageMain>
      <PageIntro eyebrow="Post-construction" title="Post-Construction Cleaning">
        <p>
          Fine dust, paint flecks and sticker residue, lifted from every surface so a new or
          renovated space is ready to use. Tell us about the project and we will send your quote
          within 24 hours.
        </p>
      </PageIntro>
      <Container className="py-14 sm:py-20">
        {/* The form needs JavaScript: without it the notice shows instead (docs/conventions.md#forms-without-javascript). */}
        <div className="js:hidden">
          <NeedsJavaScript {...POST_CONSTRUCTION_NO_SCRIPT} />
        </div>
        <div className="no-js:hidden">
          <PropertyForm notice={notice} />
        </div>
        <GuaranteesSection />
      </Container>
    </PageMain>
  );
}
