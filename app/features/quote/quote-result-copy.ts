import { FEATURE_MULTIPLIERS, type Feature } from "./estimate-constants";
import { formatHours, formatRate } from "~/lib/format-numbers";

// The quote result page's words. docs/product/public-site.md#quote-result: hours, total (hours x the
// rate) and the explanation, leading on to booking; the trust signals (docs/brand.md#trust-signals) beside the price.

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
  const rate = `${formatRate(hourlyRateCents)} per cleaner-hour`;
  const worked = formatHours(hours).replace(/hours?$/, (unit) => `cleaner-${unit}`);
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
  bookedTitle: "Your clean is booked",
  bookedIntro:
    "This quote has its booking. We emailed it to the address on the quote: sign in with that email to see it, change it or pay.",
  bookedAction: "Sign in to My Bookings",
  cancelledTitle: "This booking was cancelled",
  cancelledIntro:
    "The booking made from this quote was cancelled. Call us or send us a message to arrange another clean.",
  cancelledAction: "Contact us",
  referenceLabel: "Your reference",
  referenceNote: "Keep it handy: this page stays at the same address if you want to come back.",
} as const;
