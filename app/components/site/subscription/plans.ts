export type Plan = {
  name: string;
  /** GST-inclusive price per month, in cents (D9). */
  priceCents: number;
  audience: string;
  features: string[];
  popular?: boolean;
};

// spec public-site 2 and 9: Basic 149, Premium 249 (Most Popular), Business 599 per month.
export const PLANS: Plan[] = [
  {
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

export type RewardTier = { name: string; points: number; discountPercent: number };

// spec public-site 3 and 9: discount tiers 5, 10, 15, 20 percent at 0, 1000, 5000, 10000 points.
export const REWARD_TIERS: RewardTier[] = [
  { name: "Bronze", points: 0, discountPercent: 5 },
  { name: "Silver", points: 1000, discountPercent: 10 },
  { name: "Gold", points: 5000, discountPercent: 15 },
  { name: "Platinum", points: 10000, discountPercent: 20 },
];
