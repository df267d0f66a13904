import { data, redirect } from "react-router";
import { parseForm, parseValues, type FormProblem } from "~/lib/forms";
import type { AppContext } from "~/server/context";
import { guardPublicForm, PUBLIC_FORM, tooManySubmissions } from "~/server/public-form.server";
import {
  POST_CONSTRUCTION_PATHS,
  POST_CONSTRUCTION_TEXT,
  PROPERTY_FIELD,
} from "./post-construction-copy";
import {
  PostConstructionContactSchema,
  PostConstructionFormSchema,
  type ContactField,
} from "./post-construction.schema";
import { createPostConstructionRequest } from "./post-construction.service.server";

// The contact step's submit (/post-construction-contact): the contact fields as a form, parsed
// with parseForm as every form is, and the property form, kept by the browser since the first
// page, as JSON in `property`, parsed with parseValues (docs/architecture.md#forms). Both use the browser's
// schemas; a stored request goes to the thank-you page.

const THANK_YOU_PATH = POST_CONSTRUCTION_PATHS.thankYou;

/**
 * What the action answers when the request was not stored: messages for the contact step's
 * fields (the browser keeps what was typed, so no values come back).
 */
export type PostConstructionActionData = Omit<FormProblem<ContactField>, "values"> & {
  status: "invalid" | "error";
  /** The property form needs attention: the page offers the way back to it */
  backToForm?: boolean;
};

function readProperty(form: FormData): unknown {
  const raw = form.get(PROPERTY_FIELD);
  if (typeof raw !== "string") return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function answer(body: PostConstructionActionData, status: number) {
  return data(body, { status });
}

/** Stores the request and redirects to the thank-you page, or answers with what to show. */
export async function submitPostConstructionRequest(
  request: Request,
  context: Pick<AppContext, "db" | "config" | "clientIp" | "logger">,
) {
  // docs/decisions/0026-abuse-protection.md: 10 a minute and 100 a day per address, across every public form. The count
  // lives in the database, so an outage shows here first: the visitor gets the spec's failure
  // text and keeps what they typed, never an error page.
  const guarded = await guardPublicForm(request, context, PUBLIC_FORM);
  if (guarded.verdict === "unavailable") {
    context.logger.error({ err: guarded.error }, "post-construction request not stored");
    return answer({ status: "error", formError: POST_CONSTRUCTION_TEXT.failed }, 503);
  }
  if (guarded.verdict === "limited") {
    return tooManySubmissions<PostConstructionActionData>({ status: "error" });
  }
  // A bot that filled the hidden field is thanked, and nothing is stored.
  if (guarded.verdict === "bot") return redirect(THANK_YOU_PATH);
  const { form } = guarded;

  const contact = parseForm(form, PostConstructionContactSchema);
  const property = parseValues(readProperty(form), PostConstructionFormSchema);
  if (!contact.ok || !property.ok) {
    return answer(
      {
        status: "invalid",
        fieldErrors: contact.ok ? {} : contact.fieldErrors,
        formError: property.ok
          ? POST_CONSTRUCTION_TEXT.checkFields
          : POST_CONSTRUCTION_TEXT.formInvalid,
        backToForm: !property.ok,
      },
      400,
    );
  }

  let result;
  try {
    result = await createPostConstructionRequest(
      context.db,
      { form: property.value, contact: contact.value },
      { publicUrl: context.config.publicUrl },
    );
  } catch (error) {
    // docs/product/public-site.md#messages; docs/decisions/0008-webhook-outbox.md: the failure text only when the request was not stored.
    context.logger.error({ err: error }, "post-construction request not stored");
    return answer({ status: "error", formError: POST_CONSTRUCTION_TEXT.failed }, 503);
  }
  if (!result.ok) {
    return answer(
      { status: "invalid", formError: POST_CONSTRUCTION_TEXT.photoUnavailable, backToForm: true },
      422,
    );
  }
  return redirect(`${THANK_YOU_PATH}?ref=${encodeURIComponent(result.reference)}`);
}
