import type { Growth } from "./growth";

// Display formats of the dashboard (docs/decisions/0009-sydney-time-and-money.md): AUD in en-AU, dates and months on Sydney's calendar.

const money = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });
const wholeMoney = new Intl.NumberFormat("en-AU", {
  style: "currency",
  currency: "AUD",
  maximumFractionDigits: 0,
});
const dateTime = new Intl.DateTimeFormat("en-AU", {
  timeZone: "Australia/Sydney",
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const percent = new Intl.NumberFormat("en-AU", {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export const formatMoney = (cents: number) => money.format(cents / 100);

/** Axis labels: "$12,400" */
export const formatWholeMoney = (cents: number) => wholeMoney.format(Math.round(cents / 100));

/** "Tue 3 Dec 2026, 9:00 am" in Sydney */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** "2026-11" -> "Nov 2026" (the key is already Sydney's month) */
export function formatMonth(key: string, withYear = true) {
  const [year, month] = key.split("-");
  const name = MONTHS[Number(month) - 1] ?? key;
  return withYear ? `${name} ${year}` : name;
}

export const formatPercent = (value: number) => `${percent.format(value)}%`;

/** "+50.0%", "−12.5%", "New" or "—" */
export function formatGrowth(growth: Growth) {
  if (growth.kind === "new") return "New";
  if (growth.kind === "none") return "—";
  const sign = growth.value > 0 ? "+" : growth.value < 0 ? "−" : "";
  return `${sign}${formatPercent(Math.abs(growth.value))}`;
}

/** The same change in words, for screen readers. */
export function describeGrowth(growth: Growth, periodDays: number) {
  const previous = `the previous ${periodDays} days`;
  if (growth.kind === "new") return `new since ${previous}, which had none`;
  if (growth.kind === "none") return `nothing to compare with ${previous}`;
  if (growth.value === 0) return `no change on ${previous}`;
  return `${growth.value > 0 ? "up" : "down"} ${formatPercent(Math.abs(growth.value))} on ${previous}`;
}
