import { MailCheck } from "lucide-react";
import { pageMeta } from "~/components/site/meta";
import { PageMain } from "~/components/site/page-main";
import { PhoneLink } from "~/components/site/phone-link";
import { ButtonLink } from "~/components/ui/button-link";
import { Container } from "~/components/ui/container";
import { IconBadge } from "~/components/ui/icon-badge";
import type { Route } from "./+types/post-construction-thank-you";

export function meta(args: Route.MetaArgs) {
  return pageMeta(
    args,
    "Thank You",
    "Thank you for your post-construction cleaning request. We will send your quote within 24 hours.",
  );
}

// spec public-site 2 and 9: the thank-you page promises a post-construction quote within 24 hours.
export default function PostConstructionThankYou() {
  return (
    <PageMain>
      <Container narrow className="py-24 text-center sm:py-32">
        <IconBadge icon={MailCheck} />
        <h1 className="mt-6 font-display text-4xl leading-tight font-medium sm:text-5xl">
          Thank you for your request
        </h1>
        <div aria-hidden="true" className="mx-auto mt-8 h-px w-16 bg-gold" />
        <p className="mx-auto mt-8 max-w-lg text-lg leading-relaxed text-ink-soft">
          Our team will review your project and send you a quote within 24 hours.
        </p>
        <p className="mt-4 text-ink-soft">
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
