import { Container } from "~/components/ui/container";
import { PageMain } from "~/components/site/page-main";
import { PageIntro } from "~/components/ui/page-intro";
import { signOutAction } from "~/features/customers/account-actions.server";
import { loadProfile } from "~/features/customers/account-pages.server";
import { ProfileCard } from "~/features/customers/components/profile-card";
import { SignInPrompt } from "~/features/customers/components/sign-in-prompt";
import { SIGNED_OUT_TEXT } from "~/features/customers/customer-copy";
import { PRIVATE_HEADERS } from "~/features/customers/customer-session.server";
import { SavedCardPanel } from "~/features/payments/components/saved-card-panel";
import { pageMeta } from "~/features/seo/page-meta";
import type { Route } from "./+types/profile";

// The customer's profile (docs/product/public-site.md#mobile-profile, docs/decisions/0012-real-customer-data.md).

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "Your Profile", "Your details, bookings and rewards in one place.");
}

export function headers() {
  return PRIVATE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadProfile(request, context);
}

/** Log Out is the page's only action. */
export async function action({ request, context }: Route.ActionArgs) {
  return signOutAction(request, context);
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  return (
    <PageMain>
      <PageIntro eyebrow="Account" title="Your Profile" />
      {loaderData.profile ? (
        <Container narrow className="py-14 sm:py-20">
          <ProfileCard profile={loaderData.profile} />
          <SavedCardPanel
            card={loaderData.savedCard}
            mode={loaderData.paymentsMode}
            notice={loaderData.cardNotice}
          />
        </Container>
      ) : (
        <SignInPrompt text={SIGNED_OUT_TEXT.profile} redirectTo="/profile" />
      )}
    </PageMain>
  );
}
