import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// PostgreSQL: the functions that keep the dashboard's, the lead board's and the margins' counts
// as rows are written (migrations 2026_11_25_1140, 2026_11_25_1310, 2026_11_30_1500 and
// 2026_12_01_1300) run the same few statements on every write, with the written row's ids as
// parameters. PostgreSQL judged a generic plan of them dearer than planning afresh, so it planned
// every statement on every call: about 2 ms of a booking's 2.6 ms insert. Their generic plans
// read by primary key or index like the fresh ones, and are made once per connection
// (docs/decisions/0101-the-sweep-books-a-dates-visits-together.md). SQLite has no plan cache
// choice to make.
const FUNCTIONS = [
  "hourly_lead_counts_add(text, integer, integer)",
  "lead_board_totals_add(text, text, text, integer, bigint)",
  "lead_board_totals_quotes()",
  "lead_conversions_recompute(text)",
  "lead_counts_quotes()",
  "lead_counts_bookings()",
  "lead_counts_payments()",
  "booking_counts_recompute(text[])",
  "booking_counts_bookings()",
  "booking_counts_quotes()",
  "booking_counts_assignments()",
  "margin_rollups_recompute(text[])",
  "margin_rollups_bookings()",
  "margin_rollups_quotes()",
  "margin_rollups_payments()",
  "margin_rollups_timesheet_lines()",
  "margin_rollups_cleaners()",
];

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const fn of FUNCTIONS) {
    await sql.raw(`alter function ${fn} set plan_cache_mode = force_generic_plan`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const fn of FUNCTIONS) {
    await sql.raw(`alter function ${fn} reset plan_cache_mode`).execute(db);
  }
}
