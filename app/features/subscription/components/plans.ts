import type { RewardsTierId } from "~/features/rewards/rewards";
import type { SubscriptionPlanId } from "~/features/subscription/subscription.schema";

export type Plan = {
  /** The plan's key in `?plan=` and in a request's space_details. */
  id: SubscriptionPlanId;
  name: string;
  /** GST-inclusive price per month, in cents (docs/decisions/0009-sydney-time-and-money.md). */
  priceCents: number;
  audience: string;
  features: string[];
  popular?: boolean;
};

// docs/product/public-site.md#subscription-plans-and-rewards and docs/product/public-site.md#business-constants-and-limits: Basic 149, Premium 249 (Most Popular), Business 599 per month.
export const PLANS: Plan[] = [
  {
    id: "basic",
    name: "Basic",
    priceCents: 14900,
    audience: "For apartments and smaller homes that need a steady hand.",
    features: [
      "A regular clean every month",
      "Kitchen and bathrooms cleaned in detail",
      "Dusting, vacuuming and mopping throughout",
      "Eco-friendly products on request",
      "Free cancellation 24 hours or more ahead",
    ],
  },
  {
    id: "premium",
    name: "Premium",
    priceCents: 24900,
    audience: "For family homes that want to stay guest-ready.",
    popular: true,
    features: [
      "Everything in Basic",
      "A regular clean every fortnight",
      "Linen changed and beds made",
      "Priority booking for extra visits",
      "The same trusted cleaner wherever possible",
    ],
  },
  {
    id: "business",
    name: "Business",
    priceCents: 59900,
    audience: "For offices, studios and retail spaces.",
    features: [
      "A scheduled clean every week",
      "Before-hours or after-hours service",
      "Secure key and alarm handling",
      "Kitchenettes and amenities restocked on request",
      "One account contact for every request",
    ],
  },
];

// The tiers themselves (names, points, discounts) are the customers feature's, the ones a booking's
// discount is worked out from (app/features/rewards/rewards.ts); here only what each tier offers
// besides its discount (the spec leaves the texts to us).
export const REWARD_BENEFITS: Record<RewardsTierId, string[]> = {
  bronze: ["5% off every clean", "1 point for every dollar you pay", "Booking reminders by email"],
  silver: [
    "10% off every clean",
    "Priority booking for weekend slots",
    "A free fridge clean once a year",
  ],
  gold: [
    "15% off every clean",
    "Your preferred cleaner whenever they are free",
    "A free oven clean twice a year",
  ],
  platinum: [
    "20% off every clean",
    "A dedicated account contact",
    "A complimentary deep clean each year",
  ],
};
