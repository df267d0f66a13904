import { CalendarDays } from "lucide-react";
import { ComingSoon } from "~/components/site/coming-soon";
import { pageMeta } from "~/features/seo/page-meta";
import { PageMain } from "~/components/site/page-main";
import { ButtonLink } from "~/components/ui/button-link";
import { PageIntro } from "~/components/ui/page-intro";
import type { Route } from "./+types/bookings";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "My Bookings", "See, change or cancel your cleaning bookings.");
}

// The customer's own bookings (docs/decisions/0012-real-customer-data.md) arrive with customer sign-in in a later issue.
export default function Bookings() {
  return (
    <PageMain>
      <PageIntro eyebrow="Account" title="My Bookings" />
      <ComingSoon
        icon={CalendarDays}
        title="Your bookings will appear here soon"
        actions={
          <ButtonLink to="/services/1" variant="outline">
            Book a clean
          </ButtonLink>
        }
      >
        <p>
          Once customer sign-in opens, you will see every booking here with its date, address and
          status. Until then, call or email us to check, change or cancel a booking.
        </p>
        <p>
          Cancellation is free 24 hours or more ahead, and you can change a booking up to 24 hours
          before it starts.
        </p>
      </ComingSoon>
    </PageMain>
  );
}
