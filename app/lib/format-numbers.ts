// Money from integer cents and lengths of work, as ~/lib/format describes them (re-exported
// there). Kept apart from the dates so pages that show only figures skip the date library.

const LOCALE = "en-AU";

const money = new Intl.NumberFormat(LOCALE, { style: "currency", currency: "AUD" });
const wholeMoney = new Intl.NumberFormat(LOCALE, {
  style: "currency",
  currency: "AUD",
  maximumFractionDigits: 0,
});

/** 117500 -> "$1,175.00", -1250 -> "-$12.50" */
export function formatMoney(cents: number) {
  return money.format(Math.round(cents) / 100);
}

/** 117549 -> "$1,175", 117550 -> "$1,176": whole dollars, rounded. */
export function formatWholeMoney(cents: number) {
  return wholeMoney.format(Math.round(cents / 100));
}

/** 5000 -> "$50", 5050 -> "$50.50": a rate shows cents only when it has some. */
export function formatRate(cents: number) {
  const whole = Math.round(cents);
  return whole % 100 === 0 ? formatWholeMoney(whole) : formatMoney(whole);
}

/** 123456 -> "1234.56", -5 -> "-0.05": no symbol or separators, so a spreadsheet reads a number. */
export function formatPlainAmount(cents: number) {
  const whole = Math.round(cents);
  const sign = whole < 0 ? "-" : "";
  const abs = Math.abs(whole);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const hoursNumber = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });

/** 2.5 -> "2.5 hours", 1 -> "1 hour", 4.25 -> "4.25 hours" */
export function formatHours(hours: number) {
  return `${hoursNumber.format(hours)} ${hours === 1 ? "hour" : "hours"}`;
}
