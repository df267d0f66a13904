import type { Kysely } from "kysely";
import type { Cursor } from "~/components/kit/keyset";
import type { Database } from "~/server/database";
import type { MarginFigures } from "./margins";

// The margin's reads (docs/decisions/0095-margins-from-monthly-rollups.md): sums from the monthly
// rollups, and a page of jobs from their tallies, both kept by triggers in the writers'
// transactions. Neither reads the year's bookings, payments or timesheet lines.

type Db = Kysely<Database>;
export type MonthRange = { fromMonth: string; toMonth: string };

const FIGURES = {
  paidCents: "paid_cents",
  refundedCents: "refunded_cents",
  gstCents: "gst_cents",
  labourCents: "labour_cents",
  superCents: "super_cents",
} as const;

function toFigures(row: Record<string, unknown>): MarginFigures {
  const figures = {} as MarginFigures;
  for (const [name, column] of Object.entries(FIGURES)) {
    figures[name as keyof MarginFigures] = Number(row[column] ?? 0);
  }
  return figures;
}

/** The rollup rows of months fromMonth..toMonth: a few per month, service type and suburb. */
export async function findMarginRollups(db: Db, range: MonthRange) {
  const rows = await db
    .selectFrom("margin_monthly")
    .select(["month", "service_type", "suburb", "jobs", ...Object.values(FIGURES)])
    .where("month", ">=", range.fromMonth)
    .where("month", "<=", range.toMonth)
    .where("jobs", ">", 0)
    .execute();
  return rows.map((row) => ({
    month: row.month,
    service_type: row.service_type,
    suburb: row.suburb,
    jobs: Number(row.jobs),
    ...toFigures(row),
  }));
}

/** One page of completed jobs on dates from..to, newest first, with their tallies. */
export async function findJobMarginPage(
  db: Db,
  range: { from: string; to: string },
  { after, limit }: { after: Cursor | null; limit: number },
) {
  const rows = await db
    .selectFrom("margin_job_tallies as m")
    .innerJoin("bookings as b", "b.id", "m.booking_id")
    .select([
      "m.booking_id as id",
      "b.reference",
      "m.scheduled_date",
      "m.service_type",
      "m.suburb",
      ...Object.values(FIGURES).map((column) => `m.${column}` as const),
    ])
    .where("m.scheduled_date", ">=", range.from)
    .where("m.scheduled_date", "<=", range.to)
    .$if(after !== null, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb("m.scheduled_date", "<", after!.value),
          eb.and([eb("m.scheduled_date", "=", after!.value), eb("m.booking_id", "<", after!.id)]),
        ]),
      ),
    )
    .orderBy("m.scheduled_date", "desc")
    .orderBy("m.booking_id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    scheduled_date: row.scheduled_date,
    service_type: row.service_type,
    suburb: row.suburb || null,
    ...toFigures(row),
  }));
}
