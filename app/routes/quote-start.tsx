import { Sparkles } from "lucide-react";
import { data, redirect } from "react-router";
import { pageMeta } from "~/components/site/meta";
import { PageMain } from "~/components/site/page-main";
import { PhoneLink } from "~/components/site/phone-link";
import { ServiceChoices } from "~/components/site/quote/service-choices";
import { TrustSignals } from "~/components/site/trust-signals";
import { submitQuoteRequest } from "~/features/quote/quote-action.server";
import { Container } from "~/components/ui/container";
import { PageIntro } from "~/components/ui/page-intro";
import type { Route } from "./+types/quote-start";

// spec public-site 2: /services/1 is the target of every Book Now; 3 is post-construction,
// which has its own form. Any other id is not a page.
export function loader({ params }: Route.LoaderArgs) {
  if (params.serviceId === "3") throw redirect("/post-construction-form");
  if (params.serviceId !== "1" && params.serviceId !== "2") throw data(null, { status: 404 });
  return null;
}

// Step 6's Generate Quote: the same service as POST /api/v1/quotes; a stored quote redirects to
// /quote-result?ref=…, otherwise the wizard gets its messages (422, 429, 500).
export async function action({ request, context, params }: Route.ActionArgs) {
  if (params.serviceId !== "1" && params.serviceId !== "2") throw data(null, { status: 404 });
  return submitQuoteRequest(request, context);
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(
    args,
    "Get a Quote",
    "Choose residential, commercial or post-construction cleaning and get your quote.",
  );
}

export default function QuoteStart() {
  return (
    <PageMain>
      <PageIntro eyebrow="Get a quote" title="Which space can we care for?">
        <p>Choose the kind of cleaning you need, and we will take it from there.</p>
      </PageIntro>
      <Container className="py-14 sm:py-20">
        <div className="mb-10 flex gap-4 rounded-lg border border-gold/60 bg-white p-6">
          <Sparkles
            aria-hidden="true"
            className="mt-0.5 size-5 shrink-0 text-gold-deep"
            strokeWidth={1.5}
          />
          <p className="leading-relaxed text-ink-soft">
            <strong className="font-semibold text-ink">
              Our instant online quote is on its way.
            </strong>{" "}
            Until then, call us on <PhoneLink /> and we will quote your residential or commercial
            clean over the phone.
          </p>
        </div>
        <ServiceChoices />
        <section aria-labelledby="trust-title" className="mt-16 border-t border-line pt-12">
          <h2 id="trust-title" className="sr-only">
            Our guarantees
          </h2>
          <TrustSignals />
        </section>
      </Container>
    </PageMain>
  );
}
