import { weekdayOf } from "~/lib/sydney-time";
import type { EmploymentType, LoadingKind, ServiceType } from "~/server/database";
import { nswPublicHoliday } from "./public-holidays";

// Every pay rule in one place (docs/decisions/0080-pay-rules.md): the rate that applies to a
// line, its weekend or public-holiday loading, the hours a seat is paid, the line's amount and
// the superannuation guarantee owed on it. Pure, so each rule is tested without a database.
// No tax is calculated here: withholding is typed per line by hand, or left to the accountant.

/** The superannuation guarantee rate in force from each date (Sydney), newest last. */
export const SUPER_GUARANTEE_RATES: ReadonlyArray<{ from: string; percent: number }> = [
  { from: "2024-07-01", percent: 11.5 },
  // Superannuation Guarantee (Administration) Act 1992, s 19(2): 12% from 1 July 2025.
  { from: "2025-07-01", percent: 12 },
];

/** The guarantee rate, in percent, for work done on `date`. */
export function superRatePercent(date: string) {
  let percent = 0;
  for (const rate of SUPER_GUARANTEE_RATES) if (rate.from <= date) percent = rate.percent;
  return percent;
}

export type Loadings = {
  saturdayPercent: number;
  sundayPercent: number;
  publicHolidayPercent: number;
};

/**
 * The loading a day carries. A public holiday takes its own loading whatever the weekday; the
 * loadings never add up (a holiday on a Sunday is paid the holiday's loading only).
 */
export function loadingFor(date: string, loadings: Loadings) {
  if (nswPublicHoliday(date)) {
    return { kind: "public_holiday" as LoadingKind, percent: loadings.publicHolidayPercent };
  }
  const weekday = weekdayOf(date);
  if (weekday === "Saturday")
    return { kind: "saturday" as LoadingKind, percent: loadings.saturdayPercent };
  if (weekday === "Sunday")
    return { kind: "sunday" as LoadingKind, percent: loadings.sundayPercent };
  return { kind: null, percent: 0 };
}

export type PayBasis = {
  employmentType: EmploymentType;
  /** Their own hourly rate, or null for the business's */
  rateCents: number | null;
  /** Rates per service type, overriding the hourly rate */
  serviceRates: Partial<Record<ServiceType, number>>;
};

/** The hourly rate for a job: the service's own rate, else the cleaner's, else the business's. */
export function rateFor(basis: PayBasis, service: ServiceType, businessRateCents: number) {
  return basis.serviceRates[service] ?? basis.rateCents ?? businessRateCents;
}

// A check-out more than this after check-in is a forgotten tap, not a shift: the seat is paid its
// estimate instead, and staff adjust the line if the long day was real.
const LONGEST_SHIFT_MINUTES = 16 * 60;
// A check-out less than a minute after check-in measured nothing (both tapped at the end, or
// one straight after the other): the seat is paid its estimate, not $0.00 or a minute
// (docs/decisions/0096-zero-minute-visits-paid-at-estimate.md).
const SHORTEST_MEASURED_MS = 60_000;

/**
 * The minutes a seat is paid: check-in to check-out when both are there and make sense (at least
 * a minute, at most 16 hours), else the seat's share of the estimate's hours (the same hours that
 * priced the quote), marked estimated.
 */
export function paidMinutes(seat: {
  checkedInAt: string | null;
  checkedOutAt: string | null;
  shareOfEstimateHours: number;
}) {
  if (seat.checkedInAt && seat.checkedOutAt) {
    const ms = Date.parse(seat.checkedOutAt) - Date.parse(seat.checkedInAt);
    const minutes = Math.round(ms / 60_000);
    if (ms >= SHORTEST_MEASURED_MS && minutes <= LONGEST_SHIFT_MINUTES) {
      return { minutes, estimated: false };
    }
  }
  return { minutes: Math.round(seat.shareOfEstimateHours * 60), estimated: true };
}

/** minutes x hourly rate x (1 + loading), to the nearest cent. */
export function baseCents(minutes: number, rateCents: number, loadingPercent: number) {
  return Math.round((minutes * rateCents * (100 + loadingPercent)) / 6000);
}

/** What a line pays the cleaner before withholding: its base plus staff's adjustment. */
export function lineTotalCents(line: { base_cents: number; adjustment_cents: number }) {
  return line.base_cents + line.adjustment_cents;
}

/**
 * The superannuation guarantee owed on a line: employees only, on the line's ordinary time
 * earnings, which are its base (loadings on ordinary hours included). Adjustments are left out:
 * they are mostly reimbursements (parking, supplies), which are not ordinary time earnings.
 */
export function superCents(
  employmentType: EmploymentType,
  line: { base_cents: number; work_date: string },
) {
  if (employmentType !== "employee") return 0;
  return Math.round((line.base_cents * superRatePercent(line.work_date)) / 100);
}

/**
 * What a line costs the business: what it pays the cleaner (withholding included, which goes to
 * the tax office instead) plus the super owed on it. The margin's labour and the ledger's pay-run
 * payouts both use this one figure.
 */
export function labourCostCents(
  employmentType: EmploymentType,
  line: { base_cents: number; adjustment_cents: number; work_date: string },
) {
  return lineTotalCents(line) + superCents(employmentType, line);
}
