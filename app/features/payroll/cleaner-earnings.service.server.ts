import type { Kysely } from "kysely";
import type { Database, EmploymentType } from "~/server/database";
import { lineTotalCents, superCents } from "./pay-rules";
import { findCleanerRunLines } from "./pay-runs.repository.server";

// For the cleaner app's earnings page: a cleaner's approved and paid pay runs, each with its
// lines and totals, computed by the same rules as the run itself (docs/decisions/0080-pay-rules.md).

type RunLineOfCleaner = Awaited<ReturnType<typeof findCleanerRunLines>>[number];

export type CleanerPayRun = {
  runId: string;
  reference: string;
  periodStart: string;
  periodEnd: string;
  status: "approved" | "paid";
  paidAt: string | null;
  lines: RunLineOfCleaner[];
  minutes: number;
  grossCents: number;
  withholdingCents: number;
  netCents: number;
  superCents: number;
};

/** A cleaner's pay runs (approved or paid), newest period first, with their lines. */
export async function listCleanerPayRuns(
  db: Kysely<Database>,
  cleaner: { id: string; employmentType: EmploymentType },
): Promise<CleanerPayRun[]> {
  const runs = new Map<string, CleanerPayRun>();
  for (const line of await findCleanerRunLines(db, cleaner.id)) {
    let run = runs.get(line.run_id);
    if (!run) {
      run = {
        runId: line.run_id,
        reference: line.reference,
        periodStart: line.period_start,
        periodEnd: line.period_end,
        status: line.status as "approved" | "paid",
        paidAt: line.paid_at,
        lines: [],
        minutes: 0,
        grossCents: 0,
        withholdingCents: 0,
        netCents: 0,
        superCents: 0,
      };
      runs.set(line.run_id, run);
    }
    run.lines.push(line);
    run.minutes += line.minutes;
    run.grossCents += lineTotalCents(line);
    run.withholdingCents += line.withholding_cents;
    run.netCents += lineTotalCents(line) - line.withholding_cents;
    run.superCents += superCents(cleaner.employmentType, line);
  }
  return [...runs.values()];
}
