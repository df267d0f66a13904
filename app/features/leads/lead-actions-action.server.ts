import type { Kysely } from "kysely";
import { data } from "react-router";
import { issueInvoice } from "~/features/invoices/invoice.service.server";
import { INVOICE_TEXT } from "~/features/invoices/invoice";
import { requestReview } from "~/features/review-requests/review-request.service.server";
import { REVIEW_TEXT } from "~/features/review-requests/review-request";
import { parseForm } from "~/lib/forms";
import { failureStatus, type Failure } from "~/lib/result";
import type { Database } from "~/server/database";
import { completeJob } from "./complete-job.server";
import { invoiceLineDescription } from "./lead-invoice-line";
import { sendLeadMessage } from "./lead-message.server";
import {
  LEAD_ACTION_TEXT,
  LeadMessageSchema,
  type LeadActionAnswer,
  type LeadActionIntent,
} from "./lead-row-actions";
import type { LeadActor } from "./lead-status.server";

type Deps = { db: Kysely<Database>; publicUrl: string; actor: LeadActor };

type Reply = ReturnType<typeof data<LeadActionAnswer>>;
type Answer = (status: number, rest: Omit<LeadActionAnswer, "intent">) => Reply;
type Step = (quoteId: string, form: FormData, deps: Deps, answer: Answer) => Promise<Reply>;

const refused = (answer: Answer, result: Failure) =>
  answer(failureStatus(result.kind), { ok: false, message: result.message });

const invoice: Step = async (quoteId, _form, deps, answer) => {
  const result = await issueInvoice(deps.db, {
    quoteId,
    actor: deps.actor,
    describe: invoiceLineDescription,
  });
  if (!result.ok) return refused(answer, result);
  const message =
    result.status === "existing"
      ? INVOICE_TEXT.existing(result.number)
      : result.voided
        ? INVOICE_TEXT.reissued(result.number, result.voided)
        : INVOICE_TEXT.issued(result.number);
  return answer(200, { ok: true, message, invoiceUrl: `/admin/invoices/${result.id}` });
};

const askForReview: Step = async (quoteId, _form, deps, answer) => {
  const result = await deps.db
    .transaction()
    .execute((trx) =>
      requestReview(trx, { quoteId, actor: deps.actor, publicUrl: deps.publicUrl }),
    );
  if (!result.ok) return refused(answer, result);
  return answer(200, { ok: true, message: REVIEW_TEXT.requested });
};

const message: Step = async (quoteId, form, deps, answer) => {
  const parsed = parseForm(form, LeadMessageSchema);
  if (!parsed.ok) {
    return answer(failureStatus("malformed"), {
      ok: false,
      message: "Check the message and try again.",
      fieldErrors: parsed.fieldErrors,
    });
  }
  const result = await sendLeadMessage(deps.db, { quoteId, ...parsed.value, actor: deps.actor });
  if (!result.ok) return refused(answer, result);
  return answer(200, { ok: true, message: LEAD_ACTION_TEXT.messageSent });
};

const complete: Step = async (quoteId, _form, deps, answer) => {
  const result = await completeJob(deps.db, {
    quoteId,
    actor: deps.actor,
    publicUrl: deps.publicUrl,
  });
  if (!result.ok) return refused(answer, result);
  return answer(200, { ok: true, message: LEAD_ACTION_TEXT.completed });
};

/** Each lead action's intent and the step that answers it. */
const STEPS: Record<LeadActionIntent, Step> = {
  invoice,
  "request-review": askForReview,
  message,
  complete,
};

/**
 * /admin/quotes/{id}'s answer to Invoice, Request review, Message and Complete job: a plain
 * sentence for the toast, 4xx with a message (and messages by field) when refused.
 */
export async function runLeadAction(
  intent: LeadActionIntent,
  quoteId: string,
  form: FormData,
  deps: Deps,
) {
  const answer: Answer = (status, rest) => data<LeadActionAnswer>({ intent, ...rest }, status);
  return STEPS[intent](quoteId, form, deps, answer);
}
