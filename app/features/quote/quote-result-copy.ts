// The quote result page's words. docs/product/public-site.md#quote-result: hours, total (hours x the
// rate) and the explanation, leading on to booking; BRAND.md's trust signals beside the price.

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

export const QUOTE_RESULT_COPY = {
  eyebrow: "Your instant quote",
  title: "Your quote is ready",
  intro: "Here is what we estimate for your clean, and how we worked it out.",
  hoursLabel: "Estimated hours",
  cleanersLabel: "Cleaners",
  totalLabel: "Total",
  totalNote: "AUD, GST included",
  explanationTitle: "How we estimated it",
  book: "Book this clean",
  referenceLabel: "Your reference",
  referenceNote: "Keep it handy: this page stays at the same address if you want to come back.",
} as const;
