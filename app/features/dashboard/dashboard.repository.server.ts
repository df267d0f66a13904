import { PostgresAdapter, sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Database, TransactionType } from "~/server/database";
import {
  CLEANER_STATUS_CHANGED,
  CleanerStatusChangeSchema,
} from "~/features/cleaners/cleaner-status";

// All SQL of the dashboard. Whole days and hours come from pre-aggregates (migration
// 2026_11_22_1500); only the part hours at the ends of a period are summed from the ledger and
// the quotes, over a range of an index (migration 2026_11_22_1400). So the cost grows with
// neither the table nor the period's rows, only with an hour's.

type Db = Kysely<Database>;

export type MoneySum = {
  type: TransactionType;
  /** undefined: every category; null: payments without one */
  category?: string | null;
  /** [from, to) as ISO-8601 UTC text */
  from: string;
  to: string;
};

// SQLite allows 500 terms in one compound select; stay well below.
const UNION_CHUNK = 100;

/** A completed amount (cents) and the number of ledger rows it sums. */
export type CompletedTotal = { cents: number; count: number };

/**
 * The completed amounts (cents) and row counts of many ranges, in the order asked, in one round
 * trip per 100: one `union all` of index range sums, so each row of the ledger is read at most
 * once.
 */
export async function sumCompletedAmounts(db: Db, sums: MoneySum[]): Promise<CompletedTotal[]> {
  const totals = sums.map(() => ({ cents: 0, count: 0 }));
  for (let offset = 0; offset < sums.length; offset += UNION_CHUNK) {
    const chunk = sums.slice(offset, offset + UNION_CHUNK);
    const queries = chunk.map((sum, index) => {
      let query = db
        .selectFrom("transactions")
        .select((eb) => [
          sql<number>`${sql.lit(offset + index)}`.as("branch"),
          eb.fn.sum<number | null>("amount_cents").as("total"),
          eb.fn.countAll<number>().as("count"),
        ])
        .where("type", "=", sum.type)
        .where("status", "=", "completed");
      if (sum.category === null) query = query.where("category", "is", null);
      else if (sum.category !== undefined) query = query.where("category", "=", sum.category);
      return query.where("created_at", ">=", sum.from).where("created_at", "<", sum.to);
    });
    const union = queries
      .slice(1)
      .reduce<
        SelectQueryBuilder<
          Database,
          "transactions",
          { branch: number; total: number | null; count: number }
        >
      >((all, query) => all.unionAll(query), queries[0]!);
    for (const row of await union.execute()) {
      totals[Number(row.branch)] = { cents: Number(row.total ?? 0), count: Number(row.count) };
    }
  }
  return totals;
}

/**
 * The daily rollups (completed amounts per Sydney date, type and category, kept by the ledger
 * module) of the Sydney dates from `firstDay` to `lastDay`, both included: a few rows a day,
 * however busy the day was.
 */
export async function findDailyRollups(db: Db, firstDay: string, lastDay: string) {
  const rows = await db
    .selectFrom("daily_rollups")
    .select(["sydney_date", "type", "category", "amount_cents", "completed_count"])
    .where("sydney_date", ">=", firstDay)
    .where("sydney_date", "<=", lastDay)
    .execute();
  return rows.map((row) => ({
    ...row,
    amount_cents: Number(row.amount_cents),
    completed_count: Number(row.completed_count),
  }));
}

/**
 * The hourly rollups (completed amounts per UTC hour, type and category, kept by the ledger
 * module) of the given ranges of hours, each YYYY-MM-DDTHH with both ends included: one read of
 * the primary key per range, a few rows an hour however busy the hour was.
 */
export async function findHourlyRollups(db: Db, ranges: { first: string; last: string }[]) {
  if (ranges.length === 0) return [];
  const rows = await db
    .selectFrom("hourly_rollups")
    .select(["utc_hour", "type", "category", "amount_cents", "completed_count"])
    .where((eb) =>
      eb.or(
        ranges.map((range) =>
          eb.and([eb("utc_hour", ">=", range.first), eb("utc_hour", "<=", range.last)]),
        ),
      ),
    )
    .execute();
  return rows.map((row) => ({
    ...row,
    amount_cents: Number(row.amount_cents),
    completed_count: Number(row.completed_count),
  }));
}

export type LeadCounts = { leads: number; booked: number };

/**
 * Live leads, and those converted (a paid or completed booking), created in the UTC hours
 * [fromHour, toHour) (each YYYY-MM-DDTHH), from the hourly counts the triggers of migrations
 * 2026_11_22_1500 and 2026_11_25_1140 keep.
 */
export async function countLeadsInHours(
  db: Db,
  fromHour: string,
  toHour: string,
): Promise<LeadCounts> {
  const row = await db
    .selectFrom("hourly_lead_counts")
    .select((eb) => [
      eb.fn.sum<number | null>("leads").as("leads"),
      eb.fn.sum<number | null>("booked_leads").as("booked"),
    ])
    .where("utc_hour", ">=", fromHour)
    .where("utc_hour", "<", toHour)
    .executeTakeFirstOrThrow();
  return { leads: Number(row.leads ?? 0), booked: Number(row.booked ?? 0) };
}

/**
 * Live leads (quotes) created in [from, to), and those of them converted, counted row by row: for
 * the part hours at the ends of a period only. A lead converts while it has a booking that is paid
 * or completed (docs/decisions/0030-conversion-rate.md), the definition the triggers of migration
 * 2026_11_25_1140 keep in the hourly counts. Bookings and payments are found through
 * bookings_quote_idx and payments_booking_idx.
 */
