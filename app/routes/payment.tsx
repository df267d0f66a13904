import { ArrowLeft, CircleCheck, FlaskConical } from "lucide-react";
import { data, Link, redirect, useActionData, useNavigate, useNavigation } from "react-router";
import { PageMain } from "~/components/site/page-main";
import { ButtonLink } from "~/components/ui/button-link";
import { Container } from "~/components/ui/container";
import { PageIntro } from "~/components/ui/page-intro";
import { CheckoutForm } from "~/features/payments/components/checkout-form";
import { OrderSummary } from "~/features/payments/components/order-summary";
import { PaymentErrorBanner } from "~/features/payments/components/payment-error-banner";
import { TestCardForm } from "~/features/payments/components/test-card-form";
import { submitPayment, type PaymentActionData } from "~/features/payments/payment-action.server";
import { PAYMENT_COPY as COPY } from "~/features/payments/payment-copy";
import { findPaymentPage } from "~/features/payments/payments.service.server";
import { pageMeta } from "~/features/seo/page-meta";
import type { Route } from "./+types/payment";

// docs/product/public-site.md#payment-details: the booking ?ref= names (docs/decisions/0005-durable-references.md), paid through the
// configured provider (docs/decisions/0007-payments-through-a-provider.md). The reference is the key: an unknown one is a 404.
export async function loader({ request, context }: Route.LoaderArgs) {
  const reference = new URL(request.url).searchParams.get("ref");
  // No reference: nothing to pay here, so home, as the other reference pages do. A reference that
  // names no booking is a 404: changing it never shows somebody else's booking.
  if (!reference) throw redirect("/");
  const page = await findPaymentPage(context.db, reference, { config: context.config });
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitPayment(request, context);
}

// The reference is the key to the booking: the page is for its owner, not for caches or search.
export function headers() {
  return { "cache-control": "private, no-store", "x-robots-tag": "noindex" };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "Payment", "Pay for your booked clean securely.");
}

function BackButton({ reference }: { reference: string }) {
  const navigate = useNavigate();
  const fallback = `/booking-success?ref=${encodeURIComponent(reference)}`;
  return (
    <Link
      to={fallback}
      onClick={(event) => {
        // Back to the page the customer came from, when this visit has one.
        const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (index > 0) {
          event.preventDefault();
          void navigate(-1);
        }
      }}
      className="inline-flex min-h-11 items-center gap-2 font-semibold underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" strokeWidth={1.5} />
      {COPY.back}
    </Link>
  );
}

function TestModeNotice() {
  return (
    <div
      data-testid="test-mode-notice"
      className="flex gap-3 rounded-md border border-gold/70 bg-gold/10 px-4 py-3"
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0" strokeWidth={1.5} />
      <p>
        <strong className="font-semibold">{COPY.testModeTitle}.</strong> {COPY.testModeNote}
      </p>
    </div>
  );
}

function Settled({ title, note, receipt }: { title: string; note: string; receipt?: string }) {
  return (
    <div className="rounded-lg border border-line bg-white p-6">
      <h2 className="flex items-center gap-2 font-display text-2xl font-medium">
        <CircleCheck aria-hidden="true" className="size-6" strokeWidth={1.5} />
        {title}
      </h2>
      <p className="mt-3 text-ink-soft">{note}</p>
      {receipt && (
        <ButtonLink to={receipt} variant="outline" className="mt-6">
          {COPY.viewReceipt}
        </ButtonLink>
      )}
    </div>
  );
}

export default function Payment({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const actionData = useActionData<PaymentActionData>();
  const navigation = useNavigation();
  const action = `/payment?ref=${encodeURIComponent(page.reference)}`;
  // A new attempt clears the last one's banner.
  const error = navigation.state === "idle" ? actionData?.formError : undefined;
  const receipt = `/payment-success?ref=${encodeURIComponent(page.reference)}`;

  let panel: React.ReactNode;
  if (page.state === "paid") {
    panel = <Settled title={COPY.paidTitle} note={COPY.paidNote} receipt={receipt} />;
  } else if (page.state === "cancelled" || page.state === "refunded") {
    panel = <Settled title={COPY.cancelledTitle} note={COPY.cancelledNote} />;
  } else if (page.mode === "test") {
    panel = (
      <div className="space-y-6 rounded-lg border border-line bg-white p-6 sm:p-8">
        <TestModeNotice />
        <PaymentErrorBanner message={error} />
        <TestCardForm
          action={action}
          tokenError={navigation.state === "idle" ? actionData?.fieldErrors?.token : undefined}
        />
      </div>
    );
  } else if (page.mode === "stripe") {
    panel = (
      <div className="space-y-6 rounded-lg border border-line bg-white p-6 sm:p-8">
        <PaymentErrorBanner message={error} />
        <CheckoutForm action={action} />
      </div>
    );
  } else {
    panel = <Settled title={COPY.offTitle} note={COPY.offNote} />;
  }

  return (
    <PageMain>
      <PageIntro eyebrow={COPY.eyebrow} title={COPY.title} />
      <Container className="py-10 sm:py-14">
        <BackButton reference={page.reference} />
        <div className="mt-6 grid gap-8 lg:grid-cols-[2fr_3fr]">
          <OrderSummary order={page} />
          {panel}
        </div>
      </Container>
    </PageMain>
  );
}
