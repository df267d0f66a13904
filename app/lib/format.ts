import { tz } from "@date-fns/tz";
import { format } from "date-fns";

// How every screen, email, invoice, calendar file and CSV export writes money, dates, times and
// durations (docs/decisions/0009-sydney-time-and-money.md: en-AU, AUD, Sydney time). One module so
// the same figure or day reads the same wherever it appears. Client-safe and framework-free.
//
// Money, from integer cents:
//   formatMoney        "$1,175.00"  every price, total, payout and invoice line
//   formatWholeMoney   "$1,175"     chart axes and plan prices, which show no cents
//   formatRate         "$50", "$50.50"  an hourly rate in a sentence: cents only when there are some
//   formatPlainAmount  "1175.00"    a number for a spreadsheet cell or a form's input
// Dates (a stored YYYY-MM-DD is already Sydney's calendar date; an ISO instant is shown in Sydney):
//   formatLongDate     "Thursday, 3 December 2026"  a booking's day, in sentences and documents
//   formatShortDate    "Thu, 3 Dec 2026"            tables, lists and compact cells
//   formatDateTime     "Thu, 3 Dec 2026, 9:00 AM"   an instant: the short form and the time
//   formatDateAndSlot  "Thu, 3 Dec 2026, 9:00 AM"   a Sydney date and HH:MM slot (a job, a wish)
//   formatMonth        "Nov 2026"                   a YYYY-MM month key
//   formatCsvDateTime  "2026-12-03 09:00"           an instant in a spreadsheet cell
// Times and durations:
//   formatTimeSlot     "2:00 PM"    a HH:MM slot, as docs/product/public-site.md#my-bookings writes it
//   formatHours        "2.5 hours"  a length of work

// Money and hours live in a module of their own, free of the date library, so a page that shows
// only figures (the quote wizard) does not download the dates' code (docs/benchmarks.md).
export {
  formatHours,
  formatMoney,
  formatPlainAmount,
  formatRate,
  formatWholeMoney,
} from "./format-numbers";

const inSydney = { in: tz("Australia/Sydney") };

/** A YYYY-MM-DD calendar date as a Date at its local noon, so no zone or DST shift moves the day. */
function calendarDay(date: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const value = new Date(year, month - 1, day, 12);
  return value.getMonth() === month - 1 && value.getDate() === day ? value : null;
}

/** "2026-12-03" -> "Thursday, 3 December 2026"; anything but a calendar date comes back as it is. */
export function formatLongDate(date: string) {
  const day = calendarDay(date);
  return day ? format(day, "EEEE, d MMMM yyyy") : date;
}

/** "2026-12-03" -> "Thu, 3 Dec 2026"; anything but a calendar date comes back as it is. */
export function formatShortDate(date: string) {
  const day = calendarDay(date);
  return day ? format(day, "EEE, d MMM yyyy") : date;
}

/** An instant in Sydney: "2026-12-02T22:00:00Z" -> "Thu, 3 Dec 2026, 9:00 AM" (seconds on request). */
export function formatDateTime(instant: string | Date, options: { seconds?: boolean } = {}) {
  const time = options.seconds ? "h:mm:ss a" : "h:mm a";
  return format(new Date(instant), `EEE, d MMM yyyy, ${time}`, inSydney);
}

/**
 * A Sydney calendar date and an HH:MM slot as formatDateTime writes an instant:
 * ("2026-12-03", "09:00") -> "Thu, 3 Dec 2026, 9:00 AM"; without a slot, the short date alone.
 */
export function formatDateAndSlot(date: string, slot?: string | null) {
  const day = formatShortDate(date);
  return slot && /^\d{2}:\d{2}$/.test(slot) ? `${day}, ${formatTimeSlot(slot)}` : day;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11" -> "Nov 2026", or "Nov" without the year (the key is already Sydney's month). */
export function formatMonth(key: string, withYear = true) {
  const [year, month] = key.split("-");
  const name = MONTHS[Number(month) - 1] ?? key;
  return withYear ? `${name} ${year}` : name;
}

// Sydney's offset is whole hours, so one UTC hour is one Sydney date and hour: a million-row
// export formats each hour once and reuses it.
const hourPrefixes = new Map<string, string>();

/** An ISO-8601 UTC timestamp as Sydney's wall clock for a spreadsheet: "2026-12-03 09:00". */
export function formatCsvDateTime(iso: string) {
  const hour = iso.slice(0, 13);
  let prefix = hourPrefixes.get(hour);
  if (prefix === undefined) {
    prefix = format(new Date(`${hour}:00:00.000Z`), "yyyy-MM-dd HH", inSydney);
    if (hourPrefixes.size > 50_000) hourPrefixes.clear();
    hourPrefixes.set(hour, prefix);
  }
  return `${prefix}${iso.slice(13, 16)}`;
}

/** "08:00" -> "8:00 AM", "14:00" -> "2:00 PM", "00:30" -> "12:30 AM" */
export function formatTimeSlot(slot: string) {
  const [hour = 0, minute = 0] = slot.split(":").map(Number);
  const suffix = hour < 12 ? "AM" : "PM";
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:${String(minute).padStart(2, "0")} ${suffix}`;
}
