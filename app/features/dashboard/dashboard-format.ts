import type { Growth } from "./growth";

// The dashboard's percentages and growth figures; its money and dates are ~/lib/format's.

const percent = new Intl.NumberFormat("en-AU", {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

export const formatPercent = (value: number) => `${percent.format(value)}%`;

/** "+50.0%", "−12.5%", "New", "n/a" or "—" */
export function formatGrowth(growth: Growth) {
  if (growth.kind === "new") return "New";
  if (growth.kind === "not-comparable") return "n/a";
  if (growth.kind === "none") return "—";
  const sign = growth.value > 0 ? "+" : growth.value < 0 ? "−" : "";
  return `${sign}${formatPercent(Math.abs(growth.value))}`;
}

/** The same change in words, for screen readers. */
export function describeGrowth(growth: Growth, periodDays: number) {
  const previous = `the previous ${periodDays} days`;
  if (growth.kind === "new") return `new since ${previous}, which had none`;
  if (growth.kind === "not-comparable") {
    return `no percentage: ${previous} were too close to zero to compare with`;
  }
  if (growth.kind === "none") return `nothing to compare with ${previous}`;
  if (growth.value === 0) return `no change on ${previous}`;
  return `${growth.value > 0 ? "up" : "down"} ${formatPercent(Math.abs(growth.value))} on ${previous}`;
}

/** What "GST collected" means, wherever it is shown (docs/decisions/0044-figures-by-permission.md). */
export const GST_COLLECTED_NOTE = "One eleventh of payments, less one eleventh of refunds";
