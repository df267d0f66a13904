import { data } from "react-router";
import { z } from "zod";
import { failureStatus } from "~/lib/result";
import type { AppContext } from "~/server/context";
import { uploadCleanerPhoto } from "./add-cleaner.service.server";
import { PHOTO_INTENT, PROFILE_TEXT } from "./cleaner-admin-copy";
import { CLEANER_STATUS_LABELS, CLEANER_STATUSES } from "./cleaner-directory";
import { revealPaymentDetails, setCleanerStatus } from "./cleaner-profile.service.server";
import type { ProfileAnswer } from "./profile-answer";
import { updatePublicProfile } from "./public-profile-edit.service.server";
import { vettingAction } from "./vetting-action.server";

// The cleaner profile's posts (docs/product/back-office.md#cleaner-profile): the status menu, the
// public profile's form and its photo, and an owner's reveal. The route has checked the
// permission each needs (cleaners.manage; sensitive.reveal for the reveal).

type Context = Pick<AppContext, "db" | "config" | "logger" | "clientIp">;

const StatusFormSchema = z.object({ status: z.enum(CLEANER_STATUSES) });

const answer = (body: ProfileAnswer, status = 200) => data<ProfileAnswer>(body, { status });

export async function profileAction(
  cleanerId: string,
  form: FormData,
  staffId: string,
  context: Context,
) {
  const intent = form.get("intent");
  if (intent === PHOTO_INTENT) {
    const upload = await uploadCleanerPhoto(context.db, context.config, form);
    return data(upload.body, { status: upload.status });
  }

  if (intent === "police-check" || intent === "time-off") {
    return answer(...(await vettingAction(intent, cleanerId, form, staffId, context)));
  }

  if (intent === "status") {
    const parsed = StatusFormSchema.safeParse({ status: form.get("status") });
    const failed = (status: number) =>
      answer(
        {
          intent,
          error: PROFILE_TEXT.statusFailed,
          toast: { tone: "failed", title: PROFILE_TEXT.statusFailed },
        },
        status,
      );
    if (!parsed.success) return failed(400);
    const result = await setCleanerStatus(context.db, {
      cleanerId,
      to: parsed.data.status,
      actor: { type: "staff", id: staffId },
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
    return answer({ intent, toast: { tone: "saved", title } });
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
