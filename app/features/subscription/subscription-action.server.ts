import { data, redirect } from "react-router";
import type { PublicFormProblem } from "~/lib/field-errors";
import { failureStatus } from "~/lib/result";
import type { AppContext } from "~/server/context";
import { submitPublicForm } from "~/server/public-form.server";
import { subscribeToPlan } from "./subscribe.service.server";
import {
  CALL_BACK_PLANS,
  PLAN_NAMES,
  SUBSCRIPTION_FIELDS,
  SUBSCRIPTION_TEXT,
  SubscribeSchema,
  isPlanId,
  type SubscribeInput,
  type SubscriptionField,
} from "./subscription.schema";
import { requestSubscription } from "./subscription.service.server";

const thanks = (plan: string) =>
  ({ status: "success", message: SUBSCRIPTION_TEXT.success(plan) }) as const;

/**
 * The Subscribe Now form's submit (/subscription), docs/decisions/0084-subscribe-now-books-a-series.md:
 * Basic and Premium book the first clean and start the series, then show the booking's success
 * page; Business records a request for a call (docs/decisions/0014-buttons-that-work.md).
 */
export function submitSubscriptionRequest(
  request: Request,
  context: Pick<AppContext, "db" | "config" | "clientIp" | "logger">,
) {
  return submitPublicForm(request, context, {
    fields: SUBSCRIPTION_FIELDS,
    schema: SubscribeSchema,
    failedText: SUBSCRIPTION_TEXT.failed,
    logAs: "subscription",
    botAnswer: (values) => thanks(isPlanId(values.plan) ? PLAN_NAMES[values.plan] : "chosen"),
    store: async (input) => {
      if (CALL_BACK_PLANS.includes(input.plan)) {
        const { plan } = await requestSubscription(
          context.db,
          input,
          new Date(),
          context.config.publicUrl,
        );
        return thanks(plan);
      }
      return subscribe(context, input);
    },
  });
}

async function subscribe(
  context: Pick<AppContext, "db" | "config" | "clientIp">,
  input: SubscribeInput,
) {
  const result = await subscribeToPlan(context.db, input, {
    publicUrl: context.config.publicUrl,
    ip: context.clientIp,
  });
  if (result.ok) {
    // The booking page's own success page: the first clean is a booking like any other.
    return redirect(`/booking-success?ref=${encodeURIComponent(result.bookingReference)}`);
  }
  const values = Object.fromEntries(
    SUBSCRIPTION_FIELDS.map((field) => [field, input[field] ?? ""]),
  ) as Partial<Record<SubscriptionField, string>>;
  return data<PublicFormProblem<SubscriptionField>>(
    {
      status: result.fieldErrors ? "invalid" : "error",
      fieldErrors: result.fieldErrors,
      formError: result.message,
      values,
    },
    { status: failureStatus(result.kind) },
  );
}
