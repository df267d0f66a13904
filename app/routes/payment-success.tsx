import { CircleCheck } from "lucide-react";
import { ComingSoon } from "~/components/site/coming-soon";
import { pageMeta } from "~/features/seo/page-meta";
import { PageMain } from "~/components/site/page-main";
import { ButtonLink } from "~/components/ui/button-link";
import { PageIntro } from "~/components/ui/page-intro";
import type { Route } from "./+types/payment-success";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "Payment Confirmation", "Confirmation of your payment.");
}

// Confirms a real payment once online payment lands (later issue); none can be made yet.
export default function PaymentSuccess() {
  return (
    <PageMain>
      <PageIntro eyebrow="Payment" title="Payment Confirmation" />
      <ComingSoon
        icon={CircleCheck}
        title="Payment confirmations will show here"
        actions={
          <>
            <ButtonLink to="/bookings" variant="outline">
              View My Bookings
            </ButtonLink>
            <ButtonLink to="/" variant="outline">
              Return to Home
            </ButtonLink>
          </>
        }
      >
        <p>
          Online payment is not open yet, so no payment has been taken on this site. When it opens,
          this page will confirm your payment and your booking.
        </p>
        <p>If you have paid our team directly and want a receipt, call or email us.</p>
      </ComingSoon>
    </PageMain>
  );
}
