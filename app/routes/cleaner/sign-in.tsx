import { redirect } from "react-router";
import { Container } from "~/components/ui/container";
import { submitCleanerSignIn } from "~/features/cleaner-app/cleaner-actions.server";
import { CLEANER_SIGN_IN_TEXT } from "~/features/cleaner-app/cleaner-app-copy";
import {
  CLEANER_PRIVATE_HEADERS,
  findSignedInCleaner,
} from "~/features/cleaner-app/cleaner-session.server";
import { CleanerSignInForm } from "~/features/cleaner-app/components/cleaner-sign-in-form";
import type { Route } from "./+types/sign-in";
import { cleanerMeta } from "~/components/cleaner/cleaner-meta";

// The cleaner's app sign-in (docs/decisions/0063-cleaner-app-sign-in.md): an email, a link by
// email, the same answer for every address.

export const meta: Route.MetaFunction = ({ matches }) =>
  cleanerMeta(matches, CLEANER_SIGN_IN_TEXT.title);

export function headers() {
  return CLEANER_PRIVATE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await findSignedInCleaner(request, context)) throw redirect("/cleaner");
  return { signedOut: new URL(request.url).searchParams.has("signedOut") };
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitCleanerSignIn(request, context);
}

export default function CleanerSignIn({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Container narrow className="py-10 sm:py-16">
      <h1 className="font-display text-3xl leading-tight font-medium sm:text-4xl">
        {CLEANER_SIGN_IN_TEXT.title}
      </h1>
      <p className="mt-3 text-ink-soft">{CLEANER_SIGN_IN_TEXT.intro}</p>
      <div className="mt-6 rounded-lg border border-line bg-white p-6 sm:p-8">
        {loaderData.signedOut && !actionData && (
          <p role="status" className="mb-6 text-sm font-semibold text-success">
            {CLEANER_SIGN_IN_TEXT.signedOut}
          </p>
        )}
        <CleanerSignInForm result={actionData} />
      </div>
    </Container>
  );
}
