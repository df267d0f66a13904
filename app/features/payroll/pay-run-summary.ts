import type { EmploymentType } from "~/server/database";
import { lineTotalCents, superCents } from "./pay-rules";

// What a pay run pays each cleaner, summed from its lines with the rules of pay-rules.ts, for
// the run's screen, the ABA file, the remittance advice and the exports alike. Tips ride along
// to the cleaner's bank but are not wages: no super is owed on them
// (docs/decisions/0085-tips-ride-in-pay-runs.md).

export type RunLine = {
  id: string;
  cleaner_id: string;
  cleaner_name: string;
  cleaner_email: string;
  employment_type: EmploymentType;
  work_date: string;
  minutes: number;
  base_cents: number;
  adjustment_cents: number;
  withholding_cents: number;
};

/** A tip share the run pays out: the crew's money, passed on whole. */
export type RunTip = {
  id: string;
  cleaner_id: string;
  cleaner_name: string;
  cleaner_email: string;
  employment_type: EmploymentType;
  booking_id: string;
  booking_reference: string;
  amount_cents: number;
  sydney_date: string;
};

export type CleanerPay<L extends RunLine> = {
  cleanerId: string;
  name: string;
  email: string;
  employmentType: EmploymentType;
  lines: L[];
  tips: RunTip[];
  jobs: number;
  minutes: number;
  baseCents: number;
  adjustmentCents: number;
  /** base + adjustments: what the work earned before withholding */
  grossCents: number;
  withholdingCents: number;
  /** Tips passed on: not wages, so no super and no withholding */
  tipsCents: number;
  /** What reaches their bank account: gross less withholding, plus tips */
  netCents: number;
  /** The superannuation guarantee owed to their fund (employees only) */
  superCents: number;
};

function emptyPay<L extends RunLine>(who: {
  cleaner_id: string;
  cleaner_name: string;
  cleaner_email: string;
  employment_type: EmploymentType;
}): CleanerPay<L> {
  return {
    cleanerId: who.cleaner_id,
    name: who.cleaner_name,
    email: who.cleaner_email,
    employmentType: who.employment_type,
    lines: [],
    tips: [],
    jobs: 0,
    minutes: 0,
    baseCents: 0,
    adjustmentCents: 0,
    grossCents: 0,
    withholdingCents: 0,
    tipsCents: 0,
    netCents: 0,
    superCents: 0,
  };
}

/** Each cleaner's pay from the run's lines and tips; a cleaner tipped without a line is paid too. */
export function payByCleaner<L extends RunLine>(lines: L[], tips: RunTip[] = []): CleanerPay<L>[] {
  const byCleaner = new Map<string, CleanerPay<L>>();
  const payOf = (who: RunLine | RunTip) => {
    const pay = byCleaner.get(who.cleaner_id) ?? emptyPay<L>(who);
    byCleaner.set(who.cleaner_id, pay);
    return pay;
  };
  for (const line of lines) {
    const pay = payOf(line);
    pay.lines.push(line);
    pay.jobs += 1;
    pay.minutes += line.minutes;
    pay.baseCents += line.base_cents;
    pay.adjustmentCents += line.adjustment_cents;
    pay.grossCents += lineTotalCents(line);
    pay.withholdingCents += line.withholding_cents;
    pay.netCents += lineTotalCents(line) - line.withholding_cents;
    pay.superCents += superCents(line.employment_type, line);
  }
  for (const tip of tips) {
    const pay = payOf(tip);
    pay.tips.push(tip);
    pay.tipsCents += tip.amount_cents;
    pay.netCents += tip.amount_cents;
  }
  return [...byCleaner.values()];
}

/** A line's tips: the shares of its job paid to its cleaner in this run. */
export function tipsOfLine(pay: { tips: RunTip[] }, line: { booking_id: string }) {
  return pay.tips
    .filter((tip) => tip.booking_id === line.booking_id)
    .reduce((sum, tip) => sum + tip.amount_cents, 0);
}

export function runTotals(pays: CleanerPay<RunLine>[]) {
  return pays.reduce(
    (total, pay) => ({
      cleaners: total.cleaners + 1,
      jobs: total.jobs + pay.jobs,
      minutes: total.minutes + pay.minutes,
      grossCents: total.grossCents + pay.grossCents,
      withholdingCents: total.withholdingCents + pay.withholdingCents,
      tipsCents: total.tipsCents + pay.tipsCents,
      netCents: total.netCents + pay.netCents,
      superCents: total.superCents + pay.superCents,
    }),
    {
      cleaners: 0,
      jobs: 0,
      minutes: 0,
      grossCents: 0,
      withholdingCents: 0,
      tipsCents: 0,
      netCents: 0,
      superCents: 0,
    },
  );
}

/** 135 -> "2.25": hours to two decimals, as pay slips write them. */
export function hoursOf(minutes: number) {
  return (minutes / 60).toFixed(2);
}
