// The margin of a job, and of groups of jobs (docs/decisions/0080-pay-rules.md,
// docs/decisions/0095-margins-from-monthly-rollups.md). Revenue is what the customer paid and was
// not refunded, less its GST (rounded per job); labour is the timesheet lines' pay plus the super
// owed on them (rounded per line), the same figure a paid pay run puts in the ledger's payouts.
// Payment fees are counted when the provider reports them; none does yet, so they are null.

/** The figures the rollups keep for a job or a group of jobs, in cents. */
export type MarginFigures = {
  paidCents: number;
  refundedCents: number;
  gstCents: number;
  labourCents: number;
  superCents: number;
};

export type Margin = {
  revenueCents: number;
  labourCents: number;
  feesCents: number | null;
  marginCents: number;
  /** One decimal; null when there is no revenue to divide by */
  marginPercent: number | null;
};

export function marginOf(figures: MarginFigures): Margin {
  const revenueCents = figures.paidCents - figures.refundedCents - figures.gstCents;
  const labourCents = figures.labourCents + figures.superCents;
  const marginCents = revenueCents - labourCents;
  return {
    revenueCents,
    labourCents,
    feesCents: null,
    marginCents,
    marginPercent: revenueCents > 0 ? Math.round((marginCents / revenueCents) * 1000) / 10 : null,
  };
}

export type MarginGroup = Margin & { key: string; jobs: number };

/** Groups largest revenue first, then by name. */
export function byRevenue(a: MarginGroup, b: MarginGroup) {
  return b.revenueCents - a.revenueCents || a.key.localeCompare(b.key);
}

/** The month (YYYY-MM) after `month`. */
export function nextMonth(month: string) {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
}
