import type { Kysely } from "kysely";
import type { Database, NewTimesheetLine, TimesheetLineStatus } from "~/server/database";
import { withNumbers } from "./line-numbers";

// Every query of the timesheets (docs/decisions/0080-pay-rules.md).

type Db = Kysely<Database>;

/**
 * Seats of completed jobs that have no timesheet line yet: each accepted offer of a completed
 * booking, with what its line is computed from. One job (its quote), or all of them (the backfill).
 */
export async function findSeatsWithoutLines(db: Db, quoteId?: string) {
  let select = db
    .selectFrom("assignments as a")
    .innerJoin("bookings as b", "b.id", "a.booking_id")
    .innerJoin("quotes as q", "q.id", "b.quote_id")
    .innerJoin("cleaners as c", "c.id", "a.cleaner_id")
    .leftJoin("timesheet_lines as t", "t.assignment_id", "a.id")
    .select([
      "a.id as assignment_id",
      "a.booking_id",
      "a.cleaner_id",
      "a.checked_in_at",
      "a.checked_out_at",
      "b.scheduled_date",
      "b.crew_size",
      "q.service_type",
      "q.estimated_hours",
      "c.employment_type",
      "c.pay_rate_cents",
      "c.service_pay_rates",
    ])
    .where("a.status", "=", "accepted")
    .where("b.status", "=", "completed")
    .where("t.id", "is", null);
  if (quoteId) select = select.where("b.quote_id", "=", quoteId);
  const rows = await select.execute();
  return rows.map((row) => ({
    ...row,
    booking_id: row.booking_id!,
    crew_size: Number(row.crew_size),
    estimated_hours: row.estimated_hours === null ? 0 : Number(row.estimated_hours),
    pay_rate_cents: row.pay_rate_cents === null ? null : Number(row.pay_rate_cents),
  }));
}

/** Writes lines; a seat that already has one keeps it (two completions write one line). */
export async function insertTimesheetLines(db: Db, rows: NewTimesheetLine[]) {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto("timesheet_lines")
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.column("assignment_id").doNothing())
      .execute();
  }
}

/** A timesheet line's pay figures (as `t`): every list of lines, timesheet or pay run, reads these. */
export const LINE_PAY_COLUMNS = [
  "t.id",
  "t.work_date",
  "t.service_type",
  "t.minutes",
  "t.estimated",
  "t.rate_cents",
  "t.loading_kind",
  "t.loading_percent",
  "t.base_cents",
  "t.adjustment_cents",
  "t.adjustment_reason",
  "t.withholding_cents",
] as const;

const LINE_COLUMNS = [
  ...LINE_PAY_COLUMNS,
  "t.booking_id",
  "t.cleaner_id",
  "t.status",
  "t.approved_at",
  "c.name as cleaner_name",
  "c.employment_type",
  "b.reference as booking_reference",
  "b.suburb",
] as const;

/** Lines of a period (Sydney dates, both included), oldest first, with the run each is in. */
export async function findLinesOfPeriod(
  db: Db,
  query: { from: string; to: string; status: TimesheetLineStatus | null },
) {
  let select = db
    .selectFrom("timesheet_lines as t")
    .innerJoin("cleaners as c", "c.id", "t.cleaner_id")
    .innerJoin("bookings as b", "b.id", "t.booking_id")
    .leftJoin("pay_run_lines as rl", "rl.line_id", "t.id")
    .leftJoin("pay_runs as r", "r.id", "rl.run_id")
    .select([...LINE_COLUMNS, "r.reference as run_reference", "r.id as run_id"])
    .where("t.work_date", ">=", query.from)
    .where("t.work_date", "<=", query.to);
  if (query.status) select = select.where("t.status", "=", query.status);
  const rows = await select.orderBy("t.work_date").orderBy("c.name").orderBy("t.id").execute();
  return rows.map(withNumbers);
}

export async function findLine(db: Db, id: string) {
  const row = await db
    .selectFrom("timesheet_lines as t")
    .innerJoin("cleaners as c", "c.id", "t.cleaner_id")
    .innerJoin("bookings as b", "b.id", "t.booking_id")
    .select(LINE_COLUMNS)
    .where("t.id", "=", id)
    .executeTakeFirst();
  return row && withNumbers(row);
}

/** Staff's adjustment, only while the line is pending: false once it was approved. */
export async function updatePendingLine(
  db: Db,
  id: string,
  change: {
    adjustment_cents: number;
    adjustment_reason: string | null;
    withholding_cents: number;
    updated_at: string;
  },
) {
  const result = await db
    .updateTable("timesheet_lines")
    .set(change)
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Approves the lines still pending among `ids`; returns the ids it approved. */
export async function approvePendingLines(
  db: Db,
  ids: string[],
  by: { staffId: string; at: string },
) {
  if (ids.length === 0) return [];
  const pending = await db
    .selectFrom("timesheet_lines")
    .select("id")
    .where("id", "in", ids)
    .where("status", "=", "pending")
    .execute();
  const approved: string[] = [];
  for (const { id } of pending) {
    const result = await db
      .updateTable("timesheet_lines")
      .set({ status: "approved", approved_at: by.at, approved_by: by.staffId, updated_at: by.at })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) approved.push(id);
  }
  return approved;
}
