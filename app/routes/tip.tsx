import { CircleCheck } from "lucide-react";
import { data, redirect, useActionData, useNavigation } from "react-router";
import { PageMain } from "~/components/site/page-main";
import { Container } from "~/components/ui/container";
import { PageIntro } from "~/components/ui/page-intro";
import { CheckoutForm } from "~/features/payments/components/checkout-form";
import { PaymentErrorBanner } from "~/features/payments/components/payment-error-banner";
import { TestCardForm } from "~/features/payments/components/test-card-form";
import { TipAmountForm } from "~/features/payments/components/tip-amount-form";
import { submitTip, type TipActionData } from "~/features/payments/tip-action.server";
import { TIP_TEXT } from "~/features/payments/tips.schema";
import { findTipPage } from "~/features/payments/tips.service.server";
import { pageMeta } from "~/features/seo/page-meta";
import { formatMoney } from "~/lib/format";
import type { Route } from "./+types/tip";

// A tip for the crew of a completed clean (docs/decisions/0078-tips-go-to-the-crew.md): the
// booking ?ref= names (its unguessable reference is the key, as on /payment), the amount, then
// the card through the configured provider (?tip= names the tip waiting for payment).
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const reference = url.searchParams.get("ref");
  if (!reference) throw redirect("/");
  const page = await findTipPage(
    context.db,
    { reference, tipId: url.searchParams.get("tip") },
    { config: context.config },
  );
  if (!page) throw data(null, { status: 404 });
  return { page, justPaid: url.searchParams.get("paid") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitTip(request, context);
}

export function headers() {
  return { "cache-control": "private, no-store", "x-robots-tag": "noindex" };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "Add a tip", "Thank your crew with a tip.");
}

export default function Tip({ loaderData }: Route.ComponentProps) {
  const { page, justPaid } = loaderData;
  const actionData = useActionData<TipActionData>();
  const navigation = useNavigation();
  const idle = navigation.state === "idle";
  const base = `/tip?ref=${encodeURIComponent(page.reference)}`;

  let panel: React.ReactNode;
  if (page.state !== "open") {
    panel = (
      <p className="text-ink-soft">
        {TIP_TEXT[page.state === "no-crew" ? "noCrew" : "notCompleted"]}
      </p>
    );
  } else if (page.pending) {
    const action = `${base}&tip=${encodeURIComponent(page.pending.id)}`;
    panel = (
      <div className="space-y-6">
        <p className="font-display text-2xl font-medium" data-testid="tip-amount">
          {TIP_TEXT.pay(formatMoney(page.pending.amountCents))}
        </p>
        <PaymentErrorBanner message={idle ? actionData?.formError : undefined} />
        {page.mode === "stripe" ? (
          <CheckoutForm action={action} />
        ) : (
          <TestCardForm
            action={action}
            tokenError={idle ? actionData?.fieldErrors?.token : undefined}
          />
        )}
      </div>
    );
  } else {
    panel = (
      <div className="space-y-6">
        <PaymentErrorBanner message={idle ? actionData?.formError : undefined} />
        <TipAmountForm
          action={base}
          errors={idle ? actionData?.fieldErrors : undefined}
          values={actionData?.values}
        />
      </div>
    );
  }

  return (
    <PageMain>
      <PageIntro eyebrow="Thank you" title={TIP_TEXT.title}>
        <p>{TIP_TEXT.intro}</p>
      </PageIntro>
      <Container narrow className="space-y-6 py-10 sm:py-14">
        <div className="rounded-lg border border-line bg-white p-6 sm:p-8">
          <h2 className="font-display text-xl font-medium">{page.service}</h2>
          <p className="mt-1 text-sm text-ink-soft">
            {page.dateLabel} · Reference {page.reference}
          </p>
          {page.crew.length > 0 && <p className="mt-3">{TIP_TEXT.crew(page.crew.join(", "))}</p>}
          {justPaid && (
            <p
              role="status"
              className="mt-4 flex items-center gap-2 rounded-md border border-line bg-ivory px-4 py-3 font-semibold"
            >
              <CircleCheck aria-hidden="true" className="size-5 shrink-0" strokeWidth={1.5} />
              {TIP_TEXT.thanks}
            </p>
          )}
          {page.paidCents.map((cents, index) => (
            <p key={index} className="mt-3 text-ink-soft" data-testid="tip-paid">
              {TIP_TEXT.tipped(formatMoney(cents))}
            </p>
          ))}
        </div>
        <div className="rounded-lg border border-line bg-white p-6 sm:p-8">{panel}</div>
      </Container>
    </PageMain>
  );
}
