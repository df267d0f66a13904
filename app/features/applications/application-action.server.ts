import { data } from "react-router";
import { photoFileOf, storeApplicantPhoto } from "~/features/uploads/uploads.service.server";
import { failureData } from "~/lib/result";
import type { AppContext } from "~/server/context";
import {
  guardPublicForm,
  PUBLIC_FORM,
  TOO_MANY_SUBMISSIONS,
  type GuardedForm,
  type PublicFormRules,
} from "~/server/public-form.server";
import { APPLICATION_TEXT } from "./application-copy";
import { PHOTO_INTENT, type ApplicationActionData, type PhotoUploadData } from "./application-form";
import { submitApplication } from "./applications.service.server";

// /work-with-us's action (docs/product/back-office.md#cleaner-application-wizard). Two posts reach
// it: the photo, as soon as it is chosen (intent "photo", multipart; the route's body limit is
// 6 MB), and the whole application at the end, which the server checks again field by field.

const MINUTE = 60_000;
/** Photos are counted apart from the forms (docs/decisions/0026-abuse-protection.md): a second try is common. */
const PHOTO_FORM: PublicFormRules = {
  limit: {
    bucket: "applicant-photo",
    limits: [
      { limit: 20, windowMs: MINUTE },
      { limit: 200, windowMs: 24 * 60 * MINUTE },
    ],
  },
  honeypot: false,
};

async function uploadApplicantPhoto(
  guarded: GuardedForm,
  context: Pick<AppContext, "db" | "config" | "clientIp" | "logger">,
) {
  // The count lives in the database: when it cannot answer, the photo could not be stored either.
  if (guarded.verdict === "unavailable") {
    context.logger.error({ err: guarded.error }, "applicant photo not stored");
    return data<PhotoUploadData>({ error: APPLICATION_TEXT.photoFailed }, { status: 503 });
  }
  if (guarded.verdict === "limited") {
    return data<PhotoUploadData>({ error: TOO_MANY_SUBMISSIONS }, { status: 429 });
  }
  const { form } = guarded;
  const photo = photoFileOf(form);
  if ("error" in photo) return data<PhotoUploadData>({ error: photo.error }, { status: 400 });
  const bytes = photo.file ? Buffer.from(await photo.file.arrayBuffer()) : null;
  const result = await storeApplicantPhoto(context.db, context.config, bytes ? { bytes } : null);
  if (result.ok) {
    const { id, url } = result.upload;
    return data<PhotoUploadData>({ photo: { id, url } }, { status: 201 });
  }
  return failureData<PhotoUploadData>(result, { error: result.message });
}

function answer(body: ApplicationActionData, status: number) {
  return data(body, { status });
}

/** Stores the application, or answers with the messages to show beside the fields and above the form. */
async function submitApplicationForm(
  guarded: GuardedForm,
  context: Pick<AppContext, "db" | "config" | "clientIp" | "logger">,
) {
  const failed = (error: unknown) => {
    // The error only: never the form, which holds bank and tax details.
    context.logger.error({ err: error }, "application not stored");
    return answer({ status: "error", formError: APPLICATION_TEXT.failed }, 503);
  };
  if (guarded.verdict === "unavailable") return failed(guarded.error);
  if (guarded.verdict === "limited")
    return answer({ status: "error", formError: TOO_MANY_SUBMISSIONS }, 429);
  // A bot that filled the hidden field is thanked, and nothing is stored.
  if (guarded.verdict === "bot") return answer({ status: "success" }, 200);
  const { form } = guarded;

  let result;
  try {
    result = await submitApplication(context.db, context.config, form);
  } catch (error) {
    return failed(error);
  }
  if (result.ok) return answer({ status: "success" }, 201);
  switch (result.kind) {
    case "invalid":
      return answer({ status: "invalid", fieldErrors: result.fieldErrors }, 400);
    case "duplicate-email":
      return answer(
        {
          status: "invalid",
          formError: APPLICATION_TEXT.duplicateEmail,
          fieldErrors: { email: APPLICATION_TEXT.duplicateEmail },
        },
        409,
      );
    case "photo-unavailable":
      return answer(
        {
          status: "invalid",
          formError: APPLICATION_TEXT.photoGone,
          fieldErrors: { photoId: APPLICATION_TEXT.photoGone },
        },
        422,
      );
  }
}

/** The route's action: guarded as a photo or as the application, then handed to the one it is. */
export async function applicationAction(
  request: Request,
  context: Pick<AppContext, "db" | "config" | "clientIp" | "logger">,
) {
  const isPhoto = (form: FormData) => form.get("intent") === PHOTO_INTENT;
  const guarded = await guardPublicForm(request, context, (form) =>
    isPhoto(form) ? PHOTO_FORM : PUBLIC_FORM,
  );
  if (isPhoto(guarded.form)) return uploadApplicantPhoto(guarded, context);
  return submitApplicationForm(guarded, context);
}
