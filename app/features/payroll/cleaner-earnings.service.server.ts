import type { Kysely } from "kysely";
import { listCleanerTips } from "~/features/payments/tips.service.server";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import type { Database, EmploymentType } from "~/server/database";
import { lineTotalCents, superCents } from "./pay-rules";
import { findCleanerRunTips } from "./pay-run-tips.repository.server";
import { findCleanerEmployment, findCleanerRunLines } from "./pay-runs.repository.server";

// For the cleaner app's earnings page: a cleaner's approved and paid pay runs, each with its
// lines, its tips and totals, computed by the same rules as the run itself
// (docs/decisions/0080-pay-rules.md, docs/decisions/0085-tips-ride-in-pay-runs.md).

type RunLineOfCleaner = Awaited<ReturnType<typeof findCleanerRunLines>>[number];

export type CleanerPayRun = {
  runId: string;
  reference: string;
  periodStart: string;
  periodEnd: string;
  status: "approved" | "paid";
  paidAt: string | null;
  /** The Sydney date it was marked paid */
  paidOn: string | null;
  lines: RunLineOfCleaner[];
  minutes: number;
  grossCents: number;
  withholdingCents: number;
  /** Tips passed on in the run: not wages */
  tipsCents: number;
  /** What reached (or will reach) their bank: gross less withholding, plus tips */
  netCents: number;
  superCents: number;
};

type RunOfCleaner = Pick<
  RunLineOfCleaner,
  "run_id" | "reference" | "period_start" | "period_end" | "status" | "paid_at"
>;

function emptyRun(row: RunOfCleaner): CleanerPayRun {
  return {
    runId: row.run_id,
    reference: row.reference,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    status: row.status as "approved" | "paid",
    paidAt: row.paid_at,
    paidOn: row.paid_at ? sydneyDate(new Date(row.paid_at)) : null,
    lines: [],
    minutes: 0,
    grossCents: 0,
    withholdingCents: 0,
    tipsCents: 0,
    netCents: 0,
    superCents: 0,
  };
}

/** A cleaner's pay runs (approved or paid), newest period first, with their lines and tips. */
export async function listCleanerPayRuns(
  db: Kysely<Database>,
  cleaner: { id: string; employmentType: EmploymentType },
): Promise<CleanerPayRun[]> {
  const runs = new Map<string, CleanerPayRun>();
  const runOf = (row: RunOfCleaner) => {
    const run = runs.get(row.run_id) ?? emptyRun(row);
    runs.set(row.run_id, run);
    return run;
  };
  const [lines, tips] = await Promise.all([
    findCleanerRunLines(db, cleaner.id),
    findCleanerRunTips(db, cleaner.id),
  ]);
  for (const line of lines) {
    const run = runOf(line);
    run.lines.push(line);
    run.minutes += line.minutes;
    run.grossCents += lineTotalCents(line);
    run.withholdingCents += line.withholding_cents;
    run.netCents += lineTotalCents(line) - line.withholding_cents;
    run.superCents += superCents(cleaner.employmentType, line);
  }
  for (const tip of tips) {
    const run = runOf(tip);
    run.tipsCents += tip.amount_cents;
    run.netCents += tip.amount_cents;
  }
  return [...runs.values()].sort(
    (a, b) => b.periodStart.localeCompare(a.periodStart) || a.runId.localeCompare(b.runId),
  );
}

/** How far back the earnings page lists tips, job by job. */
const TIP_DAYS_SHOWN = 84;

export type TipOfJob = { bookingReference: string; jobDate: string; amountCents: number };

/**
 * The cleaner app's pay: their pay runs (approved and paid) and the tips of their jobs over the
 * last twelve weeks, one figure per job (docs/decisions/0085-tips-ride-in-pay-runs.md).
 */
export async function loadCleanerPay(db: Kysely<Database>, cleanerId: string, now = new Date()) {
  const employmentType = (await findCleanerEmployment(db, cleanerId)) ?? "contractor";
  const to = sydneyDate(now);
  const [runs, tips] = await Promise.all([
    listCleanerPayRuns(db, { id: cleanerId, employmentType }),
    listCleanerTips(db, { cleanerId, from: addDays(to, -TIP_DAYS_SHOWN), to }),
  ]);
  const byJob = new Map<string, TipOfJob>();
  for (const tip of tips.tips) {
    const job = byJob.get(tip.bookingReference) ?? {
      bookingReference: tip.bookingReference,
      jobDate: tip.jobDate,
      amountCents: 0,
    };
    job.amountCents += tip.amountCents;
    byJob.set(tip.bookingReference, job);
  }
  const tipsByJob = [...byJob.values()].sort((a, b) => b.jobDate.localeCompare(a.jobDate));
  return { employmentType, runs, tipsByJob, tipsTotalCents: tips.totalCents };
}
