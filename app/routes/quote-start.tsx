import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { getPublicCleanerProfile } from "~/features/cleaners/public-profile.service.server";
import { pageMeta } from "~/features/seo/page-meta";
import { NeedsJavaScript } from "~/components/site/needs-javascript";
import { PageMain } from "~/components/site/page-main";
import { GuaranteesSection } from "~/components/site/trust-signals";
import { QuoteWizard } from "~/features/quote/components/quote-wizard";
import { submitQuoteRequest } from "~/features/quote/quote-action.server";
import { Container } from "~/components/ui/container";
import { PageIntro } from "~/components/ui/page-intro";
import type { HydrateAfterPaintHandle } from "~/lib/hydrate-after-paint";
import type { Route } from "./+types/quote-start";

// Paints its choice of service before any script is asked for, then starts the wizard
// (docs/decisions/0104-the-quote-start-hydrates-after-its-paint.md).
export const handle: HydrateAfterPaintHandle = { hydrateAfterPaint: true };

// docs/product/public-site.md#quote-start: /services/1 is the target of every Book Now; 3 is post-construction,
// which has its own form. Any other id is not a page. `?cleaner=` (docs/decisions/0020-provider-book-now.md) names a preferred
// cleaner: a working one's public name shows in the wizard; any other id is ignored.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (params.serviceId === "3") throw redirect("/post-construction-form");
  if (params.serviceId !== "1" && params.serviceId !== "2") throw data(null, { status: 404 });
  const cleanerId = new URL(request.url).searchParams.get("cleaner")?.slice(0, 64);
  const cleaner = cleanerId ? await getPublicCleanerProfile(context.db, cleanerId) : null;
  return { cleaner: cleaner ? { id: cleaner.id, name: cleaner.displayName } : null };
}

// Step 6's Generate Quote: the same service as POST /api/v1/quotes; a stored quote redirects to
// /quote-result?ref=…, otherwise the wizard gets its messages (422, 429, 500).
export async function action({ request, context, params }: Route.ActionArgs) {
  if (params.serviceId !== "1" && params.serviceId !== "2") throw data(null, { status: 404 });
  return submitQuoteRequest(request, context);
}

// The wizard's steps are history entries (?step=3, docs/decisions/0050-wizard-history-and-suburbs.md):
// moving between them changes nothing the loader reads, so it is not asked again.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutStep = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("step");
    return params.toString();
  };
  return withoutStep(currentUrl) === withoutStep(nextUrl) ? false : defaultShouldRevalidate;
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(
    args,
    "Get a Quote",
    "Choose residential, commercial or post-construction cleaning and get your quote.",
  );
}

export default function QuoteStart({ params, loaderData }: Route.ComponentProps) {
  const commercial = params.serviceId === "2";
  return (
    <PageMain>
      <PageIntro eyebrow="Get a quote" title="Which space can we care for?">
        <p>A few questions about your space, and your quote is ready in seconds.</p>
      </PageIntro>
      <Container className="py-14 sm:py-20">
        {/* The wizard needs JavaScript: without it the notice shows instead (docs/conventions.md#forms-without-javascript). */}
        <div className="js:hidden">
          <NeedsJavaScript
            message="Our instant online quote needs JavaScript in your browser."
            missing="the quote"
            byPhone="quote over the phone"
          />
        </div>
        <div className="no-js:hidden">
          <QuoteWizard
            key={params.serviceId}
            storageKey={params.serviceId}
            serviceType={commercial ? "commercial" : undefined}
            cleaner={loaderData.cleaner ?? undefined}
          />
        </div>
        <GuaranteesSection />
      </Container>
    </PageMain>
  );
}
