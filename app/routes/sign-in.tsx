import { redirect } from "react-router";
import { PageMain } from "~/components/site/page-main";
import { Container } from "~/components/ui/container";
import { PageIntro } from "~/components/ui/page-intro";
import { submitSignInRequest } from "~/features/customers/account-actions.server";
import { SignInForm } from "~/features/customers/components/sign-in-form";
import { SIGN_IN_TEXT } from "~/features/customers/customer-copy";
import {
  findSignedInCustomer,
  PRIVATE_HEADERS,
} from "~/features/customers/customer-session.server";
import { pageMeta } from "~/features/seo/page-meta";
import { CUSTOMER_REDIRECTS, safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/sign-in";

// Customer sign-in by magic link (docs/decisions/0012-real-customer-data.md): an email field, and the same answer
// whether or not the email has bookings with us.

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "Sign in", "Sign in with a link sent to your email to see your bookings.");
}

export function headers() {
  return PRIVATE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo");
  if (await findSignedInCustomer(request, context))
    throw redirect(safeRedirect(redirectTo, CUSTOMER_REDIRECTS));
  return {
    redirectTo: redirectTo ? safeRedirect(redirectTo, CUSTOMER_REDIRECTS) : null,
    signedOut: url.searchParams.has("signedOut"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitSignInRequest(request, context);
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageMain>
      <PageIntro eyebrow="Account" title={SIGN_IN_TEXT.title}>
        <p>{SIGN_IN_TEXT.intro}</p>
      </PageIntro>
      <Container narrow className="py-14 sm:py-20">
        <div className="rounded-lg border border-line bg-white p-6 sm:p-8">
          {loaderData.signedOut && !actionData && (
            <p role="status" className="mb-6 text-sm font-semibold text-success">
              You are signed out.
            </p>
          )}
          <SignInForm redirectTo={loaderData.redirectTo} result={actionData} />
        </div>
      </Container>
    </PageMain>
  );
}
