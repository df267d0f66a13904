import { z } from "zod";

// docs/product/back-office.md#business-constants-and-limits: dashboard periods of 7, 30 (default) and 90 days.
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 30;

export const PERIOD_LABELS: Record<DashboardPeriod, string> = {
  7: "Last 7 days",
  30: "Last 30 days",
  90: "Last 90 days",
};

/** `?period=7|30|90`; anything else (missing, typed by hand, stale link) reads as 30. */
export const DashboardPeriodSchema = z
  .enum(["7", "30", "90"])
  .transform((value) => Number(value) as DashboardPeriod)
  .catch(DEFAULT_DASHBOARD_PERIOD);

export function parseDashboardPeriod(value: string | null): DashboardPeriod {
  return DashboardPeriodSchema.parse(value ?? undefined);
}
