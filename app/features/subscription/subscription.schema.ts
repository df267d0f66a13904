import { z } from "zod";
import {
  CONTROL_CHARACTER_MESSAGE,
  emailRule,
  isSingleLine,
  YOUR_EMAIL_MESSAGES,
  yourPhoneRule,
} from "~/lib/field-rules";
import { isTimeSlot } from "~/features/bookings/booking-rules";
import { sydneyDate } from "~/lib/sydney-time";

// docs/decisions/0014-buttons-that-work.md: Subscribe Now records a subscription request (a lead) and tells the team. One schema for
// the browser's field messages and the server action.

export const SUBSCRIPTION_PLAN_IDS = ["basic", "premium", "business"] as const;
export type SubscriptionPlanId = (typeof SUBSCRIPTION_PLAN_IDS)[number];

/** docs/product/public-site.md#subscription-plans-and-rewards: the three plans' names. */
export const PLAN_NAMES: Record<SubscriptionPlanId, string> = {
  basic: "Basic",
  premium: "Premium",
  business: "Business",
};

export const SUBSCRIPTION_FIELDS = [
  "plan",
  "name",
  "email",
  "phone",
  "suburb",
  "startDate",
  "timeSlot",
  "address",
] as const;
export type SubscriptionField = (typeof SUBSCRIPTION_FIELDS)[number];

export const SUBSCRIPTION_TEXT = {
  submit: "Subscribe Now",
  submitting: "Submitting...",
  checkFields: "Please check the highlighted fields:",
  failed: "We could not save your request. Please try again, or call us.",
  success: (plan: string) =>
    `Thank you. Your ${plan} plan request is in, and our team will be in touch shortly to arrange your first clean.`,
  timeSlotRequired: "Please choose a time for your cleans.",
  addressRequired: "Please enter the street address.",
} as const;

export function isPlanId(value: unknown): value is SubscriptionPlanId {
  return SUBSCRIPTION_PLAN_IDS.includes(value as SubscriptionPlanId);
}

/** Today's date in Sydney as YYYY-MM-DD (docs/decisions/0009-sydney-time-and-money.md: the business's dates are Sydney's). */
export function sydneyToday(now = new Date()) {
  return sydneyDate(now);
}

export const SubscriptionRequestSchema = z.object({
  plan: z.enum(SUBSCRIPTION_PLAN_IDS, "Please choose a plan."),
  name: z
    .string()
    .trim()
    .min(1, "Please enter your name.")
    .max(120, "Please shorten your name.")
    .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE),
  email: emailRule(YOUR_EMAIL_MESSAGES),
  phone: yourPhoneRule(),
  suburb: z
    .string()
    .trim()
    .min(2, "Please enter your suburb.")
    .max(80, "Please check your suburb.")
    .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE),
  startDate: z
    .string()
    .trim()
    .min(1, "Please choose a preferred start date.")
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Please choose a date, like 2026-12-01.")
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
      "Please choose a real date.",
    )
    .refine((value) => value > sydneyToday(), "Please choose a date from tomorrow onwards."),
});

export type SubscriptionRequestInput = z.infer<typeof SubscriptionRequestSchema>;

/** Plans whose first clean is arranged by a call rather than booked on the page (decision 0084). */
export const CALL_BACK_PLANS: readonly SubscriptionPlanId[] = ["business"];

/**
 * docs/decisions/0084-subscribe-now-books-a-series.md: Subscribe Now with the first clean's date,
 * time and street. Basic and Premium book it (and the series) at once; Business is still a
 * request for a call, so its time and street are not asked for.
 */
export const SubscribeSchema = SubscriptionRequestSchema.extend({
  timeSlot: z.string().trim().optional(),
  address: z
    .string()
    .trim()
    .max(200, "Please keep this shorter.")
    .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE)
    .optional(),
}).superRefine((value, ctx) => {
  if (CALL_BACK_PLANS.includes(value.plan)) return;
  if (!value.timeSlot || !isTimeSlot(value.timeSlot)) {
    ctx.addIssue({
      code: "custom",
      path: ["timeSlot"],
      message: SUBSCRIPTION_TEXT.timeSlotRequired,
    });
  }
  if (!value.address) {
    ctx.addIssue({ code: "custom", path: ["address"], message: SUBSCRIPTION_TEXT.addressRequired });
  }
});

export type SubscribeInput = z.infer<typeof SubscribeSchema>;
