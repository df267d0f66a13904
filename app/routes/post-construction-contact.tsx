import { pageMeta } from "~/features/seo/page-meta";
import { NeedsJavaScript } from "~/components/site/needs-javascript";
import { PageMain } from "~/components/site/page-main";
import { useHydrated } from "~/components/site/use-hydrated";
import { Container } from "~/components/ui/container";
import { PageIntro } from "~/components/ui/page-intro";
import { submitPostConstructionRequest } from "~/features/post-construction/post-construction-action.server";
import { ContactStep } from "~/features/post-construction/components/contact-step";
import { POST_CONSTRUCTION_NO_SCRIPT } from "~/features/post-construction/post-construction-copy";
import type { Route } from "./+types/post-construction-contact";

export function meta(args: Route.MetaArgs) {
  return pageMeta(
    args,
    "Post-Construction: Contact Details",
    "Your contact details for a post-construction cleaning quote.",
  );
}

// The contact step's submit: both parts of the request, parsed again and stored; a stored
// request redirects to the thank-you page (docs/product/public-site.md#post-construction-flow, docs/product/public-site.md#statuses-and-flows, docs/product/public-site.md#calls-and-webhooks and docs/product/public-site.md#messages).
export async function action({ request, context }: Route.ActionArgs) {
  return submitPostConstructionRequest(request, context);
}

export default function PostConstructionContact({ actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  return (
    <PageMain>
      <PageIntro eyebrow="Post-construction" title="Your Contact Details">
        <p>The last step: where to send your quote, and who we are preparing it for.</p>
      </PageIntro>
      <Container className="py-14 sm:py-20">
        {hydrated ? (
          <ContactStep result={actionData} />
        ) : (
          <NeedsJavaScript {...POST_CONSTRUCTION_NO_SCRIPT} />
        )}
      </Container>
    </PageMain>
  );
}
