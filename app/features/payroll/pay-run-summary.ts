import type { EmploymentType } from "~/server/database";
import { lineTotalCents, superCents } from "./pay-rules";

// What a pay run pays each cleaner, summed from its lines with the rules of pay-rules.ts, for
// the run's screen, the ABA file, the remittance advice and the exports alike.

export type RunLine = {
  id: string;
  cleaner_id: string;
  cleaner_name: string;
  employment_type: EmploymentType;
  work_date: string;
  minutes: number;
  base_cents: number;
  adjustment_cents: number;
  withholding_cents: number;
};

export type CleanerPay<L extends RunLine> = {
  cleanerId: string;
  name: string;
  employmentType: EmploymentType;
  lines: L[];
  jobs: number;
  minutes: number;
  baseCents: number;
  adjustmentCents: number;
  /** base + adjustments: what the work earned before withholding */
  grossCents: number;
  withholdingCents: number;
  /** What reaches their bank account: gross less withholding */
  netCents: number;
  /** The superannuation guarantee owed to their fund (employees only) */
  superCents: number;
};

export function payByCleaner<L extends RunLine>(lines: L[]): CleanerPay<L>[] {
  const byCleaner = new Map<string, CleanerPay<L>>();
  for (const line of lines) {
    let pay = byCleaner.get(line.cleaner_id);
    if (!pay) {
      pay = {
        cleanerId: line.cleaner_id,
        name: line.cleaner_name,
        employmentType: line.employment_type,
        lines: [],
        jobs: 0,
        minutes: 0,
        baseCents: 0,
        adjustmentCents: 0,
        grossCents: 0,
        withholdingCents: 0,
        netCents: 0,
        superCents: 0,
      };
      byCleaner.set(line.cleaner_id, pay);
    }
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
  return [...byCleaner.values()];
}

export function runTotals(pays: CleanerPay<RunLine>[]) {
  return pays.reduce(
    (total, pay) => ({
      cleaners: total.cleaners + 1,
      jobs: total.jobs + pay.jobs,
      minutes: total.minutes + pay.minutes,
      grossCents: total.grossCents + pay.grossCents,
      withholdingCents: total.withholdingCents + pay.withholdingCents,
      netCents: total.netCents + pay.netCents,
      superCents: total.superCents + pay.superCents,
    }),
    {
      cleaners: 0,
      jobs: 0,
      minutes: 0,
      grossCents: 0,
      withholdingCents: 0,
      netCents: 0,
      superCents: 0,
    },
  );
}

/** 135 -> "2.25": hours to two decimals, as pay slips write them. */
export function hoursOf(minutes: number) {
  return (minutes / 60).toFixed(2);
}
