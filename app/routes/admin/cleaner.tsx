import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { ErrorState } from "~/components/kit/error-state";
import {
  listJobsToRelease,
  releaseCleanerJobs,
} from "~/features/assignments/cleaner-release.service.server";
import { can } from "~/features/auth/permissions";
import { requirePermission } from "~/features/auth/require-staff.server";
import { PROFILE_TEXT } from "~/features/cleaners/cleaner-admin-copy";
import { getCleanerProfile } from "~/features/cleaners/cleaner-profile.service.server";
import {
  CleanerBankForm,
  CleanerDetailsForm,
} from "~/features/cleaners/components/cleaner-edit-forms";
import { PAY_BASIS_INTENT } from "~/features/cleaners/cleaner-admin-copy";
import { PayBasisForm } from "~/features/cleaners/components/pay-basis-form";
import { CleanerJobs } from "~/features/cleaners/components/cleaner-jobs";
import { PaymentDetails } from "~/features/cleaners/components/payment-details";
import {
  ProfileDetails,
  ProfileHeader,
  ProfileTiles,
} from "~/features/cleaners/components/profile-sections";
import { PublicProfileForm } from "~/features/cleaners/components/public-profile-form";
import { StatusForm } from "~/features/cleaners/components/status-form";
import { VettingForms } from "~/features/cleaners/components/vetting-forms";
import { isDocumentIntent } from "~/features/cleaners/application-review-action.server";
import { getApplicationReview } from "~/features/cleaners/application-review.service.server";
import { ApplicationPanel } from "~/features/cleaners/components/application-panel";
import { profileAction } from "~/features/cleaners/profile-action.server";
import { submitAppSignOut } from "~/features/cleaner-app/cleaner-actions.server";
import { submitTimeOffDecision } from "~/features/time-off/time-off-actions.server";
import {
  APP_SIGN_OUT_INTENT,
  AppSessionsPanel,
} from "~/features/cleaner-app/components/app-sessions-panel";
import { adminMeta } from "~/features/seo/admin-meta";
import { readFormData } from "~/lib/http.server";
import type { Route } from "./+types/cleaner";

export const meta: Route.MetaFunction = (args) =>
  adminMeta(
    args,
    args.data && "cleaner" in args.data && args.data.cleaner
      ? args.data.cleaner.name
      : "Cleaner profile",
  );

// docs/product/back-office.md#cleaner-profile and #messages: "No cleaner ID provided", "Cleaner
// not found" (404) and "Failed to load cleaner profile", each with a way back to Cleaners.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { staff } = await requirePermission(request, context, "cleaners.view");
  const id = params.id?.trim();
  if (!id) return data({ problem: PROFILE_TEXT.noId, cleaner: null }, { status: 400 });
  try {
    const cleaner = await getCleanerProfile(context.db, id);
    if (!cleaner) return data({ problem: PROFILE_TEXT.notFound, cleaner: null }, { status: 404 });
    const review = await getApplicationReview(context.db, id, {
      withDocuments: can(staff.role, "cleaner-documents.manage"),
    });
    return {
      problem: null,
      cleaner,
      review,
      canManage: can(staff.role, "cleaners.manage"),
      canReveal: can(staff.role, "sensitive.reveal"),
    };
  } catch (error) {
    context.logger.error({ err: error }, "cleaner profile not loaded");
    return data({ problem: PROFILE_TEXT.failed, cleaner: null }, { status: 500 });
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { staff } = await requirePermission(request, context, "cleaners.manage");
  const form = await readFormData(request);
  // docs/decisions/0063-cleaner-app-sign-in.md: ends the cleaner's app sessions, audited.
  if (form.get("intent") === APP_SIGN_OUT_INTENT) {
    return submitAppSignOut(params.id, staff.id, context);
  }
  // docs/decisions/0070-cleaner-time-off-and-working-pattern.md: a cleaner's time-off request.
  if (form.get("intent") === "time-off-decision") {
    return submitTimeOffDecision(params.id ?? "", form, staff.id, context);
  }
  // docs/decisions/0011-encrypted-bank-details.md: only owners may see bank and tax numbers, and
  // only they change the bank details (docs/decisions/0055-cleaner-edits-and-audit-log.md) and
  // the pay basis, which carries the TFN (docs/decisions/0092-pay-basis-and-other-payments.md).
  const intent = form.get("intent");
  if (intent === "reveal" || intent === "bank" || intent === PAY_BASIS_INTENT) {
    await requirePermission(request, context, "sensitive.reveal");
  }
  // docs/decisions/0056-application-outcomes-and-documents.md: identity papers are owners'.
  if (isDocumentIntent(intent))
    await requirePermission(request, context, "cleaner-documents.manage");
  return profileAction(params.id, form, staff.id, context, {
    list: (cleanerId) => listJobsToRelease(context.db, cleanerId),
    release: (trx, cleanerId, statusLabel) =>
      releaseCleanerJobs(trx, cleanerId, {
        actor: { type: "staff", id: staff.id },
        statusLabel,
        publicUrl: context.config.publicUrl,
        now: new Date(),
      }),
  });
}

function BackLink() {
  return (
    <Link
      to="/admin/cleaners"
      className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-gold-deep underline underline-offset-4 dark:text-gold"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {PROFILE_TEXT.back}
    </Link>
  );
}

export default function CleanerProfilePage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.cleaner) {
    return (
      <>
        <h1 className="sr-only">Cleaner profile</h1>
        <BackLink />
        <div className="mt-4">
          <ErrorState title={loaderData.problem ?? PROFILE_TEXT.failed} />
        </div>
      </>
    );
  }
  const { cleaner, review, canManage, canReveal } = loaderData;
  return (
    <div className="space-y-6">
      <BackLink />
      <header className="flex flex-wrap items-end justify-between gap-4 border-b border-line pb-5 dark:border-ivory/10">
        <ProfileHeader cleaner={cleaner} />
        {canManage && !review?.declined && (
          <StatusForm
            status={cleaner.status}
            policeCheckProblem={cleaner.verification.policeCheckProblem}
          />
        )}
        {review?.declined && (
          <p className="max-w-sm text-sm font-semibold">
            Application declined. Reopen it under Application to change the status.
          </p>
        )}
      </header>
      <ProfileTiles cleaner={cleaner} />
      <ProfileDetails cleaner={cleaner} />
      {canManage && <CleanerDetailsForm key={`details-${cleaner.id}`} cleaner={cleaner} />}
      {review && (
        <ApplicationPanel cleanerId={cleaner.id} review={review} canManage={canManage ?? false} />
      )}
      <PaymentDetails payment={cleaner.payment} canReveal={canReveal ?? false} />
      {canReveal && <CleanerBankForm key={`bank-${cleaner.id}`} payment={cleaner.payment} />}
      {canReveal && <PayBasisForm key={`pay-${cleaner.id}`} values={cleaner.payBasis} />}
      {canManage && <VettingForms key={`vetting-${cleaner.id}`} cleaner={cleaner} />}
      {canManage && (
        <PublicProfileForm
          key={cleaner.id}
          cleanerId={cleaner.id}
          values={cleaner.publicProfile}
          hasPhoto={cleaner.photoUrl !== null || cleaner.publicProfile.photoUrl !== ""}
        />
      )}
      <CleanerJobs jobs={cleaner.jobs} />
      {canManage && <AppSessionsPanel />}
    </div>
  );
}
