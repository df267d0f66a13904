import { data } from "react-router";
import { PageMain } from "~/components/site/page-main";
import { SignInLinkCard } from "~/features/auth/components/sign-in-link-card";
import { LINK_PAGE_STATUS } from "~/features/auth/magic-links.service.server";
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
    { status: LINK_PAGE_STATUS[state] },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return confirmSignIn(request, context);
}

export default function SignInVerify({ loaderData, actionData }: Route.ComponentProps) {
  const usable = loaderData.open && !actionData;
  return (
    <PageMain>
      <PageIntro eyebrow="Account" title={usable ? VERIFY_TEXT.title : VERIFY_TEXT.invalidTitle} />
      <Container narrow className="py-14 sm:py-20">
        <SignInLinkCard
          usable={usable}
          token={loaderData.token}
          text={VERIFY_TEXT}
          askAgainHref="/sign-in"
          hidden={{ redirectTo: loaderData.redirectTo }}
        />
      </Container>
    </PageMain>
  );
}
