import { data, redirect } from "react-router";
import type { FormProblem } from "~/lib/forms";
import { failureStatus } from "~/lib/result";
import type { AppContext } from "~/server/context";
import { guardPublicForm, PUBLIC_FORM, TOO_MANY_SUBMISSIONS } from "~/server/public-form.server";
import { QUOTE_STORE_MESSAGES, QUOTE_WIZARD_MESSAGES } from "./quote-messages";
import type { QuoteFieldErrors } from "./quote-step-fields";
import { createQuote } from "./quote.service.server";

// The wizard's Generate Quote (docs/product/public-site.md#quote-wizard, step 6), for the /services/:serviceId action.
// The wizard posts a form with its state as JSON in a `payload` field (a form, so that no other
// site can post here without the browser checking it first); the same service as
// POST /api/v1/quotes stores it, and the visitor goes on to /quote-result?ref=… (docs/decisions/0005-durable-references.md, docs/decisions/0019-one-quote-one-row.md: one
// quote, one row).

/**
 * What the action answers when the quote was not stored: the alert's message and, when the
 * payload was refused, a message per field (FormProblem, keyed by the payload's dotted paths).
 */
export type QuoteActionData = Required<Pick<FormProblem, "formError">> & {
  fieldErrors: QuoteFieldErrors;
};

function readWizardState(form: FormData): unknown {
  const payload = form.get("payload");
  return typeof payload === "string" ? (JSON.parse(payload) as unknown) : {};
}

function failure(status: number, formError: string, fieldErrors: QuoteFieldErrors = {}) {
  return data<QuoteActionData>({ formError, fieldErrors }, { status });
}

/** Stores the wizard's quote and redirects to its result, or answers with the messages to show. */
export async function submitQuoteRequest(
  request: Request,
  context: Pick<AppContext, "db" | "config" | "clientIp" | "logger">,
) {
  // A body that is not a form at all is refused by the guard (415), before its content is looked at.
  const guarded = await guardPublicForm(request, context, PUBLIC_FORM);
  if (guarded.verdict === "unavailable") {
    context.logger.error({ err: guarded.error }, "quote not stored");
    return failure(503, QUOTE_STORE_MESSAGES.generateFailed);
  }
  if (guarded.verdict === "limited") return failure(429, TOO_MANY_SUBMISSIONS);
  // A bot filled the hidden field: it sees the home page, and nothing is stored.
  if (guarded.verdict === "bot") throw redirect("/");
  let state: unknown;
  try {
    state = readWizardState(guarded.form);
  } catch {
    return failure(400, QUOTE_WIZARD_MESSAGES.incomplete);
  }
  const result = await createQuote(context.db, state, { publicUrl: context.config.publicUrl });
  if (result.ok) {
    throw redirect(`/quote-result?ref=${encodeURIComponent(result.quote.reference)}`);
  }
  const status = failureStatus(result.kind);
  if (result.kind === "invalid") return failure(status, result.message, result.fieldErrors);
  context.logger.error({ reason: result.message }, "quote not stored");
  // docs/product/public-site.md#messages "Quote generation": the visitor's alert
  return failure(status, QUOTE_STORE_MESSAGES.generateFailed);
}
