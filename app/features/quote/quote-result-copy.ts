import { FEATURE_MULTIPLIERS, type Feature } from "./estimate-constants";
import { formatHourlyRate } from "./estimate-explanation";

// The quote result page's words. docs/product/public-site.md#quote-result: hours, total (hours x the
// rate) and the explanation, leading on to booking; the trust signals (docs/brand.md#trust-signals) beside the price.

const money = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });
const number = new Intl.NumberFormat("en-AU", { maximumFractionDigits: 1 });

/** 22500 -> "$225.00" (AUD, GST-inclusive, docs/decisions/0009-sydney-time-and-money.md) */
export function formatCents(cents: number) {
  return money.format(cents / 100);
}

/** 4.5 -> "4.5 hours", 1 -> "1 hour" */
export function formatHours(hours: number) {
  return `${number.format(hours)} ${hours === 1 ? "hour" : "hours"}`;
}

/** 1 -> "1 cleaner" */
export function formatCleaners(cleaners: number) {
  return `${cleaners} ${cleaners === 1 ? "cleaner" : "cleaners"}`;
}

/** "(+10% to the price)": what an option adds, shown beside it in the wizard. */
export function surchargeLabel(feature: Feature) {
  const percent = Math.round((FEATURE_MULTIPLIERS[feature] - 1) * 100);
  return `(+${percent}% to the price)`;
}

/**
 * What "9 hours with 2 cleaners" means: the hours are cleaner-hours, shared by the
 * team on site, and the rate is per cleaner-hour. "9 cleaner-hours: 2 cleaners for about 4.5
 * hours on site, at $50 per cleaner-hour."
 */
export function describeVisit(hours: number, cleaners: number, hourlyRateCents: number) {
  const onSite = Math.round((hours / Math.max(1, cleaners)) * 4) / 4;
  const rate = `${formatHourlyRate(hourlyRateCents)} per cleaner-hour`;
  const worked = `${number.format(hours)} cleaner-${hours === 1 ? "hour" : "hours"}`;
  const team = cleaners === 1 ? "1 cleaner" : `${cleaners} cleaners working together`;
  return `${worked}: ${team} for about ${formatHours(onSite)} on site, at ${rate}.`;
}

/** An address outside the service area is quoted, and marked with this. */
export const OUTSIDE_AREA_NOTE = "outside our usual area: we will confirm";

/** "3 photos", "No photos" */
export function photosLine(photos: number) {
  return photos === 0 ? "No photos" : `${photos} ${photos === 1 ? "photo" : "photos"}`;
}

export const QUOTE_RESULT_COPY = {
  eyebrow: "Your instant quote",
  title: "Your quote is ready",
  intro: "Here is what we estimate for your clean, and how we worked it out.",
  hoursLabel: "Estimated hours",
  cleanersLabel: "Cleaners",
  totalLabel: "Total",
  totalNote: "AUD, GST included",
  explanationTitle: "How we estimated it",
  quotedTitle: "What we quoted",
  book: "Book this clean",
  referenceLabel: "Your reference",
  referenceNote: "Keep it handy: this page stays at the same address if you want to come back.",
} as const;
