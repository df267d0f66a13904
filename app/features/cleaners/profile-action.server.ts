import type { Kysely } from "kysely";
import { data } from "react-router";
import { z } from "zod";
import { failureStatus } from "~/lib/result";
import type { AppContext } from "~/server/context";
import type { Database } from "~/server/database";
import { uploadCleanerPhoto } from "./add-cleaner.service.server";
import { applicationAction, isApplicationIntent } from "./application-review-action.server";
import { isVettingIntent, vettingAction } from "./vetting-action.server";
import { EDIT_TEXT, PAY_BASIS_INTENT, PHOTO_INTENT, PROFILE_TEXT } from "./cleaner-admin-copy";
import { PAY_BASIS_TEXT } from "./pay-basis.schema";
import { updateCleanerPayBasis } from "./pay-basis.service.server";
import { updateCleanerBankDetails, updateCleanerDetails } from "./cleaner-details.service.server";
import { CLEANER_STATUS_LABELS, CLEANER_STATUSES } from "./cleaner-directory";
import { revealPaymentDetails, setCleanerStatus } from "./cleaner-profile.service.server";
import type { JobToRelease, ProfileAnswer } from "./profile-answer";
import { takesJobs } from "./cleaner-status";
import { updatePublicProfile } from "./public-profile-edit.service.server";

// The cleaner profile's posts (docs/product/back-office.md#cleaner-profile): the status menu, the
// public profile's form and its photo, the contact details and services, an owner's reveal and
// bank details and pay basis, and the application's decline, notes and documents. The route has checked the
// permission each needs (cleaners.manage; sensitive.reveal for the reveal and the bank details;
// cleaner-documents.manage for documents).

type Context = Pick<AppContext, "db" | "config" | "logger" | "clientIp">;

const StatusFormSchema = z.object({
  status: z.enum(CLEANER_STATUSES),
  confirm: z.literal("release").optional(),
});

/**
 * docs/decisions/0041-cleaners-hear-of-job-changes.md: a cleaner who stops taking jobs keeps
 * none. The job offers feature lists and releases them; the route hands it in, since that
 * feature builds on this one.
 */
export type JobRelease = {
  list: (cleanerId: string) => Promise<JobToRelease[]>;
  release: (trx: Kysely<Database>, cleanerId: string, statusLabel: string) => Promise<number>;
};

const SAVED_TITLES = {
  details: EDIT_TEXT.detailsSaved,
  bank: EDIT_TEXT.bankSaved,
  [PAY_BASIS_INTENT]: PAY_BASIS_TEXT.saved,
};

const answer = (body: ProfileAnswer, status = 200) => data<ProfileAnswer>(body, { status });

/**
 * The status menu. A move away from taking jobs first answers the jobs it would release, for
 * staff to confirm; confirmed, it releases them with the status change.
 */
async function statusAction(
  cleanerId: string,
  form: FormData,
  staffId: string,
  context: Context,
  jobs: JobRelease,
) {
  const intent = "status";
  const failed = (status: number) =>
    answer(
      {
        intent,
        error: PROFILE_TEXT.statusFailed,
        toast: { tone: "failed", title: PROFILE_TEXT.statusFailed },
      },
      status,
    );
  const parsed = StatusFormSchema.safeParse({
    status: form.get("status"),
    confirm: form.get("confirm") ?? undefined,
  });
  if (!parsed.success) return failed(400);
  const to = parsed.data.status;
  const label = CLEANER_STATUS_LABELS[to];
  const leavesWork = !takesJobs(to);
  if (leavesWork && parsed.data.confirm !== "release") {
    const toRelease = await jobs.list(cleanerId);
    if (toRelease.length > 0)
      return answer({ intent, confirm: { status: to, label, jobs: toRelease } });
  }
  const result = await setCleanerStatus(context.db, {
    cleanerId,
    to,
    actor: { type: "staff", id: staffId },
    releaseJobs: leavesWork ? (trx) => jobs.release(trx, cleanerId, label) : undefined,
  });
  if (result.kind === "not-found") return failed(404);
  if (result.kind === "refused") {
    const toast = { tone: "failed" as const, title: result.message };
    return answer({ intent, error: result.message, toast }, 409);
  }
  const title =
    result.kind === "unchanged"
      ? PROFILE_TEXT.statusUnchanged
      : PROFILE_TEXT.statusChanged(CLEANER_STATUS_LABELS[result.change.to]);
  const released = result.released > 0 ? ` ${PROFILE_TEXT.jobsReleased(result.released)}` : "";
  return answer({ intent, toast: { tone: "saved", title: `${title}${released}` } });
}

export async function profileAction(
  cleanerId: string,
  form: FormData,
  staffId: string,
  context: Context,
  jobs: JobRelease,
) {
  const intent = form.get("intent");
  if (intent === PHOTO_INTENT) {
    const upload = await uploadCleanerPhoto(context.db, context.config, form);
    return data(upload.body, { status: upload.status });
  }

  if (isVettingIntent(intent)) {
    return answer(...(await vettingAction(intent, cleanerId, form, staffId, context)));
  }

  if (intent === "status") return statusAction(cleanerId, form, staffId, context, jobs);

  if (isApplicationIntent(intent)) {
    return answer(...(await applicationAction(intent, cleanerId, form, staffId, context)));
  }

  if (intent === "profile") {
    const result = await updatePublicProfile(context.db, cleanerId, form);
    if (result.ok) {
      return answer({ intent, saved: true, toast: { tone: "saved", title: PROFILE_TEXT.saved } });
    }
    if (result.kind === "not_found") {
      return answer({ intent, formError: result.message }, failureStatus(result.kind));
    }
    // A field refused answers 400, as the back office's forms do.
    return answer({ intent, fieldErrors: result.fieldErrors, values: result.values }, 400);
  }

  if (intent === "details" || intent === "bank" || intent === PAY_BASIS_INTENT) {
    const actor = { staffId, ip: context.clientIp };
    const result =
      intent === "details"
        ? await updateCleanerDetails(context.db, cleanerId, form, actor)
        : intent === "bank"
          ? await updateCleanerBankDetails(context.db, context.config, cleanerId, form, actor)
          : await updateCleanerPayBasis(context.db, context.config, cleanerId, form, actor);
    if (result.ok) {
      const saved = SAVED_TITLES[intent];
      const title = result.changed.length > 0 ? saved : EDIT_TEXT.unchanged;
      return answer({ intent, saved: true, toast: { tone: "saved", title } });
    }
    if (!result.fieldErrors) {
      return answer({ intent, formError: result.message }, failureStatus(result.kind));
    }
    // The numbers typed are never sent back (docs/decisions/0011-encrypted-bank-details.md).
    const {
      bsb: _bsb,
      accountNumber: _account,
      tfn: _tfn,
      ...values
    } = (result.values ?? {}) as Record<string, string>;
    return answer({ intent, fieldErrors: result.fieldErrors, values } as ProfileAnswer, 400);
  }

  if (intent === "reveal") {
    const result = await revealPaymentDetails(context.db, context.config, {
      cleanerId,
      staffId,
      ip: context.clientIp,
    });
    if (!result.ok) return answer({ intent, error: result.message }, failureStatus(result.kind));
    return answer({
      intent,
      payment: result.payment,
      toast: { tone: "saved", title: PROFILE_TEXT.revealed },
    });
  }

  return data({ error: "Unknown action." }, { status: 400 });
}
