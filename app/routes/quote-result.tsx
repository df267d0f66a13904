import { CalendarCheck } from "lucide-react";
import { redirect } from "react-router";
import { pageMeta } from "~/features/seo/page-meta";
import { PageMain } from "~/components/site/page-main";
import { CONFIRMATION_CLASS, useFocusConfirmation } from "~/components/site/use-focus-confirmation";
import { GuaranteesSection } from "~/components/site/trust-signals";
import { ButtonLink } from "~/components/ui/button-link";
import { Container } from "~/components/ui/container";
import { PageIntro } from "~/components/ui/page-intro";
import {
  OUTSIDE_AREA_NOTE,
  QUOTE_RESULT_COPY as COPY,
  describeVisit,
  formatCleaners,
  photosLine,
} from "~/features/quote/quote-result-copy";
import { findSignedInCustomer } from "~/features/customers/customer-session.server";
import { rewardsOfferForQuote } from "~/features/customers/rewards.service.server";
import { findQuoteResult, type QuoteState } from "~/features/quote/quote.service.server";
import { RewardsOfferLines } from "~/features/rewards/components/rewards-offer-lines";
import type { Route } from "./+types/quote-result";
import { formatMoney, formatHours } from "~/lib/format";

// docs/product/public-site.md#quote-result and docs/decisions/0005-durable-references.md: the stored quote behind ?ref=…, with the rate and
// total it was given when created (docs/decisions/0003-one-hourly-rate.md). A missing or unknown reference goes home.
export async function loader({ request, context }: Route.LoaderArgs) {
  const reference = new URL(request.url).searchParams.get("ref");
  const customer = await findSignedInCustomer(request, context);
  const quote = await findQuoteResult(context.db, reference, customer?.email ?? null);
  if (!quote) throw redirect("/");
  const rewards = await rewardsOfferForQuote(
    context.db,
    customer && quote.ownedBySignedIn ? customer.id : null,
    quote.totalCents,
  );
  return { quote, rewards };
}

// The reference is the key to the quote: the page is for its owner, not for caches or search.
export function headers() {
  return { "cache-control": "private, no-store", "x-robots-tag": "noindex" };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "Your Quote", "Your instant cleaning quote: hours, cleaners and total.");
}

// eslint-disable-next-line max-lines-per-function -- markup only
export default function QuoteResult({ loaderData }: Route.ComponentProps) {
  const { quote } = loaderData;
  // The quote's confirmation takes focus on arrival, so a screen reader announces it.
  const confirmation = useFocusConfirmation<HTMLHeadingElement>(true, quote.reference);
  const next = nextStepOf(quote);
  const { summary } = quote;
  // The result restates what was quoted, so the customer can check it before booking.
  const summaryRows = [
    { label: "Service", value: [summary.service, summary.level].filter(Boolean).join(", ") },
    ...(summary.space || summary.size
      ? [{ label: "Space", value: [summary.space, summary.size].filter(Boolean).join(", ") }]
      : []),
    ...(summary.address
      ? [
          {
            label: "Address",
            value: summary.outsideArea
              ? `${summary.address} (${OUTSIDE_AREA_NOTE})`
              : summary.address,
          },
        ]
      : []),
    { label: "Photos", value: photosLine(summary.photos) },
    ...(quote.preferredCleaner
      ? [{ label: "Preferred cleaner", value: quote.preferredCleaner.name }]
      : []),
  ];
  const figures = [
    { label: COPY.hoursLabel, value: formatHours(quote.hours), testId: "quote-hours" },
    { label: COPY.cleanersLabel, value: formatCleaners(quote.cleaners), testId: "quote-cleaners" },
    { label: COPY.totalLabel, value: formatMoney(quote.totalCents), testId: "quote-total" },
  ];
  return (
    <PageMain>
      <PageIntro
        eyebrow={COPY.eyebrow}
        title={next.title}
        headingRef={confirmation}
        headingClassName={CONFIRMATION_CLASS}
      >
        <p>{next.intro}</p>
      </PageIntro>
      <Container className="py-14 sm:py-20">
        <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
          <section
            aria-labelledby="quote-figures"
            className="rounded-lg border border-line bg-white p-6 sm:p-8"
          >
            <h2 id="quote-figures" className="sr-only">
              Quote summary
            </h2>
            <dl className="grid gap-6 sm:grid-cols-3">
              {figures.map((figure) => (
                <div key={figure.label}>
                  <dt className="text-sm font-semibold tracking-wide text-ink-soft uppercase">
                    {figure.label}
                  </dt>
                  <dd
                    data-testid={figure.testId}
                    className="mt-2 font-display text-3xl font-medium"
                  >
                    {figure.value}
                  </dd>
                </div>
              ))}
            </dl>
            <RewardsOfferLines
              offer={loaderData.rewards}
              signInHref={`/sign-in?redirectTo=${encodeURIComponent(`/quote-result?ref=${quote.reference}`)}`}
            />
            {/* Say what the hours mean (cleaner-hours, time on site, rate per cleaner-hour). */}
            <p data-testid="quote-visit" className="mt-3 text-sm text-ink-soft">
              {describeVisit(quote.hours, quote.cleaners, quote.hourlyRateCents)} {COPY.totalNote}.
            </p>
            <h3 className="mt-8 font-semibold">{COPY.quotedTitle}</h3>
            <dl
              data-testid="quote-summary"
              className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-[9rem_1fr]"
            >
              {summaryRows.map((row) => (
                <div key={row.label} className="contents">
                  <dt className="text-sm font-semibold text-muted">{row.label}</dt>
                  <dd className="break-words">{row.value}</dd>
                </div>
              ))}
            </dl>
            <h3 className="mt-8 font-semibold">{COPY.explanationTitle}</h3>
            <p data-testid="quote-explanation" className="mt-2 leading-relaxed text-ink-soft">
              {quote.explanation}
            </p>
          </section>
          <aside aria-labelledby="quote-next" className="flex flex-col gap-6">
            <h2 id="quote-next" className="font-display text-2xl font-medium">
              Ready when you are
            </h2>
            <ButtonLink to={next.href} className="self-start">
              <CalendarCheck aria-hidden="true" className="size-5" strokeWidth={1.5} />
              {next.action}
            </ButtonLink>
            <div>
              <p className="text-sm font-semibold text-ink-soft">{COPY.referenceLabel}</p>
              <p data-testid="quote-reference" className="mt-1 font-mono text-lg tracking-wider">
                {quote.reference}
              </p>
              <p className="mt-1 text-sm text-ink-soft">{COPY.referenceNote}</p>
            </div>
          </aside>
        </div>
        <GuaranteesSection />
      </Container>
    </PageMain>
  );
}

/**
 * What the page offers next: to book an open quote; for a booked one, the booking through
 * sign-in (never its reference: docs/decisions/0051-quote-references-do-not-unlock-bookings.md);
 * for a cancelled one, a word with us.
 */
function nextStepOf(quote: { reference: string; state: QuoteState }) {
  if (quote.state === "booked") {
    return {
      title: COPY.bookedTitle,
      intro: COPY.bookedIntro,
      action: COPY.bookedAction,
      href: "/sign-in?redirectTo=%2Fbookings",
    };
  }
  if (quote.state === "cancelled") {
    return {
      title: COPY.cancelledTitle,
      intro: COPY.cancelledIntro,
      action: COPY.cancelledAction,
      href: "/contact",
    };
  }
  return {
    title: COPY.title,
    intro: COPY.intro,
    action: COPY.book,
    href: `/booking?ref=${encodeURIComponent(quote.reference)}`,
  };
}
