import type { EmploymentType } from "~/server/database";
import { gstOfInclusive } from "~/features/invoices/invoice";
import { labourCostCents } from "./pay-rules";

// The margin of a job, and of groups of jobs (docs/decisions/0080-pay-rules.md). Revenue is
// what the customer paid and was not refunded, less its GST; labour is the timesheet lines'
// labour cost (earned plus super), the same figure a paid pay run puts in the ledger's payouts.
// Payment fees are counted when the provider reports them; none does yet, so they are null.

export type JobRow = {
  id: string;
  reference: string;
  scheduled_date: string;
  suburb: string | null;
  service_type: string;
  kept_cents: number;
};

export type LabourLine = {
  booking_id: string;
  work_date: string;
  base_cents: number;
  adjustment_cents: number;
  employment_type: EmploymentType;
};

export type Margin = {
  revenueCents: number;
  labourCents: number;
  feesCents: number | null;
  marginCents: number;
  /** One decimal; null when there is no revenue to divide by */
  marginPercent: number | null;
};

function margin(revenueCents: number, labourCents: number): Margin {
  const marginCents = revenueCents - labourCents;
  return {
    revenueCents,
    labourCents,
    feesCents: null,
    marginCents,
    marginPercent: revenueCents > 0 ? Math.round((marginCents / revenueCents) * 1000) / 10 : null,
  };
}

export type JobMargin = JobRow & Margin & { month: string };

export function jobMargins(jobs: JobRow[], lines: LabourLine[]): JobMargin[] {
  const labour = new Map<string, number>();
  for (const line of lines) {
    labour.set(
      line.booking_id,
      (labour.get(line.booking_id) ?? 0) + labourCostCents(line.employment_type, line),
    );
  }
  return jobs.map((job) => ({
    ...job,
    month: job.scheduled_date.slice(0, 7),
    ...margin(job.kept_cents - gstOfInclusive(job.kept_cents), labour.get(job.id) ?? 0),
  }));
}

export type MarginGroup = Margin & { key: string; jobs: number };

/** Sums job margins by a key (service type, suburb, month), largest revenue first. */
export function groupMargins(jobs: JobMargin[], keyOf: (job: JobMargin) => string) {
  const groups = new Map<string, { revenue: number; labour: number; jobs: number }>();
  for (const job of jobs) {
    const key = keyOf(job);
    const group = groups.get(key) ?? { revenue: 0, labour: 0, jobs: 0 };
    group.revenue += job.revenueCents;
    group.labour += job.labourCents;
    group.jobs += 1;
    groups.set(key, group);
  }
  return [...groups.entries()]
    .map(([key, g]): MarginGroup => ({ key, jobs: g.jobs, ...margin(g.revenue, g.labour) }))
    .sort((a, b) => b.revenueCents - a.revenueCents || a.key.localeCompare(b.key));
}

export function totalMargin(jobs: JobMargin[]) {
  return groupMargins(jobs, () => "All jobs")[0] ?? { key: "All jobs", jobs: 0, ...margin(0, 0) };
}
