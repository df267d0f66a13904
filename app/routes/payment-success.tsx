import { CircleCheck, CircleX, Clock, Undo2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { redirect, useActionData, useRevalidator } from "react-router";
import { ConversionEvent } from "~/components/site/conversion-event";
import { PageMain } from "~/components/site/page-main";
import { ButtonLink } from "~/components/ui/button-link";
import { Container } from "~/components/ui/container";
import { IconBadge } from "~/components/ui/icon-badge";
import { PageIntro } from "~/components/ui/page-intro";
import {
  PAYMENT_RESULT_COPY,
  PAYMENT_SUCCESS_COPY as COPY,
} from "~/features/payments/payment-copy";
import { findPaymentSuccess } from "~/features/payments/payments.service.server";
import { SeriesCardOfferPanel } from "~/features/payments/components/series-card-offer";
import {
  seriesCardAction,
  seriesCardReturn,
  type SeriesCardActionData,
} from "~/features/payments/series-card-action.server";
import { findSeriesCardOffer } from "~/features/payments/series-card.service.server";
import { InvoiceDocument, PrintButton } from "~/features/invoices/components/invoice-document";
import { pageMeta } from "~/features/seo/page-meta";
import type { Route } from "./+types/payment-success";
import { formatMoney } from "~/lib/format";

// docs/product/public-site.md#payment-success: the booking ?ref= names, once its payment is confirmed; View My Bookings and Return
// to Home; the paid booking's tax invoice (docs/decisions/0054-tax-invoice-receipts-and-one-price.md); the conversion event (docs/decisions/0016-analytics-only-when-configured.md). A missing or unknown reference goes home
// (docs/decisions/0005-durable-references.md). After Stripe Checkout the webhook may arrive a moment after the customer: the page
// says so until it has.
export async function loader({ request, context }: Route.LoaderArgs) {
  // Back from Stripe's page that saved a card for a regular clean's later visits.
  const returned = await seriesCardReturn(request, context);
  if (returned) throw returned;
  const reference = new URL(request.url).searchParams.get("ref");
  const payment = await findPaymentSuccess(context.db, reference);
  if (!payment) throw redirect("/");
  const cardOffer = await findSeriesCardOffer(context.db, reference, { config: context.config });
  return { payment, cardOffer };
}

// Save a card for the later visits (docs/decisions/0093-save-a-card-after-the-first-visit.md).
export async function action({ request, context }: Route.ActionArgs) {
  return seriesCardAction(request, context);
}

export function headers() {
  return { "cache-control": "private, no-store", "x-robots-tag": "noindex" };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "Payment Confirmation", "Confirmation of your payment.");
}

const RECHECK_MS = 2000;
const RECHECKS = 30;

/** While Stripe's webhook has not arrived, the page asks again every 2 seconds, for a minute. */
function useRecheckWhilePending(pending: boolean) {
  const revalidator = useRevalidator();
  const tries = useRef(0);
  useEffect(() => {
    if (!pending || tries.current >= RECHECKS) return;
    const timer = window.setTimeout(() => {
      tries.current += 1;
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, RECHECK_MS);
    return () => window.clearTimeout(timer);
  }, [pending, revalidator]);
}

const RESULT_ICONS = { paid: CircleCheck, payable: Clock, refunded: Undo2, cancelled: CircleX };

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const { payment, cardOffer } = loaderData;
  const actionData = useActionData<SeriesCardActionData>();
  useRecheckWhilePending(payment.state === "payable");
  const result = PAYMENT_RESULT_COPY[payment.state];
  return (
    <PageMain>
      <PageIntro eyebrow={COPY.eyebrow} title={result.title} />
      <section aria-labelledby="payment-result" className="py-14 sm:py-20">
        <Container narrow>
          <div className="rounded-lg border border-line bg-white p-7 sm:p-10">
            <IconBadge icon={RESULT_ICONS[payment.state]} />
            <h2
              id="payment-result"
              data-testid="payment-result"
              className="mt-6 font-display text-3xl leading-tight font-medium text-balance"
            >
              {result.heading(formatMoney(payment.amountCents))}
            </h2>
            <div aria-live="polite" className="mt-4 space-y-3 leading-relaxed text-ink-soft">
              <p>
                {payment.service}, booking{" "}
                <span className="font-mono tracking-wider">{payment.reference}</span>.
              </p>
              <p>
                {payment.state === "paid" && payment.invoice
                  ? PAYMENT_RESULT_COPY.paid.invoiceNote
                  : result.note}
              </p>
            </div>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row print:hidden">
              {/* The booking itself, for a guest too (docs/decisions/0053-guest-booking-page.md). */}
              <ButtonLink to={`/bookings?ref=${encodeURIComponent(payment.reference)}`}>
                {COPY.viewBookings}
              </ButtonLink>
              <ButtonLink to="/" variant="outline">
                {COPY.home}
              </ButtonLink>
            </div>
          </div>
          {cardOffer && (
            <SeriesCardOfferPanel
              offer={cardOffer}
              action={`/payment-success?ref=${encodeURIComponent(payment.reference)}`}
              error={actionData?.error}
            />
          )}
          {payment.invoice && (
            <div className="mt-8 space-y-4">
              <InvoiceDocument invoice={payment.invoice} />
              <PrintButton />
            </div>
          )}
        </Container>
      </section>
      {payment.state === "paid" && (
        <ConversionEvent name="purchase" id={payment.reference} valueCents={payment.amountCents} />
      )}
    </PageMain>
  );
}
