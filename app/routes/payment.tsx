import { CreditCard } from "lucide-react";
import { ComingSoon } from "~/components/site/coming-soon";
import { pageMeta } from "~/features/seo/page-meta";
import { PageMain } from "~/components/site/page-main";
import { PageIntro } from "~/components/ui/page-intro";
import type { Route } from "./+types/payment";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "Payment", "Pay for your booked clean securely.");
}

// Online payment (docs/decisions/0007-payments-through-a-provider.md: our server never sees card data) arrives in a later issue.
export default function Payment() {
  return (
    <PageMain>
      <PageIntro eyebrow="Payment" title="Payment" />
      <ComingSoon icon={CreditCard} title="Online payment is on its way">
        <p>
          Soon you will be able to pay for a booking here, securely. Nothing can be paid on this
          page yet, and no card details are asked for.
        </p>
        <p>
          Until then, our team arranges payment with you directly. Call or email us with any
          questions.
        </p>
      </ComingSoon>
    </PageMain>
  );
}
