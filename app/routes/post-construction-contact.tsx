import { ContactRound } from "lucide-react";
import { ComingSoon } from "~/components/site/coming-soon";
import { pageMeta } from "~/components/site/meta";
import { PageMain } from "~/components/site/page-main";
import { ButtonLink } from "~/components/ui/button-link";
import { PageIntro } from "~/components/ui/page-intro";
import type { Route } from "./+types/post-construction-contact";

export function meta(args: Route.MetaArgs) {
  return pageMeta(
    args,
    "Post-Construction: Contact Details",
    "Your contact details for a post-construction cleaning quote.",
  );
}

// The contact step follows the property form; both arrive in a later issue.
export default function PostConstructionContact() {
  return (
    <PageMain>
      <PageIntro eyebrow="Post-construction" title="Your Contact Details" />
      <ComingSoon
        icon={ContactRound}
        title="This step follows our property form"
        actions={
          <ButtonLink to="/post-construction-form" variant="outline">
            About post-construction cleaning
          </ButtonLink>
        }
      >
        <p>
          Our online post-construction request is on its way. Until then, call or email us with your
          name, phone, email and the property address, plus your company name and ABN if you are
          booking for a company. We will send you a quote within 24 hours.
        </p>
      </ComingSoon>
    </PageMain>
  );
}
