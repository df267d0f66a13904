import { data, redirect } from "react-router";
import { z } from "zod";
import { parseForm } from "~/lib/forms";
import { failureStatus } from "~/lib/result";
import type { AppContext } from "~/server/context";
import { guardPublicForm, TOO_MANY_SUBMISSIONS } from "~/server/public-form.server";
import { PAYMENT_FORM } from "./payment-action.server";
import { PAYMENT_COPY } from "./payment-copy";
import { CARD_MESSAGES, TEST_TOKENS } from "./test-cards";
import { TIP_TEXT } from "./tips.schema";
import {
  chooseTip,
  payTipWithTestCard,
  startTipCheckout,
  type TipPayResult,
} from "./tips.service.server";

// The /tip action (docs/decisions/0078-tips-go-to-the-crew.md): choosing the amount makes a
// pending tip and comes back to pay it (?tip=); paying posts a test token or goes to Stripe
// Checkout, as /payment does, with the payment form's rate limits.

export type TipActionData = {
  formError?: string;
  fieldErrors?: { choice?: string; other?: string; token?: string };
  values?: { choice?: string; other?: string };
};

const PayTipSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("test-card"), token: z.enum(TEST_TOKENS) }),
  z.object({ intent: z.literal("checkout") }),
]);

const tipUrl = (reference: string, query: string) =>
  `/tip?ref=${encodeURIComponent(reference)}&${query}`;

function answerPay(reference: string, result: TipPayResult) {
  switch (result.kind) {
    case "paid":
      throw redirect(tipUrl(reference, "paid=1"));
    case "redirect":
      throw redirect(result.url);
    case "declined":
      return data<TipActionData>({ formError: result.message }, { status: 402 });
    case "not-found":
      return data<TipActionData>({ formError: TIP_TEXT.notFound }, { status: 404 });
    case "unavailable":
      return data<TipActionData>({ formError: TIP_TEXT.unavailable }, { status: 409 });
  }
}

export async function submitTip(
  request: Request,
  context: Pick<AppContext, "db" | "config" | "clientIp" | "logger">,
) {
  const url = new URL(request.url);
  const reference = url.searchParams.get("ref") ?? "";
  const tipId = url.searchParams.get("tip");
  const guarded = await guardPublicForm(request, context, PAYMENT_FORM);
  if (guarded.verdict === "unavailable") {
    context.logger.error({ err: guarded.error }, "tip not taken");
    return data<TipActionData>({ formError: PAYMENT_COPY.paymentFailed }, { status: 503 });
  }
  if (guarded.verdict === "limited") {
    return data<TipActionData>({ formError: TOO_MANY_SUBMISSIONS }, { status: 429 });
  }
  const ctx = { config: context.config };
  if (!tipId) {
    const chosen = await chooseTip(context.db, { reference, form: guarded.form }, ctx);
    if (chosen.ok)
      throw redirect(tipUrl(chosen.reference, `tip=${encodeURIComponent(chosen.tipId)}`));
    if (chosen.kind === "not_found") throw data(null, { status: 404 });
    const values = {
      choice: String(guarded.form.get("choice") ?? ""),
      other: String(guarded.form.get("other") ?? ""),
    };
    return data<TipActionData>(
      chosen.fieldErrors
        ? { fieldErrors: chosen.fieldErrors, values }
        : { formError: chosen.message, values },
      { status: failureStatus(chosen.kind) },
    );
  }
  const parsed = parseForm(guarded.form, PayTipSchema);
  if (!parsed.ok) {
    return data<TipActionData>(
      { fieldErrors: { token: CARD_MESSAGES.tokenRequired } },
      { status: failureStatus("malformed") },
    );
  }
  const actor = { type: "visitor" as const, id: null, ip: context.clientIp };
  try {
    const result =
      parsed.value.intent === "test-card"
        ? await payTipWithTestCard(
            context.db,
            { reference, tipId, token: parsed.value.token, actor },
            ctx,
          )
        : await startTipCheckout(context.db, { reference, tipId }, ctx);
    return answerPay(reference, result);
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.error({ err: error }, "tip not taken");
    return data<TipActionData>({ formError: PAYMENT_COPY.paymentFailed }, { status: 502 });
  }
}
