import type { Generated, Insertable, Selectable } from "kysely";
import type { ServiceType } from "./leads";

// Timesheets and pay runs (migration 2026_11_29_1700, docs/decisions/0080-pay-rules.md and
// docs/decisions/0081-pay-runs-pay-a-line-once.md).

export type TimesheetLineStatus = "pending" | "approved";
export type LoadingKind = "saturday" | "sunday" | "public_holiday";

/** One seat of a completed job: what its cleaner is paid for it. */
export interface TimesheetLinesTable {
  id: string;
  /** The seat's accepted offer; unique, so a seat gives one line */
  assignment_id: string;
  booking_id: string;
  cleaner_id: string;
  /** YYYY-MM-DD, Sydney: the job's date, which places the line in a pay period */
  work_date: string;
  service_type: ServiceType;
  /** Minutes paid: check-in to check-out, else the seat's share of the estimate */
  minutes: number;
  /** 1 when the minutes are the estimate's share (no check-in and check-out) */
  estimated: Generated<number>;
  /** The hourly rate that applied, before any loading */
  rate_cents: number;
  loading_kind: LoadingKind | null;
  /** Defaults to 0 */
  loading_percent: Generated<number>;
  /** minutes x rate x (1 + loading), rounded to the cent */
  base_cents: number;
  /** Added by staff with a reason; may be negative. Defaults to 0 */
  adjustment_cents: Generated<number>;
  adjustment_reason: string | null;
  /** Tax withheld, entered by hand (no tax is calculated). Defaults to 0 */
  withholding_cents: Generated<number>;
  /** Defaults to pending; approved lines are locked */
  status: Generated<TimesheetLineStatus>;
  approved_at: string | null;
  approved_by: string | null;
  created_at: string;
  updated_at: string;
}

export type PayRunStatus = "draft" | "approved" | "paid";

export interface PayRunsTable {
  id: string;
  reference: string;
  /** YYYY-MM-DD, Sydney, both included */
  period_start: string;
  period_end: string;
  status: PayRunStatus;
  created_by: string | null;
  approved_by: string | null;
  approved_at: string | null;
  paid_by: string | null;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A line in a run: keyed by the line, so no line is in two runs. */
export interface PayRunLinesTable {
  line_id: string;
  run_id: string;
  cleaner_id: string;
}

/** A tip share paid out in a run (migration 2026_11_30_1200): keyed by the share, so once. */
export interface PayRunTipsTable {
  tip_share_id: string;
  run_id: string;
  cleaner_id: string;
}

export type TimesheetLineRow = Selectable<TimesheetLinesTable>;
export type NewTimesheetLine = Insertable<TimesheetLinesTable>;
export type PayRunRow = Selectable<PayRunsTable>;

/** Money figures both margin tables keep (migration 2026_12_01_1300), in cents */
type MarginFigures = {
  /** Paid by the customer, refunds not taken off */
  paid_cents: number | string;
  refunded_cents: number | string;
  /** GST of what was kept, rounded per job */
  gst_cents: number | string;
  /** The timesheet lines' pay (base plus adjustments) */
  labour_cents: number | string;
  /** The super owed on the lines, rounded per line */
  super_cents: number | string;
  /** Payment fees; none is reported yet, so 0 */
  fees_cents: number | string;
};

/** What each completed job adds to the margins, kept by triggers (docs/decisions/0095-margins-from-monthly-rollups.md) */
export interface MarginJobTalliesTable extends MarginFigures {
  booking_id: string;
  /** YYYY-MM-DD, Sydney */
  scheduled_date: string;
  /** YYYY-MM */
  month: string;
  service_type: ServiceType;
  /** The booking's suburb, '' when it has none */
  suburb: string;
}

/** The tallies summed per month x service type x suburb */
export interface MarginMonthlyTable extends MarginFigures {
  month: string;
  service_type: ServiceType;
  suburb: string;
  jobs: number | string;
}