export async function countLeadsBetween(db: Db, from: string, to: string): Promise<LeadCounts> {
  const row = await db
    .selectFrom("quotes as q")
    .select((eb) => [
      eb.fn.countAll<number>().as("leads"),
      eb.fn
        .sum<number | null>(
          eb
            .case()
            .when(
              eb.exists(
                eb
                  .selectFrom("bookings as b")
                  .select(sql.lit(1).as("one"))
                  .whereRef("b.quote_id", "=", "q.id")
                  .where("b.status", "<>", "cancelled")
                  .where((inner) =>
                    inner.or([
                      inner("b.status", "=", "completed"),
                      inner.exists(
                        inner
                          .selectFrom("payments as p")
                          .select(sql.lit(1).as("one"))
                          .where("p.status", "=", "paid")
                          .where((paid) =>
                            paid.or([
                              paid("p.booking_id", "=", paid.ref("b.id")),
                              paid.and([
                                paid("p.booking_id", "is", null),
                                paid("p.quote_id", "=", paid.ref("b.quote_id")),
                              ]),
                            ]),
                          ),
                      ),
                    ]),
                  ),
              ),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as("booked"),
    ])
    .where("q.deleted_at", "is", null)
    .where("q.created_at", ">=", from)
    .where("q.created_at", "<", to)
    .executeTakeFirstOrThrow();
  return { leads: Number(row.leads), booked: Number(row.booked ?? 0) };
}

/** The latest transactions of [from, to), newest first. */
export async function findRecentTransactions(db: Db, from: string, to: string, limit: number) {
  return db
    .selectFrom("transactions")
    .select([
      "id",
      "reference_id",
      "description",
      "type",
      "amount_cents",
      "category",
      "status",
      "created_at",
    ])
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/**
 * docs/product/back-office.md#business-constants-and-limits: available cleaners, and the average
 * rating of those who have one. A new cleaner starts at 0, which means "not rated yet", not zero
 * stars, so it is left out of the average (avg skips the nulls the case gives it).
 */
export async function summariseAvailableCleaners(db: Db) {
  const row = await db
    .selectFrom("cleaners")
    .select((eb) => [
      eb.fn.countAll<number>().as("count"),
      eb.fn
        .avg<number | null>(eb.case().when("rating", ">", 0).then(eb.ref("rating")).end())
        .as("average_rating"),
    ])
    .where("status", "=", "available")
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    averageRating: row.average_rating === null ? null : Number(row.average_rating),
  };
}

/**
 * One field ("from" or "to") of a status change's details, or null when the details do not fit
 * CleanerStatusChangeSchema, as parseCleanerStatusChange reads them: the statuses must both be
 * known ones. PostgreSQL reads the text with a pattern, so hand-edited text that is not JSON
 * cannot fail the dashboard there either.
 */
function statusChangeField(postgres: boolean, field: "from" | "to") {
  const known = CleanerStatusChangeSchema.shape.to.options
    .map((status) => `'${status}'`)
    .join(", ");
  const fitting = (read: (name: "from" | "to") => string) =>
    `case when ${read("from")} in (${known}) and ${read("to")} in (${known}) then ${read(field)} end`;
  if (!postgres) {
    return sql.raw(
      fitting(
        (name) => `case when json_valid(a.details) then json_extract(a.details, '$.${name}') end`,
      ),
    );
  }
  // The app writes `{"from":"…","to":"…"}`: that shape is told by one anchored pattern and read
  // by splitting at the quotes, about a third of the cost of the patterns below, which read any
  // other layout (a dashboard reads 5,000 cleaners' changes at ten times the data).
  const written = `a.details ~ '^\\{"from":"[a-z_]+","to":"[a-z_]+"\\}$'`;
  const split = (name: "from" | "to") => `split_part(a.details, '"', ${name === "from" ? 4 : 8})`;
  const pattern = (name: "from" | "to") =>
    `substring(a.details from '"${name}"\\s*:\\s*"([a-z_]+)"')`;
  return sql.raw(`case when ${written} then ${fitting(split)} else ${fitting(pattern)} end`);
}

/**
 * How many of the cleaners that existed at `at` were available then: each one's status is what
 * its first readable change after `at` started from, else its status now. A status only changes
 * through changeCleanerStatus, which records each step's "from" as the status it replaced, so
 * this is also what the last change before `at` set; reading forward touches only the changes
 * since `at` (audit_log_action_page_idx), not a probe for each of the team.
 */
export async function countCleanersAvailableAt(db: Db, at: string): Promise<number> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const readable = db
    .selectFrom("audit_log as a")
    .select(["a.subject_id", "a.created_at", statusChangeField(postgres, "from").as("status")])
    .where("a.action", "=", CLEANER_STATUS_CHANGED)
    .where("a.created_at", ">", at)
    .where("a.subject_type", "=", "cleaner");
  const ranked = db
    .selectFrom(readable.as("r"))
    .select((eb) => [
      "r.subject_id",
      "r.status",
      eb.fn
        .agg<number>("row_number")
        .over((over) => over.partitionBy("r.subject_id").orderBy("r.created_at"))
        .as("nth"),
    ])
    .where("r.status", "is not", null);
  const row = await db
    .selectFrom("cleaners as c")
    .leftJoin(ranked.as("first_change"), (join) =>
      join.onRef("first_change.subject_id", "=", "c.id").on("first_change.nth", "=", 1),
    )
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("c.created_at", "<=", at)
    .where((eb) => eb(eb.fn.coalesce("first_change.status", "c.status"), "=", "available"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
