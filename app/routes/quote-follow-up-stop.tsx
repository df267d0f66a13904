import { data, Form, useNavigation } from "react-router";
import { FormMessage } from "~/components/kit/form-message";
import { PageMain } from "~/components/site/page-main";
import { Container } from "~/components/ui/container";
import { PageIntro } from "~/components/ui/page-intro";
import { buttonClasses } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import { FOLLOW_UP_TEXT } from "~/features/quote-follow-ups/follow-up-message";
import { readStopLink, stopFollowUps } from "~/features/quote-follow-ups/follow-ups.service.server";
import { failureStatus } from "~/lib/result";
import { guardPublicForm, SAME_SITE_FORM } from "~/server/public-form.server";
import type { Route } from "./+types/quote-follow-up-stop";

// The one-click stop link of a quote follow-up (docs/decisions/0077-quote-follow-ups.md): opening
// it changes nothing (mail scanners open links); the page's button posts, same-site only, and
// works without signing in because the link itself is signed.

export function meta() {
  return [{ title: FOLLOW_UP_TEXT.stopHeading }, { name: "robots", content: "noindex, nofollow" }];
}

// The token is in the URL: never cached, and never sent to another site as a referrer.
export function headers() {
  return {
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex",
    "Referrer-Policy": "same-origin",
  };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const link = await readStopLink(context.db, params.token, context.config);
  if (!link.ok) {
    return data({ state: "invalid" as const, reference: "" }, { status: failureStatus(link.kind) });
  }
  return {
    state: link.stopped ? ("stopped" as const) : ("open" as const),
    reference: link.reference,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // The signed link is the only key; the origin check keeps another site from posting it.
  await guardPublicForm(request, context, SAME_SITE_FORM);
  const result = await stopFollowUps(context.db, params.token, context.config);
  if (!result.ok) {
    return data(
      { stopped: false, message: result.message },
      { status: failureStatus(result.kind) },
    );
  }
  return { stopped: true, message: FOLLOW_UP_TEXT.stopped(result.reference) };
}

export default function QuoteFollowUpStop({ loaderData, actionData }: Route.ComponentProps) {
  const done = actionData?.stopped || loaderData.state === "stopped";
  const busy = useNavigation().state === "submitting";
  return (
    <PageMain>
      <PageIntro eyebrow="Your quote" title={FOLLOW_UP_TEXT.stopHeading} />
      <Container narrow className="py-10 sm:py-16">
        <div className="rounded-lg border border-line bg-white p-5 sm:p-8">
          {loaderData.state === "invalid" ? (
            <FormMessage tone="error" message={FOLLOW_UP_TEXT.invalidLink} />
          ) : done ? (
            <FormMessage
              tone="success"
              message={actionData?.message ?? FOLLOW_UP_TEXT.stopped(loaderData.reference)}
            />
          ) : (
            <Form method="post" className="space-y-5">
              <FormMessage tone="error" message={actionData?.message} />
              <p className="text-ink-soft">{FOLLOW_UP_TEXT.stopIntro(loaderData.reference)}</p>
              <SubmitButton busy={busy} busyLabel="Stopping..." className={buttonClasses("ink")}>
                {FOLLOW_UP_TEXT.stopButton}
              </SubmitButton>
            </Form>
          )}
        </div>
      </Container>
    </PageMain>
  );
}
