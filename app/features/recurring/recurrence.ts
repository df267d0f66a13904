import * as rruleModule from "rrule";
import { formatTimeSlot } from "~/lib/format";
import { weekdayOf } from "~/lib/sydney-time";
import type { RepeatingFrequency } from "./frequencies";

// docs/decisions/0073-series-occurrences-are-bookings.md: a series keeps its recurrence as one
// RFC 5545 rule (RRULE text, without DTSTART: the series' first date is its own column). The same
// rule gives the occurrences the sweep books, the customer's calendar entry and the wording.
// Dates are Sydney calendar dates (docs/decisions/0009-sydney-time-and-money.md); the rule is
// evaluated on UTC midnights, which have no daylight saving, so a date never shifts.

// rrule is CommonJS for Node (its names only under `default`) and an ES module in a bundle.
const rrule: typeof rruleModule =
  "default" in rruleModule && rruleModule.default
    ? (rruleModule.default as typeof rruleModule)
    : rruleModule;
const { RRule, rrulestr } = rrule;

export {
  FREQUENCIES,
  FREQUENCY_LABELS,
  isRepeatingFrequency,
  type Frequency,
  type RepeatingFrequency,
} from "./frequencies";

const INTERVAL_WEEKS: Record<RepeatingFrequency, number> = {
  weekly: 1,
  fortnightly: 2,
  every_4_weeks: 4,
};

const RRULE_DAYS = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA];

function utcMidnight(date: string) {
  return new Date(`${date}T00:00:00Z`);
}

/** The rule of a series that starts on `startsOn` (its weekday is the series' day). */
export function seriesRule(frequency: RepeatingFrequency, startsOn: string) {
  const rule = new RRule({
    freq: RRule.WEEKLY,
    interval: INTERVAL_WEEKS[frequency],
    byweekday: [RRULE_DAYS[utcMidnight(startsOn).getUTCDay()]!],
  });
  // toString() gives "RRULE:FREQ=...": the stored text is the rule's value only.
  return rule.toString().replace(/^RRULE:/, "");
}

function parsedRule(rule: string, startsOn: string) {
  const compact = startsOn.replaceAll("-", "");
  return rrulestr(`DTSTART:${compact}T000000Z\nRRULE:${rule}`);
}

/** The frequency a stored rule means; null for a rule this product never writes. */
export function frequencyOf(rule: string): RepeatingFrequency | null {
  const interval = Number(/INTERVAL=(\d+)/.exec(rule)?.[1] ?? "1");
  if (!rule.includes("FREQ=WEEKLY")) return null;
  const found = (Object.keys(INTERVAL_WEEKS) as RepeatingFrequency[]).find(
    (frequency) => INTERVAL_WEEKS[frequency] === interval,
  );
  return found ?? null;
}

/** The series' dates from `from` to `to` (both YYYY-MM-DD, both included), in order. */
export function occurrenceDates(rule: string, startsOn: string, from: string, to: string) {
  if (to < from) return [];
  return parsedRule(rule, startsOn)
    .between(utcMidnight(from), utcMidnight(to), true)
    .map((instant) => instant.toISOString().slice(0, 10));
}

const ORDINAL_WEEKS: Record<RepeatingFrequency, (day: string) => string> = {
  weekly: (day) => `every ${day}`,
  fortnightly: (day) => `every second ${day}`,
  every_4_weeks: (day) => `every 4 weeks on ${day}`,
};

/** "every second Tuesday at 9:00 AM", the way the product writes times. */
export function describeSeries(rule: string, startsOn: string, timeSlot: string) {
  const frequency = frequencyOf(rule) ?? "weekly";
  return `${ORDINAL_WEEKS[frequency](weekdayOf(startsOn))} at ${formatTimeSlot(timeSlot)}`;
}
