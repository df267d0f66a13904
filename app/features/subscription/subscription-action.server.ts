import { data } from "react-router";
import type { SubscriptionActionData } from "~/components/site/subscription/subscription-form";
import type { AppContext } from "~/server/context";
import { readTextFields, screenPublicForm, tooManySubmissions } from "~/server/public-form.server";
import {
  PLAN_NAMES,
  SUBSCRIPTION_FIELDS,
  SUBSCRIPTION_TEXT,
  SubscriptionRequestSchema,
  isPlanId,
  subscriptionFieldErrors,
} from "./subscription.schema";
import { requestSubscription } from "./subscription.service.server";

/**
 * The Subscribe Now form's submit (/subscription): records the request as a lead (D14), or
 * answers with what to show.
 */
export async function submitSubscriptionRequest(
  request: Request,
  context: Pick<AppContext, "db" | "config" | "clientIp" | "logger">,
) {
  const form = await request.formData();
  const values = readTextFields(form, SUBSCRIPTION_FIELDS);
  // D8: the failure text only when the request was not stored; what they typed comes back.
  const notStored = (error: unknown) => {
    context.logger.error({ err: error }, "subscription request not stored");
    return data<SubscriptionActionData>(
      { status: "error", formError: SUBSCRIPTION_TEXT.failed, values },
      { status: 503 },
    );
  };
  let screened;
  try {
    screened = await screenPublicForm(context, form);
  } catch (error) {
    return notStored(error);
  }
  if (screened === "limited") {
    return tooManySubmissions<SubscriptionActionData>({ status: "error", values });
  }
  if (screened === "bot") {
    const plan = isPlanId(values.plan) ? PLAN_NAMES[values.plan] : "chosen";
    return { status: "success", message: SUBSCRIPTION_TEXT.success(plan) } as const;
  }

  const parsed = SubscriptionRequestSchema.safeParse(values);
  if (!parsed.success) {
    return data<SubscriptionActionData>(
      { status: "invalid", fieldErrors: subscriptionFieldErrors(parsed.error), values },
      { status: 400 },
    );
  }
  try {
    const { plan } = await requestSubscription(context.db, parsed.data);
    return { status: "success", message: SUBSCRIPTION_TEXT.success(plan) } as const;
  } catch (error) {
    return notStored(error);
  }
}
