import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Database, TransactionType } from "~/server/database";

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
 * How many of the cleaners that existed at `at` were available then: each one's status is what
 * its first readable change after `at` started from, else its status now. A status only changes
 * through changeCleanerStatus, which records each step's "from" as the status it replaced, so
 * this is also what the last change before `at` set. The changes come typed from
 * cleaner_status_changes (kept from the audit log by a trigger), read from its index by time.
 */
export async function countCleanersAvailableAt(db: Db, at: string): Promise<number> {
  const changesSince = db
    .selectFrom("cleaner_status_changes as s")
    .select((eb) => [
      "s.cleaner_id",
      "s.from_status",
      eb.fn
        .agg<number>("row_number")
        .over((over) => over.partitionBy("s.cleaner_id").orderBy("s.changed_at"))
        .as("nth"),
    ])
    .where("s.changed_at", ">", at);
  const row = await db
    .selectFrom("cleaners as c")
    .leftJoin(changesSince.as("first_change"), (join) =>
      join.onRef("first_change.cleaner_id", "=", "c.id").on("first_change.nth", "=", 1),
    )
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("c.created_at", "<=", at)
    .where((eb) => eb(eb.fn.coalesce("first_change.from_status", "c.status"), "=", "available"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
