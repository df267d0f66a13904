import { data, redirect } from "react-router";
import { firstErrorPerField, type PublicFormProblem } from "~/lib/field-errors";
import { failureData } from "~/lib/result";
import type { AppContext } from "~/server/context";
import {
  guardPublicForm,
  PUBLIC_FORM,
  readTextFields,
  tooManySubmissions,
} from "~/server/public-form.server";
import {
  REVIEW_TEXT,
  ReviewFormSchema,
  reviewThanksPath,
  type ReviewField,
} from "./review-request";
import { submitReview } from "./review-request.service.server";

export type ReviewActionData =
  | { status: "success" }
  | { status: "used" }
  | { status: "not-found" }
  | PublicFormProblem<ReviewField>;

const FIELDS = ["rating", "comment", "displayName"] as const satisfies readonly ReviewField[];

/**
 * A review link's submit: screened like every public form (docs/decisions/0026-abuse-protection.md),
 * checked field by field, stored once, then a 303 to the thanks. 404 for an unknown link, 410 for
 * a used one, 503 when the database could not take it; never an error page.
 */
export async function submitReviewForm(
  request: Request,
  context: Pick<AppContext, "db" | "config" | "clientIp" | "logger">,
  token: string,
) {
  const guarded = await guardPublicForm(request, context, PUBLIC_FORM);
  const values = readTextFields(guarded.form, FIELDS);
  const failed = (error: unknown) => {
    context.logger.error({ err: error }, "review not stored");
    return data<ReviewActionData>(
      { status: "error", formError: REVIEW_TEXT.failed, values },
      { status: 503 },
    );
  };
  if (guarded.verdict === "unavailable") return failed(guarded.error);
  if (guarded.verdict === "limited") {
    return tooManySubmissions<PublicFormProblem<ReviewField>>({ status: "error", values });
  }
  if (guarded.verdict === "bot") return data<ReviewActionData>({ status: "success" });
  const parsed = ReviewFormSchema.safeParse(values);
  if (!parsed.success) {
    return data<ReviewActionData>(
      { status: "invalid", fieldErrors: firstErrorPerField<ReviewField>(parsed.error), values },
      { status: 400 },
    );
  }
  try {
    const result = await submitReview(context.db, token, parsed.data);
    // Post/redirect/get: the page it lands on thanks the client with a 200, with or without
    // JavaScript, and a reload does not post again.
    if (result.ok) return redirect(reviewThanksPath(token), 303);
    const status = result.kind === "gone" ? "used" : "not-found";
    return failureData<ReviewActionData>(result, { status });
  } catch (error) {
    return failed(error);
  }
}
