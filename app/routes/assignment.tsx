import { data, Form, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { CLEANER_LAYOUT_ID, type CleanerFrameData } from "~/components/cleaner/cleaner-frame";
import { JobFacts } from "~/components/cleaner/job-facts";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { answerOffer, viewOffer } from "~/features/assignments/offer-answers.server";
import {
  OFFER_TEXT,
  refusalStatus,
  type OfferJob,
  type OfferPage,
} from "~/features/assignments/offer-page";
import { guardPublicForm, SAME_SITE_FORM } from "~/server/public-form.server";
import type { Route } from "./+types/assignment";

// /assignments/{token}: a cleaner's job offer (docs/decisions/0013-cleaner-assignments.md). No
// sign-in: the emailed link is the key, used once. Opening it changes nothing (mail scanners
// fetch links); Accept and Decline are same-origin POSTs. Before acceptance the page shows no
// client details; a link never issued, altered, used up or past its deadline gets a clear page
// with 404 or 410. The page sits in the cleaners' plain frame (./cleaner-layout.tsx).

export const meta: Route.MetaFunction = ({ matches }) => {
  const frame = matches.find((match) => match?.id === CLEANER_LAYOUT_ID)?.data as
    CleanerFrameData | undefined;
  const name = frame?.businessName ?? "Harbour & Gold Cleaning";
  return [{ title: `${OFFER_TEXT.title} | ${name}` }, { name: "robots", content: "noindex" }];
};

/**
 * The answer's own page (accepted, with the client's details, or declined) is the action's
 * data. Loading the link again after an answer would only fetch "already answered" with a 410,
 * which the browser logs as an error: after a post, the page is not revalidated.
 */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

// The token is in the URL: never cached, never sent to another site as a referrer.
export function headers() {
  return {
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex",
    "Referrer-Policy": "same-origin",
  };
}

function reply(page: OfferPage) {
  return data(page, page.state === "refused" ? refusalStatus(page.reason) : 200);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return reply(await viewOffer(context.db, params.token));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { form } = await guardPublicForm(request, context, SAME_SITE_FORM);
  const answer = form.get("answer");
  if (answer !== "accept" && answer !== "decline") {
    return data<OfferPage>(await viewOffer(context.db, params.token), 400);
  }
  return reply(
    await answerOffer(context.db, params.token, answer, {
      publicUrl: context.config.publicUrl,
      ip: context.clientIp,
    }),
  );
}

function OfferFacts({ job }: { job: OfferJob }) {
  return (
    <JobFacts
      className="gap-y-2"
      facts={[
        ["Suburb", job.suburb],
        ["Date", job.date],
        ["Time", job.time],
        ["Hours", job.hours],
        ["Pay", job.pay],
      ]}
    />
  );
}

function titleOf(page: OfferPage) {
  switch (page.state) {
    case "open":
      return OFFER_TEXT.title;
    case "accepted":
      return OFFER_TEXT.accepted;
    case "declined":
      return OFFER_TEXT.declined;
    case "refused":
      return OFFER_TEXT.refused[page.reason].title;
  }
}

export default function Assignment({ loaderData, actionData }: Route.ComponentProps) {
  const page: OfferPage = actionData ?? loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <Container narrow className="py-10 sm:py-16">
      <h1 className="font-display text-3xl leading-tight font-medium text-balance sm:text-4xl">
        {titleOf(page)}
      </h1>
      <div className="mt-6 space-y-6 rounded-lg border border-line bg-white p-6 sm:p-8">
        {page.state === "refused" ? (
          <p role="status">{OFFER_TEXT.refused[page.reason].body}</p>
        ) : (
          <>
            <OfferFacts job={page.job} />
            {page.state === "open" && (
              <>
                <p>
                  Please answer by <strong>{page.deadline}</strong> (Sydney time).
                </p>
                <Form method="post" replace className="flex flex-wrap gap-3">
                  <button
                    type="submit"
                    name="answer"
                    value="accept"
                    disabled={busy}
                    className={buttonClasses("ink", "w-full sm:w-auto")}
                  >
                    {OFFER_TEXT.accept}
                  </button>
                  <button
                    type="submit"
                    name="answer"
                    value="decline"
                    disabled={busy}
                    className={buttonClasses("outline", "w-full sm:w-auto")}
                  >
                    {OFFER_TEXT.decline}
                  </button>
                </Form>
              </>
            )}
            {page.state === "accepted" && (
              <section aria-labelledby="client-heading" className="border-t border-line pt-4">
                <h2 id="client-heading" className="font-semibold">
                  The client
                </h2>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
                  <dt className="font-semibold">Name</dt>
                  <dd>{page.client.name}</dd>
                  <dt className="font-semibold">Address</dt>
                  <dd>{page.client.address}</dd>
                  <dt className="font-semibold">Phone</dt>
                  <dd>
                    {page.client.phone ? (
                      <a
                        className="underline"
                        href={`tel:${page.client.phone.replace(/[^\d+]/g, "")}`}
                      >
                        {page.client.phone}
                      </a>
                    ) : (
                      "Not given"
                    )}
                  </dd>
                </dl>
                <p className="mt-3 text-ink-soft">We have emailed you these details too.</p>
              </section>
            )}
            {page.state === "declined" && <p role="status">{OFFER_TEXT.declinedBody}</p>}
          </>
        )}
      </div>
    </Container>
  );
}
