import { ContactDetails } from "~/components/site/contact/contact-details";
import { ContactForm } from "~/features/contact/components/contact-form";
import { pageMeta } from "~/features/seo/page-meta";
import { PageMain } from "~/components/site/page-main";
import { Container } from "~/components/ui/container";
import { PageIntro } from "~/components/ui/page-intro";
import { submitContactForm } from "~/features/contact/contact-action.server";
import type { HydrateAfterPaintHandle } from "~/lib/hydrate-after-paint";
import type { Route } from "./+types/contact";

// The form posts and answers without JavaScript, so the page paints before any script runs
// (docs/decisions/0099-hydrate-after-first-paint.md).
export const handle: HydrateAfterPaintHandle = { hydrateAfterPaint: true };

export function meta(args: Route.MetaArgs) {
  return pageMeta(
    args,
    "Contact Us",
    "Send us a message, call or email. Our hours, phone and address, and how to reach our Sydney team.",
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitContactForm(request, context);
}

export default function Contact({ actionData }: Route.ComponentProps) {
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
        <section
          aria-labelledby="message-title"
          className="self-start rounded-lg border border-line bg-white p-6 sm:p-8"
        >
          <h2 id="message-title" className="font-display text-3xl font-medium">
            Send us a message
          </h2>
          <p className="mt-3 leading-relaxed text-ink-soft">
            Tell us a little about your space and what you have in mind, and we will be in touch.
          </p>
          <ContactForm result={actionData} />
        </section>
      </Container>
    </PageMain>
  );
}
