import { MessageSquareText } from "lucide-react";
import { ContactDetails } from "~/components/site/contact/contact-details";
import { pageMeta } from "~/components/site/meta";
import { PageMain } from "~/components/site/page-main";
import { Container } from "~/components/ui/container";
import { PageIntro } from "~/components/ui/page-intro";
import type { Route } from "./+types/contact";

export function meta(args: Route.MetaArgs) {
  return pageMeta(
    args,
    "Contact Us",
    "Call, email or visit us. Our hours, phone and address, and how to reach our Sydney team.",
  );
}

export default function Contact() {
  return (
    <PageMain>
      <PageIntro eyebrow="Contact" title="We would love to hear from you">
        <p>Questions, quotes or something special in mind: our team is here to help.</p>
      </PageIntro>
      <Container className="grid gap-14 py-16 sm:py-20 lg:grid-cols-2 lg:gap-20">
        <section aria-labelledby="details-title">
          <h2 id="details-title" className="font-display text-3xl font-medium">
            Get in touch
          </h2>
          <div className="mt-8">
            <ContactDetails />
          </div>
        </section>
        {/* The contact form (firstName, lastName, email, phone, message) arrives here in a later issue. */}
        <section
          aria-labelledby="message-title"
          className="self-start rounded-lg border border-line bg-white p-8"
        >
          <MessageSquareText
            aria-hidden="true"
            className="size-7 text-gold-deep"
            strokeWidth={1.25}
          />
          <h2 id="message-title" className="mt-5 font-display text-3xl font-medium">
            Send us a message
          </h2>
          <p className="mt-4 leading-relaxed text-ink-soft">
            Our online contact form is on its way. Until then, call or email us.
          </p>
        </section>
      </Container>
    </PageMain>
  );
}
