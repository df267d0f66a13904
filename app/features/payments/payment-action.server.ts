import { data, redirect } from "react-router";
import { z } from "zod";
import { parseForm } from "~/lib/forms";
import type { AppContext } from "~/server/context";
import {
  guardPublicForm,
  TOO_MANY_SUBMISSIONS,
  type PublicFormRules,
} from "~/server/public-form.server";
import { PAYMENT_COPY } from "./payment-copy";
import {
  confirmTestPayment,
  handleStripeWebhook,
  startStripeCheckout,
  type ConfirmResult,
  type CheckoutResult,
} from "./payments.service.server";
import { CARD_MESSAGES, TEST_TOKENS } from "./test-cards";

// The /payment action (docs/product/public-site.md#payment-details): the test provider's Pay Now
// posts only a test token (never card data), Stripe's posts nothing but its intent and goes to
// Checkout. The booking is the one ?ref= names. And POST /api/stripe/webhook.

/**
 * What the page shows after a refused Pay Now: the red banner's message, or the message beside
 * the test cards a browser without JavaScript chooses from.
 */
export type PaymentActionData = { formError?: string; fieldErrors?: { token?: string } };

const MINUTE = 60_000;
// A payment form is what card testers hammer: its own limits, beside the public forms' ones
// (docs/decisions/0026-abuse-protection.md).
export const PAYMENT_FORM: PublicFormRules = {
  limit: {
    bucket: "payment",
    limits: [
      { limit: 20, windowMs: MINUTE },
      { limit: 200, windowMs: 24 * 60 * MINUTE },
    ],
  },
  honeypot: false,
};

const PayNowSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("test-card"), token: z.enum(TEST_TOKENS) }),
  z.object({ intent: z.literal("checkout") }),
]);

const failure = (status: number, formError: string = PAYMENT_COPY.paymentFailed) =>
  data<PaymentActionData>({ formError }, { status });

const successUrl = (reference: string) => `/payment-success?ref=${encodeURIComponent(reference)}`;

function answer(reference: string, result: ConfirmResult | CheckoutResult) {
  switch (result.kind) {
    case "paid":
      throw redirect(successUrl(reference));
    case "redirect":
      throw redirect(result.url);
    case "declined":
      return failure(402, result.message);
    case "not-found":
      throw data(null, { status: 404 });
    case "not-payable":
      return failure(
        409,
        result.state === "cancelled" ? PAYMENT_COPY.cancelledNote : PAYMENT_COPY.paymentFailed,
      );
    case "unavailable":
      return failure(409, PAYMENT_COPY.offNote);
  }
}

/** Pay Now for the booking `?ref=` names. */
export async function submitPayment(
  request: Request,
  context: Pick<AppContext, "db" | "config" | "clientIp" | "logger">,
) {
  const reference = new URL(request.url).searchParams.get("ref") ?? "";
  const guarded = await guardPublicForm(request, context, PAYMENT_FORM);
  if (guarded.verdict === "unavailable") {
    // The database did not answer: nothing was marked paid.
    context.logger.error({ err: guarded.error, reference }, "payment not taken");
    return failure(503);
  }
  if (guarded.verdict === "limited") return failure(429, TOO_MANY_SUBMISSIONS);
  const parsed = parseForm(guarded.form, PayNowSchema);
  if (!parsed.ok) {
    // Only a browser without JavaScript posts the form itself, with a test card chosen or not.
    return guarded.form.get("intent") === "test-card"
      ? data<PaymentActionData>(
          { fieldErrors: { token: CARD_MESSAGES.tokenRequired } },
          { status: 422 },
        )
      : failure(422);
  }
  const ctx = { config: context.config };
  const actor = { type: "visitor" as const, id: null, ip: context.clientIp };
  let result: ConfirmResult | CheckoutResult;
  try {
    result =
      parsed.value.intent === "test-card"
        ? await confirmTestPayment(context.db, { reference, token: parsed.value.token, actor }, ctx)
        : await startStripeCheckout(context.db, { reference }, ctx);
  } catch (error) {
    // The processor or the database did not answer: nothing was marked paid.
    context.logger.error({ err: error, reference }, "payment not taken");
    return failure(502);
  }
  return answer(reference, result);
}

/** POST /api/stripe/webhook: the raw body, verified against its Stripe-Signature header. */
export async function receiveStripeWebhook(
  request: Request,
  context: Pick<AppContext, "db" | "config" | "logger">,
) {
  const payload = await request.text();
  const result = await handleStripeWebhook(
    context.db,
    { payload, signature: request.headers.get("stripe-signature") },
    { config: context.config },
  );
  if (result.status === 400) context.logger.warn("Stripe webhook refused: bad signature");
  if (result.duplicateCharge) {
    context.logger.error(
      { session: result.duplicateCharge },
      "Stripe charged a booking that was already paid: refund this Checkout Session in Stripe",
    );
  }
  return Response.json(result.body, { status: result.status });
}
