import { sql, type Kysely } from "kysely";
import type { Database, PayRunRow, PayRunStatus } from "~/server/database";
import { withNumbers } from "./line-numbers";
import { LINE_PAY_COLUMNS } from "./timesheets.repository.server";

// Every query of pay runs (docs/decisions/0081-pay-runs-pay-a-line-once.md). pay_run_lines is
// keyed by the line, so the database itself keeps a line in at most one run.

type Db = Kysely<Database>;

export async function insertPayRun(db: Db, row: PayRunRow) {
  await db.insertInto("pay_runs").values(row).execute();
}

/**
 * Puts into the run every approved line of the period that no run holds yet. A line another
 * transaction is claiming at the same moment is skipped (ON CONFLICT DO NOTHING waits for that
 * transaction on PostgreSQL; SQLite has one writer). Returns how many lines the run took.
 */
export async function claimLinesForRun(db: Db, run: { id: string; from: string; to: string }) {
  await db
    .insertInto("pay_run_lines")
    .columns(["line_id", "run_id", "cleaner_id"])
    .expression((eb) =>
      eb
        .selectFrom("timesheet_lines as t")
        .select(["t.id", sql<string>`cast(${run.id} as text)`.as("run_id"), "t.cleaner_id"])
        .where("t.status", "=", "approved")
        .where("t.work_date", ">=", run.from)
        .where("t.work_date", "<=", run.to)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("pay_run_lines as held")
                .select("held.line_id")
                .whereRef("held.line_id", "=", "t.id"),
            ),
          ),
        ),
    )
    .onConflict((oc) => oc.column("line_id").doNothing())
    .execute();
  const row = await db
    .selectFrom("pay_run_lines")
    .select((eb) => eb.fn.countAll<number>().as("lines"))
    .where("run_id", "=", run.id)
    .executeTakeFirstOrThrow();
  return Number(row.lines);
}

export async function findPayRun(db: Db, id: string) {
  return db.selectFrom("pay_runs").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Runs, newest first, with their line count and what they pay (before withholding). */
export async function findPayRuns(db: Db, limit = 100) {
  const rows = await db
    .selectFrom("pay_runs as r")
    .leftJoin("pay_run_lines as rl", "rl.run_id", "r.id")
    .leftJoin("timesheet_lines as t", "t.id", "rl.line_id")
    .select((eb) => [
      "r.id",
      "r.reference",
      "r.period_start",
      "r.period_end",
      "r.status",
      "r.created_at",
      "r.paid_at",
      eb.fn.count<number>("rl.line_id").as("lines"),
      eb.fn.count<number>(sql`distinct rl.cleaner_id`).as("cleaners"),
      eb.fn
        .coalesce(eb.fn.sum<number>(sql`t.base_cents + t.adjustment_cents`), sql<number>`0`)
        .as("gross_cents"),
    ])
    .groupBy([
      "r.id",
      "r.reference",
      "r.period_start",
      "r.period_end",
      "r.status",
      "r.created_at",
      "r.paid_at",
    ])
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    lines: Number(row.lines),
    cleaners: Number(row.cleaners),
    gross_cents: Number(row.gross_cents),
  }));
}

/** A run's lines with their cleaner and job, by cleaner then date. */
export async function findRunLines(db: Db, runId: string) {
  const rows = await db
    .selectFrom("pay_run_lines as rl")
    .innerJoin("timesheet_lines as t", "t.id", "rl.line_id")
    .innerJoin("cleaners as c", "c.id", "t.cleaner_id")
    .innerJoin("bookings as b", "b.id", "t.booking_id")
    .select([
      ...LINE_PAY_COLUMNS,
      "t.cleaner_id",
      "t.booking_id",
      "c.name as cleaner_name",
      "c.email as cleaner_email",
      "c.employment_type",
      "c.abn_number",
      "b.reference as booking_reference",
    ])
    .where("rl.run_id", "=", runId)
    .orderBy("c.name")
    .orderBy("t.cleaner_id")
    .orderBy("t.work_date")
    .orderBy("t.id")
    .execute();
  return rows.map(withNumbers);
}

/**
 * The encrypted bank details of a run's cleaners, those with lines and those only tipped: read
 * only to write the ABA file.
 */
export async function findRunCleanersBank(db: Db, runId: string) {
  return db
    .selectFrom("cleaners as c")
    .select(["c.id", "c.name", "c.account_name", "c.bsb_encrypted", "c.account_number_encrypted"])
    .where((eb) =>
      eb.or([
        eb(
          "c.id",
          "in",
          eb.selectFrom("pay_run_lines").select("cleaner_id").where("run_id", "=", runId),
        ),
        eb(
          "c.id",
          "in",
          eb.selectFrom("pay_run_tips").select("cleaner_id").where("run_id", "=", runId),
        ),
      ]),
    )
    .execute();
}

/** Moves a run on; false when its status was no longer `from`. */
export async function updatePayRunStatusIf(
  db: Db,
  id: string,
  from: PayRunStatus,
  set: Partial<Omit<PayRunRow, "id" | "reference">> & { status: PayRunStatus; updated_at: string },
) {
  const result = await db
    .updateTable("pay_runs")
    .set(set)
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a run that is still a draft, and frees its lines; false when it is not a draft. */
export async function deleteDraftPayRun(db: Db, id: string) {
  const result = await db
    .deleteFrom("pay_runs")
    .where("id", "=", id)
    .where("status", "=", "draft")
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return false;
  await db.deleteFrom("pay_run_lines").where("run_id", "=", id).execute();
  return true;
}

/** A cleaner's approved and paid runs, newest first, with each of their lines in it. */
export async function findCleanerRunLines(db: Db, cleanerId: string) {
  const rows = await db
    .selectFrom("pay_run_lines as rl")
    .innerJoin("pay_runs as r", "r.id", "rl.run_id")
    .innerJoin("timesheet_lines as t", "t.id", "rl.line_id")
    .innerJoin("bookings as b", "b.id", "t.booking_id")
    .select([
      "r.id as run_id",
      "r.reference",
      "r.period_start",
      "r.period_end",
      "r.status",
      "r.paid_at",
      ...LINE_PAY_COLUMNS,
      "b.reference as booking_reference",
    ])
    .where("rl.cleaner_id", "=", cleanerId)
    .where("r.status", "in", ["approved", "paid"])
    .orderBy("r.period_start", "desc")
    .orderBy("r.id")
    .orderBy("t.work_date")
    .execute();
  return rows.map(withNumbers);
}

/** A cleaner's employment type, for the super their runs owe; null when there is no such cleaner. */
export async function findCleanerEmployment(db: Db, cleanerId: string) {
  const row = await db
    .selectFrom("cleaners")
    .select("employment_type")
    .where("id", "=", cleanerId)
    .executeTakeFirst();
  return row?.employment_type ?? null;
}
