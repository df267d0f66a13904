import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// Pay from the work (docs/decisions/0080-pay-rules.md, 0081-pay-runs-pay-a-line-once.md):
// each cleaner's pay basis, one timesheet line per seat of a completed job, and pay runs that
// gather approved lines. A line belongs to at most one run: pay_run_lines is keyed by the line.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("cleaners")
    .addColumn("employment_type", "text", (c) => c.notNull().defaultTo("contractor"))
    .execute();
  // null: the business's cleaner pay rate applies
  await db.schema.alterTable("cleaners").addColumn("pay_rate_cents", "integer").execute();
  // JSON {"residential": 3400, ...}: a rate per service type, overriding the hourly rate
  await db.schema.alterTable("cleaners").addColumn("service_pay_rates", "text").execute();

  await db.schema
    .createTable("timesheet_lines")
    .addColumn("id", "text", (c) => c.primaryKey())
    // One line per seat: a seat's accepted offer
    .addColumn("assignment_id", "text", (c) => c.notNull().unique())
    .addColumn("booking_id", "text", (c) => c.notNull())
    .addColumn("cleaner_id", "text", (c) => c.notNull())
    .addColumn("work_date", "text", (c) => c.notNull())
    .addColumn("service_type", "text", (c) => c.notNull())
    .addColumn("minutes", "integer", (c) => c.notNull())
    .addColumn("estimated", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rate_cents", "integer", (c) => c.notNull())
    .addColumn("loading_kind", "text")
    .addColumn("loading_percent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("base_cents", "integer", (c) => c.notNull())
    .addColumn("adjustment_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("adjustment_reason", "text")
    .addColumn("withholding_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("approved_at", "text")
    .addColumn("approved_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("timesheet_lines_status_date")
    .on("timesheet_lines")
    .columns(["status", "work_date"])
    .execute();
  await db.schema
    .createIndex("timesheet_lines_cleaner_date")
    .on("timesheet_lines")
    .columns(["cleaner_id", "work_date"])
    .execute();
  await db.schema
    .createIndex("timesheet_lines_booking")
    .on("timesheet_lines")
    .column("booking_id")
    .execute();

  await db.schema
    .createTable("pay_runs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("period_start", "text", (c) => c.notNull())
    .addColumn("period_end", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("approved_by", "text")
    .addColumn("approved_at", "text")
    .addColumn("paid_by", "text")
    .addColumn("paid_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("pay_runs_created")
    .on("pay_runs")
    .columns(["created_at", "id"])
    .execute();

  await db.schema
    .createTable("pay_run_lines")
    // The line is the key: the database refuses a line in a second run
    .addColumn("line_id", "text", (c) => c.primaryKey())
    .addColumn("run_id", "text", (c) => c.notNull())
    .addColumn("cleaner_id", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("pay_run_lines_run")
    .on("pay_run_lines")
    .columns(["run_id", "cleaner_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("pay_run_lines").execute();
  await db.schema.dropTable("pay_runs").execute();
  await db.schema.dropTable("timesheet_lines").execute();
  await db.schema.alterTable("cleaners").dropColumn("service_pay_rates").execute();
  await db.schema.alterTable("cleaners").dropColumn("pay_rate_cents").execute();
  await db.schema.alterTable("cleaners").dropColumn("employment_type").execute();
}
