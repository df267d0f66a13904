import { MailCheck } from "lucide-react";
import { pageMeta } from "~/features/seo/page-meta";
import { PageMain } from "~/components/site/page-main";
import { PhoneLink } from "~/components/site/phone-link";
import { CONFIRMATION_CLASS, useFocusConfirmation } from "~/components/site/use-focus-confirmation";
import { ButtonLink } from "~/components/ui/button-link";
import { Container } from "~/components/ui/container";
import { IconBadge } from "~/components/ui/icon-badge";
import { THANK_YOU_TEXT } from "~/features/post-construction/post-construction-copy";
import { referenceFromUrl } from "~/features/post-construction/post-construction.schema";
import type { Route } from "./+types/post-construction-thank-you";

export function meta(args: Route.MetaArgs) {
  return pageMeta(
    args,
    "Thank You",
    "Thank you for your post-construction cleaning request. We will send your quote within 24 hours.",
  );
}

// The reference only, and only when it has a reference's shape: nothing else from the address
// is ever shown.
export function loader({ request }: Route.LoaderArgs) {
  return { reference: referenceFromUrl(request.url) };
}

// docs/product/public-site.md#post-construction-flow and docs/product/public-site.md#business-constants-and-limits: the thank-you page promises a post-construction quote within 24 hours.
export default function PostConstructionThankYou({ loaderData }: Route.ComponentProps) {
  // The request's confirmation takes focus on arrival, so a screen reader announces it.
  const confirmation = useFocusConfirmation<HTMLHeadingElement>(true);
  return (
    <PageMain>
      <Container narrow className="py-24 text-center sm:py-32">
        <IconBadge icon={MailCheck} />
        <h1
          ref={confirmation}
          tabIndex={-1}
          data-testid="form-confirmation"
          className={`mt-6 font-display text-4xl leading-tight font-medium sm:text-5xl ${CONFIRMATION_CLASS}`}
        >
          {THANK_YOU_TEXT.title}
        </h1>
        <div aria-hidden="true" className="mx-auto mt-8 h-px w-16 bg-gold" />
        <p className="mx-auto mt-8 max-w-lg text-lg leading-relaxed text-ink-soft">
          {THANK_YOU_TEXT.promise}
        </p>
        {loaderData.reference && (
          <p className="mt-6">
            <span className="block text-sm font-semibold tracking-wide text-muted">
              {THANK_YOU_TEXT.referenceLabel}
            </span>
            <span className="mt-1 inline-block font-mono text-xl tracking-wider">
              {loaderData.reference}
            </span>
          </p>
        )}
        <p className="mt-6 text-ink-soft">
          Need to talk sooner? Call us on <PhoneLink />.
        </p>
        <div className="mt-10">
          <ButtonLink to="/" variant="ink">
            Return to Home
          </ButtonLink>
        </div>
      </Container>
    </PageMain>
  );
}
