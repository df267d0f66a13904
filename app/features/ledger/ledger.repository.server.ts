import { sql, type Kysely } from "kysely";
import type {
  DailyRollupsTable,
  Database,
  HourlyRollupsTable,
  TransactionStatus,
  TransactionsTable,
} from "~/server/database";

// The ledger's SQL. Its rules (which rows count, how deltas merge, the compare-and-set loop) are
// in ledger.server.ts, the one way in for other features.

type Db = Kysely<Database>;

// Rows per statement: well under SQLite's and PostgreSQL's bound-parameter limits.
const CHUNK = 200;

export async function insertTransactions(db: Db, rows: TransactionsTable[]) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db
      .insertInto("transactions")
      .values(rows.slice(start, start + CHUNK))
      .execute();
  }
}

/** Adds amounts and counts to the hourly rollups, one row per hour, type and category. */
export async function addToHourlyRollups(db: Db, hours: HourlyRollupsTable[]) {
  for (let start = 0; start < hours.length; start += CHUNK) {
    await db
      .insertInto("hourly_rollups")
      .values(hours.slice(start, start + CHUNK))
      .onConflict((oc) =>
        oc.columns(["utc_hour", "type", "category"]).doUpdateSet((eb) => ({
          amount_cents: eb("hourly_rollups.amount_cents", "+", eb.ref("excluded.amount_cents")),
          completed_count: eb(
            "hourly_rollups.completed_count",
            "+",
            eb.ref("excluded.completed_count"),
          ),
        })),
      )
      .execute();
  }
}

/** Adds amounts and counts to the daily rollups, one row per Sydney day, type and category. */
export async function addToDailyRollups(db: Db, days: DailyRollupsTable[]) {
  for (let start = 0; start < days.length; start += CHUNK) {
    await db
      .insertInto("daily_rollups")
      .values(days.slice(start, start + CHUNK))
      .onConflict((oc) =>
        oc.columns(["sydney_date", "type", "category"]).doUpdateSet((eb) => ({
          amount_cents: eb("daily_rollups.amount_cents", "+", eb.ref("excluded.amount_cents")),
          completed_count: eb(
            "daily_rollups.completed_count",
            "+",
            eb.ref("excluded.completed_count"),
          ),
        })),
      )
      .execute();
  }
}

export async function findTransactionForStatusChange(db: Db, id: string) {
  return db
    .selectFrom("transactions")
    .select(["status", "created_at", "sydney_date", "type", "category", "amount_cents"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Moves a row from one status to another; false when its status was no longer `from`. */
export async function updateTransactionStatusIf(
  db: Db,
  id: string,
  from: TransactionStatus,
  to: TransactionStatus,
) {
  const result = await db
    .updateTable("transactions")
    .set({ status: to })
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Empties both rollups and recomputes them from the completed ledger rows (one statement each);
 * `noCategory` is the rollups' key for a row without a category.
 */
export async function rebuildRollupsFromLedger(trx: Db, noCategory: string) {
  await trx.deleteFrom("daily_rollups").execute();
  await trx.deleteFrom("hourly_rollups").execute();
  await sql`
    insert into daily_rollups (sydney_date, type, category, amount_cents, completed_count)
    select sydney_date, type, coalesce(category, ${sql.lit(noCategory)}), sum(amount_cents),
      count(*)
    from transactions where status = 'completed'
    group by sydney_date, type, coalesce(category, ${sql.lit(noCategory)})`.execute(trx);
  await sql`
    insert into hourly_rollups (utc_hour, type, category, amount_cents, completed_count)
    select substr(created_at, 1, 13), type, coalesce(category, ${sql.lit(noCategory)}),
      sum(amount_cents), count(*)
    from transactions where status = 'completed'
    group by substr(created_at, 1, 13), type, coalesce(category, ${sql.lit(noCategory)})`.execute(
    trx,
  );
}
