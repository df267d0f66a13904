import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Database, TransactionType } from "~/server/database";
import { CLEANER_STATUS_CHANGED, type CleanerStatusAtRow } from "./cleaner-status-history";

// All SQL of the dashboard. Every sum and count runs in the database over a range of an index
// (migration 2026_11_22_1400), so the cost grows with the rows in the period, never the table.

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

/**
 * The completed amounts (cents) of many ranges, in the order asked, in one round trip per 100:
 * one `union all` of index range sums, so each row of the ledger is read at most once.
 */
export async function sumCompletedAmounts(db: Db, sums: MoneySum[]): Promise<number[]> {
  const totals = new Array<number>(sums.length).fill(0);
  for (let offset = 0; offset < sums.length; offset += UNION_CHUNK) {
    const chunk = sums.slice(offset, offset + UNION_CHUNK);
    const queries = chunk.map((sum, index) => {
      let query = db
        .selectFrom("transactions")
        .select((eb) => [
          sql<number>`${sql.lit(offset + index)}`.as("branch"),
          eb.fn.sum<number | null>("amount_cents").as("total"),
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
        SelectQueryBuilder<Database, "transactions", { branch: number; total: number | null }>
      >((all, query) => all.unionAll(query), queries[0]!);
    for (const row of await union.execute()) totals[Number(row.branch)] = Number(row.total ?? 0);
  }
  return totals;
}

/**
 * The distinct categories of completed payments, read as a loose index scan (one index probe
 * per category, in both dialects) instead of a scan of every payment.
 */
export async function findPaymentCategories(db: Db): Promise<string[]> {
  const { rows } = await sql<{ category: string }>`
    with recursive found(category) as (
      select min(category) from transactions where type = 'payment' and status = 'completed'
      union all
      select (
        select min(t.category) from transactions t
        where t.type = 'payment' and t.status = 'completed' and t.category > found.category
      )
      from found where found.category is not null
    )
    select category from found where category is not null`.execute(db);
  return rows.map((row) => row.category);
}

/** Leads (quotes) created in [from, to), soft-deleted ones left out. */
export async function countLeads(db: Db, from: string, to: string) {
  const row = await db
    .selectFrom("quotes")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("deleted_at", "is", null)
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Of the leads created in [from, to), those with a booking. A booking comes after its quote, so
 * only bookings made since `from` are looked at; both sides are read from covering indexes.
 */
export async function countBookedLeads(db: Db, from: string, to: string) {
  const row = await db
    .selectFrom("quotes")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("deleted_at", "is", null)
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .where("id", "in", (eb) =>
      eb.selectFrom("bookings").select("quote_id").where("created_at", ">=", from),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
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

/** spec back-office 9: available cleaners, and their average rating. */
export async function summariseAvailableCleaners(db: Db) {
  const row = await db
    .selectFrom("cleaners")
    .select((eb) => [
      eb.fn.countAll<number>().as("count"),
      eb.fn.avg<number | null>("rating").as("average_rating"),
    ])
    .where("status", "=", "available")
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    averageRating: row.average_rating === null ? null : Number(row.average_rating),
  };
}

/**
 * Every cleaner that existed at `at`, with its status now and the status changes either side of
 * `at` (two index probes on audit_log's subject index per cleaner). One row per cleaner: the
 * team, not the ledger.
 */
export async function findCleanerStatusesAt(db: Db, at: string): Promise<CleanerStatusAtRow[]> {
  return db
    .selectFrom("cleaners as c")
    .select((eb) => {
      const changes = () =>
        eb
          .selectFrom("audit_log as a")
          .select("a.details")
          .where("a.subject_type", "=", "cleaner")
          .whereRef("a.subject_id", "=", "c.id")
          .where("a.action", "=", CLEANER_STATUS_CHANGED);
      return [
        "c.status",
        changes()
          .where("a.created_at", "<=", at)
          .orderBy("a.created_at", "desc")
          .limit(1)
          .as("before"),
        changes()
          .where("a.created_at", ">", at)
          .orderBy("a.created_at", "asc")
          .limit(1)
          .as("after"),
      ];
    })
    .where("c.created_at", "<=", at)
    .execute();
}
