import { data } from "react-router";
import { Container } from "~/components/ui/container";
import { SignInLinkCard } from "~/features/auth/components/sign-in-link-card";
import { LINK_PAGE_STATUS } from "~/features/auth/magic-links.service.server";
import { confirmCleanerSignIn } from "~/features/cleaner-app/cleaner-actions.server";
import { CLEANER_VERIFY_TEXT } from "~/features/cleaner-app/cleaner-app-copy";
import { CLEANER_PRIVATE_HEADERS } from "~/features/cleaner-app/cleaner-session.server";
import { cleanerLinkState } from "~/features/cleaner-app/cleaner-sign-in.service.server";
import type { Route } from "./+types/sign-in-verify";
import { cleanerMeta } from "~/components/cleaner/cleaner-meta";

// The page a cleaner's sign-in link opens. Opening it changes nothing (mail scanners fetch
// links first); the Sign in button's POST uses the link
// (docs/decisions/0063-cleaner-app-sign-in.md).

export const meta: Route.MetaFunction = ({ matches }) =>
  cleanerMeta(matches, CLEANER_VERIFY_TEXT.title);

// The token is in the URL: never cached, and never sent to another site as a referrer.
export function headers() {
  return { ...CLEANER_PRIVATE_HEADERS, "Referrer-Policy": "same-origin" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const state = await cleanerLinkState(context.db, token);
  const open = state === "open";
  return data({ open, token: open ? token : "" }, { status: LINK_PAGE_STATUS[state] });
}

export async function action({ request, context }: Route.ActionArgs) {
  return confirmCleanerSignIn(request, context);
}

export default function CleanerSignInVerify({ loaderData, actionData }: Route.ComponentProps) {
  const usable = loaderData.open && !actionData;
  return (
    <Container narrow className="py-10 sm:py-16">
      <h1 className="font-display text-3xl leading-tight font-medium sm:text-4xl">
        {usable ? CLEANER_VERIFY_TEXT.title : CLEANER_VERIFY_TEXT.invalidTitle}
      </h1>
      <div className="mt-6">
        <SignInLinkCard
          usable={usable}
          token={loaderData.token}
          text={CLEANER_VERIFY_TEXT}
          askAgainHref="/cleaner/sign-in"
        />
      </div>
    </Container>
  );
}
