import { data, Form, Link, useNavigation } from "react-router";
import { FormMessage } from "~/components/kit/form-message";
import { PageMain } from "~/components/site/page-main";
import { buttonClasses } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { PageIntro } from "~/components/ui/page-intro";
import { confirmSignIn } from "~/features/customers/account-actions.server";
import { VERIFY_TEXT } from "~/features/customers/customer-copy";
import { PRIVATE_HEADERS } from "~/features/customers/customer-session.server";
import { magicLinkState } from "~/features/customers/magic-link.service.server";
import { pageMeta } from "~/features/seo/page-meta";
import type { Route } from "./+types/sign-in-verify";

// The page a magic link opens. Opening it changes nothing: mail scanners fetch links before
// people do, so the link is used only by the Sign in button's POST.

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, VERIFY_TEXT.title, "Finish signing in to your account.");
}

// The token is in the URL: never cached, and never sent to another site as a referrer.
// (Not "no-referrer": a form posted from such a page carries "Origin: null", which the
// same-origin checks rightly refuse.)
export function headers() {
  return { ...PRIVATE_HEADERS, "Referrer-Policy": "same-origin" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const state = await magicLinkState(context.db, token);
  const open = state === "open";
  // The form posts the token it came with; a page for an unusable link carries none.
  return data(
    { open, token: open ? token : "", redirectTo: url.searchParams.get("redirectTo") },
    { status: { open: 200, gone: 410, unknown: 404 }[state] },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return confirmSignIn(request, context);
}

export default function SignInVerify({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const usable = loaderData.open && !actionData;
  return (
    <PageMain>
      <PageIntro eyebrow="Account" title={usable ? VERIFY_TEXT.title : VERIFY_TEXT.invalidTitle} />
      <Container narrow className="py-14 sm:py-20">
        <div className="rounded-lg border border-line bg-white p-6 sm:p-8">
          {usable ? (
            <Form method="post" replace className="space-y-5">
              <p className="text-ink-soft">{VERIFY_TEXT.intro}</p>
              <input type="hidden" name="token" value={loaderData.token} />
              {loaderData.redirectTo && (
                <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
              )}
              <button
                type="submit"
                disabled={busy}
                className={buttonClasses("ink", "w-full sm:w-auto")}
              >
                {busy ? VERIFY_TEXT.submitting : VERIFY_TEXT.submit}
              </button>
            </Form>
          ) : (
            <div className="space-y-5">
              <FormMessage message={VERIFY_TEXT.invalid} />
              <Link to="/sign-in" className={buttonClasses("ink")}>
                {VERIFY_TEXT.askAgain}
              </Link>
            </div>
          )}
        </div>
      </Container>
    </PageMain>
  );
}
