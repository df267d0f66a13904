import type { AppContext } from "~/server/context";
import { submitPublicForm } from "~/server/public-form.server";
import {
  PLAN_NAMES,
  SUBSCRIPTION_FIELDS,
  SUBSCRIPTION_TEXT,
  SubscriptionRequestSchema,
  isPlanId,
} from "./subscription.schema";
import { requestSubscription } from "./subscription.service.server";

const thanks = (plan: string) =>
  ({ status: "success", message: SUBSCRIPTION_TEXT.success(plan) }) as const;

/**
 * The Subscribe Now form's submit (/subscription): records the request as a lead (docs/decisions/0014-buttons-that-work.md), or
 * answers with what to show.
 */
export function submitSubscriptionRequest(
  request: Request,
  context: Pick<AppContext, "db" | "config" | "clientIp" | "logger">,
) {
  return submitPublicForm(request, context, {
    fields: SUBSCRIPTION_FIELDS,
    schema: SubscriptionRequestSchema,
    failedText: SUBSCRIPTION_TEXT.failed,
    logAs: "subscription request",
    botAnswer: (values) => thanks(isPlanId(values.plan) ? PLAN_NAMES[values.plan] : "chosen"),
    store: async (input) =>
      thanks(
        (await requestSubscription(context.db, input, new Date(), context.config.publicUrl)).plan,
      ),
  });
}
