import { data } from "react-router";
import type { Kysely } from "kysely";
import { parseForm } from "~/lib/forms";
import { failureData, failureStatus } from "~/lib/result";
import type { Database } from "~/server/database";
import type { LeadActor } from "./lead-status.server";
import { SEND_QUOTE_TEXT, SendQuoteSchema, type SendQuoteResult } from "./send-quote";
import { sendStaffQuote } from "./send-quote.service.server";

/** The quote details' "send-quote" intent: 400 with field messages, 404, 409, or sent. */
export async function sendQuoteAction(
  db: Kysely<Database>,
  input: { quoteId: string; form: FormData; actor: LeadActor; publicUrl: string },
) {
  const parsed = parseForm(input.form, SendQuoteSchema);
  if (!parsed.ok) {
    const { hours, total, message } = parsed.fieldErrors;
    return data<SendQuoteResult>(
      { intent: "send-quote", ok: false, fieldErrors: { hours, total, message } },
      failureStatus("malformed"),
    );
  }
  const outcome = await sendStaffQuote(db, {
    quoteId: input.quoteId,
    hours: parsed.value.hours,
    totalCents: parsed.value.total,
    message: parsed.value.message,
    actor: input.actor,
    publicUrl: input.publicUrl,
  });
  if (!outcome.ok) {
    return failureData<SendQuoteResult>(outcome, {
      intent: "send-quote",
      ok: false,
      message: outcome.message,
    });
  }
  return data<SendQuoteResult>({ intent: "send-quote", ok: true, message: SEND_QUOTE_TEXT.sent });
}
