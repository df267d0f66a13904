import { data } from "react-router";
import { Container } from "~/components/ui/container";
import { PageMain } from "~/components/site/page-main";
import { PageIntro } from "~/components/ui/page-intro";
import { submitProfileDetails } from "~/features/customers/account-actions.server";
import { loadProfile } from "~/features/customers/account-pages.server";
import { ProfileDetailsForm } from "~/features/customers/components/profile-details-form";
import { SignInPrompt } from "~/features/customers/components/sign-in-prompt";
import { PROFILE_TEXT, SIGNED_OUT_TEXT } from "~/features/customers/customer-copy";
import { PRIVATE_HEADERS } from "~/features/customers/customer-session.server";
import { pageMeta } from "~/features/seo/page-meta";
import { SmsChoiceForm } from "~/features/sms/components/sms-choice-form";
import { smsChoiceFor } from "~/features/sms/sms.service.server";
import type { Route } from "./+types/profile-details";

// Profile details (docs/product/public-site.md#mobile-profile): the signed-in customer edits their name and phone.

export function meta(args: Route.MetaArgs) {
  return pageMeta(
    args,
    PROFILE_TEXT.detailsTitle,
    "Change the name and phone number on your bookings.",
  );
}

export function headers() {
  return PRIVATE_HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const loaded = await loadProfile(request, context);
  const phone = loaded.data.profile?.phone ?? null;
  const sms = loaded.data.profile ? await smsChoiceFor(context.db, phone, context.config) : null;
  const saved = new URL(request.url).searchParams.get("sms");
  const smsSaved: "on" | "off" | null = saved === "on" || saved === "off" ? saved : null;
  return data({ ...loaded.data, sms, smsSaved }, { headers: PRIVATE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitProfileDetails(request, context);
}

export default function ProfileDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, sms, smsSaved } = loaderData;
  return (
    <PageMain>
      <PageIntro eyebrow="Account" title={PROFILE_TEXT.detailsTitle} />
      {profile ? (
        <Container narrow className="py-14 sm:py-20">
          <div className="rounded-lg border border-line bg-white p-6 sm:p-8">
            <p className="mb-6 text-sm text-ink-soft">
              Signed in as <strong className="break-all text-ink">{profile.email}</strong>. To use
              another email, call us.
            </p>
            <ProfileDetailsForm
              defaults={{ name: profile.name ?? "", phone: profile.phone ?? "" }}
              result={actionData}
            />
          </div>
          {sms?.offered && sms.phone && (
            <div className="mt-8 rounded-lg border border-line bg-white p-6 sm:p-8">
              <SmsChoiceForm phone={sms.phone} optedIn={sms.optedIn} saved={smsSaved} />
            </div>
          )}
        </Container>
      ) : (
        <SignInPrompt text={SIGNED_OUT_TEXT.profile} redirectTo="/profile/details" />
      )}
    </PageMain>
  );
}
