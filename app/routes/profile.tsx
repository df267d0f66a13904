import { UserRound } from "lucide-react";
import { ComingSoon } from "~/components/site/coming-soon";
import { pageMeta } from "~/features/seo/page-meta";
import { PageMain } from "~/components/site/page-main";
import { ButtonLink } from "~/components/ui/button-link";
import { PageIntro } from "~/components/ui/page-intro";
import type { Route } from "./+types/profile";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "Your Profile", "Your details, bookings and rewards in one place.");
}

// Customer accounts (magic-link sign-in, docs/decisions/0012-real-customer-data.md) arrive in a later issue.
export default function Profile() {
  return (
    <PageMain>
      <PageIntro eyebrow="Account" title="Your Profile" />
      <ComingSoon
        icon={UserRound}
        title="Customer accounts are on their way"
        actions={
          <ButtonLink to="/services/1" variant="outline">
            Book a clean
          </ButtonLink>
        }
      >
        <p>
          Soon you will sign in with a link sent to your email, and see your details, bookings and
          rewards here. There is no password to remember.
        </p>
        <p>Until then, our team is happy to help with anything about your bookings.</p>
      </ComingSoon>
    </PageMain>
  );
}
