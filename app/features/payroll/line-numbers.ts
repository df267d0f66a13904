// A timesheet line's figures, read back the same way by every payroll query.

export type LineNumbers = {
  minutes: number;
  estimated: number;
  rate_cents: number;
  loading_percent: number;
  base_cents: number;
  adjustment_cents: number;
  withholding_cents: number;
};

/** A line's figures as numbers (PostgreSQL may hand back integers as strings). */
export function withNumbers<R extends LineNumbers>(row: R): R {
  return {
    ...row,
    minutes: Number(row.minutes),
    estimated: Number(row.estimated),
    rate_cents: Number(row.rate_cents),
    loading_percent: Number(row.loading_percent),
    base_cents: Number(row.base_cents),
    adjustment_cents: Number(row.adjustment_cents),
    withholding_cents: Number(row.withholding_cents),
  };
}
