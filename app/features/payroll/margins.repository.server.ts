import { sql, type Kysely } from "kysely";
import type { Database } from "~/server/database";

// The margin's reads (docs/decisions/0080-pay-rules.md): completed jobs with what their
// customers paid, and their timesheet lines with each cleaner's pay basis.

type Db = Kysely<Database>;

/** Completed jobs on Sydney dates from..to, with the payments still held (paid less refunded). */
export async function findCompletedJobs(db: Db, range: { from: string; to: string }) {
  const rows = await db
    .selectFrom("bookings as b")
    .innerJoin("quotes as q", "q.id", "b.quote_id")
    .leftJoin(
      (eb) =>
        eb
          .selectFrom("payments")
          .select((p) => [
            "booking_id",
            p.fn
              .sum<number>(
                sql`case when status = 'paid' then amount_cents - refunded_cents else 0 end`,
              )
              .as("kept_cents"),
          ])
          .where("status", "in", ["paid", "refunded"])
          .where("booking_id", "is not", null)
          .groupBy("booking_id")
          .as("p"),
      (join) => join.onRef("p.booking_id", "=", "b.id"),
    )
    .select([
      "b.id",
      "b.reference",
      "b.scheduled_date",
      "b.suburb",
      "q.service_type",
      sql<number | null>`p.kept_cents`.as("kept_cents"),
    ])
    .where("b.status", "=", "completed")
    .where("b.scheduled_date", ">=", range.from)
    .where("b.scheduled_date", "<=", range.to)
    .orderBy("b.scheduled_date", "desc")
    .orderBy("b.id")
    .execute();
  return rows.map((row) => ({ ...row, kept_cents: Number(row.kept_cents ?? 0) }));
}

/** Timesheet lines of jobs on Sydney dates from..to, with their cleaner's employment type. */
export async function findLinesForMargin(db: Db, range: { from: string; to: string }) {
  const rows = await db
    .selectFrom("timesheet_lines as t")
    .innerJoin("cleaners as c", "c.id", "t.cleaner_id")
    .select([
      "t.booking_id",
      "t.work_date",
      "t.base_cents",
      "t.adjustment_cents",
      "c.employment_type",
    ])
    .where("t.work_date", ">=", range.from)
    .where("t.work_date", "<=", range.to)
    .execute();
  return rows.map((row) => ({
    ...row,
    base_cents: Number(row.base_cents),
    adjustment_cents: Number(row.adjustment_cents),
  }));
}
