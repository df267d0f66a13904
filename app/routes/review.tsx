import { data } from "react-router";
import { FormMessage } from "~/components/kit/form-message";
import { PageMain } from "~/components/site/page-main";
import { Container } from "~/components/ui/container";
import { PageIntro } from "~/components/ui/page-intro";
import { ReviewForm } from "~/features/review-requests/components/review-form";
import {
  openedReviewPageState,
  REVIEW_PAGE_COPY,
  REVIEW_TEXT,
  reviewPageState,
} from "~/features/review-requests/review-request";
import {
  submitReviewForm,
  type ReviewActionData,
} from "~/features/review-requests/review-action.server";
import {
  openReviewRequest,
  tipLinkOfReviewRequest,
} from "~/features/review-requests/review-request.service.server";
import { ButtonLink } from "~/components/ui/button-link";
import { TIP_TEXT } from "~/features/payments/tips.schema";
import type { Route } from "./+types/review";

// A client's personal review link (docs/decisions/0023-honest-reviews.md): a rating,
// their words and the name to show; the review arrives unverified for staff. The link works once.

export function meta() {
  return [{ title: REVIEW_TEXT.title }, { name: "robots", content: "noindex, nofollow" }];
}

// The token is in the URL: never cached, and never sent to another site as a referrer.
export function headers() {
  return {
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex",
    "Referrer-Policy": "same-origin",
  };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const [opened, tipHref] = await Promise.all([
    openReviewRequest(context.db, params.token),
    tipLinkOfReviewRequest(context.db, params.token),
  ]);
  if (opened.status === "open") {
    return { state: "open" as const, firstName: opened.firstName, tipHref };
  }
  const justSent = new URL(request.url).searchParams.get("sent") === "1";
  const state = openedReviewPageState(opened.status, justSent);
  return data(
    { state, firstName: "", tipHref: state === "thanks" ? tipHref : null },
    { status: state === "thanks" ? 200 : state === "used" ? 410 : 404 },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return submitReviewForm(request, context, params.token);
}

export default function ReviewPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const answer = actionData as ReviewActionData | undefined;
  const state = reviewPageState(loaderData.state, answer);
  const copy = REVIEW_PAGE_COPY[state];
  const problem =
    answer && (answer.status === "invalid" || answer.status === "error") ? answer : undefined;
  return (
    <PageMain>
      <PageIntro eyebrow="Your review" title={copy.title} />
      <Container narrow className="py-10 sm:py-16">
        <div className="rounded-lg border border-line bg-white p-5 sm:p-8">
          {state === "open" ? (
            <ReviewForm
              action={`/review/${params.token}`}
              firstName={loaderData.firstName}
              result={problem}
            />
          ) : (
            <FormMessage tone={state === "thanks" ? "success" : "error"} message={copy.body} />
          )}
        </div>
        {loaderData.tipHref && (
          <p className="mt-6 text-center">
            <ButtonLink to={loaderData.tipHref} variant="outline">
              {TIP_TEXT.title}
            </ButtonLink>
          </p>
        )}
      </Container>
    </PageMain>
  );
}
