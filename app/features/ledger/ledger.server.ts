import { sql, type Kysely } from "kysely";
import { sydneyDate } from "~/lib/sydney-time";
import type { Database, TransactionStatus, TransactionsTable } from "~/server/database";

// The finance ledger (D21) and its daily rollups: the one way into the transactions table.
// Every writer goes through here, so each completed amount is in daily_rollups under its Sydney
// date (D9), type and category, changed in the same transaction as the ledger row itself. The
// dashboard reads whole days from the rollups and only the edges of a period from the ledger.

type Db = Kysely<Database>;

/** A ledger row as its writer knows it; the Sydney date is derived here. */
export type NewTransaction = Omit<TransactionsTable, "sydney_date">;

/** The rollups' key for "no category" (a key column cannot be null). */
export const NO_CATEGORY = "";
const CHUNK = 200;

// Sydney's offset is a whole number of hours, so one UTC hour has one Sydney date: a bulk load
// formats each hour once instead of each row.
const hourDates = new Map<string, string>();

/** The Sydney date of an ISO-8601 UTC timestamp, YYYY-MM-DD. */
export function sydneyDateOf(createdAt: string) {
  const hour = createdAt.slice(0, 13);
  let date = hourDates.get(hour);
  if (date === undefined) {
    date = sydneyDate(new Date(createdAt));
    if (hourDates.size > 10_000) hourDates.clear();
    hourDates.set(hour, date);
  }
  return date;
}

type RollupDelta = {
  sydney_date: string;
  type: TransactionsTable["type"];
  category: string;
  amount_cents: number;
  completed_count: number;
};

/** Adds (or, with negative figures, takes away) amounts and counts in the daily rollups. */
async function addToRollups(db: Db, deltas: RollupDelta[]) {
  for (let start = 0; start < deltas.length; start += CHUNK) {
    await db
      .insertInto("daily_rollups")
      .values(deltas.slice(start, start + CHUNK))
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

function deltaOf(row: Pick<TransactionsTable, "sydney_date" | "type" | "category">, sign: 1 | -1) {
  return (amountCents: number): RollupDelta => ({
    sydney_date: row.sydney_date,
    type: row.type,
    category: row.category ?? NO_CATEGORY,
    amount_cents: sign * amountCents,
    completed_count: sign,
  });
}

/**
 * Writes ledger rows and adds the completed ones to their days' rollups. Call it inside the
 * transaction that writes the rows' cause (a payment, a refund, a payout); a bulk load passes
 * many rows and gets one rollup write per day, type and category.
 */
export async function recordTransactions(trx: Db, rows: NewTransaction[]) {
  const stored: TransactionsTable[] = rows.map((row) => ({
    ...row,
    // An empty category would share the rollups' "no category" key: store it as none.
    category: row.category || null,
    sydney_date: sydneyDateOf(row.created_at),
  }));
  for (let start = 0; start < stored.length; start += CHUNK) {
    await trx
      .insertInto("transactions")
      .values(stored.slice(start, start + CHUNK))
      .execute();
  }
  const totals = new Map<string, RollupDelta>();
  for (const row of stored) {
    if (row.status !== "completed") continue;
    const key = `${row.sydney_date}|${row.type}|${row.category ?? NO_CATEGORY}`;
    const total = totals.get(key);
    if (total) {
      total.amount_cents += row.amount_cents;
      total.completed_count += 1;
    } else {
      totals.set(key, deltaOf(row, 1)(row.amount_cents));
    }
  }
  await addToRollups(trx, [...totals.values()]);
  return stored;
}

/** Writes one ledger row (see recordTransactions). */
export async function recordTransaction(trx: Db, row: NewTransaction) {
  const [stored] = await recordTransactions(trx, [row]);
  return stored!;
}

/**
 * Moves a ledger row to another status, and its amount into or out of the rollups when it
 * becomes or stops being completed. The status is changed only if nobody changed it since it
 * was read (a compare-and-set, so two concurrent calls cannot both move the amount).
 * Returns false when there is no such row.
 */
export async function setTransactionStatus(trx: Db, id: string, status: TransactionStatus) {
  for (;;) {
    const row = await trx
      .selectFrom("transactions")
      .select(["status", "sydney_date", "type", "category", "amount_cents"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return false;
    if (row.status === status) return true;
    const result = await trx
      .updateTable("transactions")
      .set({ status })
      .where("id", "=", id)
      .where("status", "=", row.status)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) continue;
    if (row.status === "completed") await addToRollups(trx, [deltaOf(row, -1)(row.amount_cents)]);
    if (status === "completed") await addToRollups(trx, [deltaOf(row, 1)(row.amount_cents)]);
    return true;
  }
}

/**
 * Recomputes every daily rollup from the ledger (one grouped statement), in a transaction of
 * its own unless given one. For repairs and checks; the writers above keep rollups current.
 */
export async function rebuildDailyRollups(db: Db) {
  const rebuild = async (trx: Db) => {
    await trx.deleteFrom("daily_rollups").execute();
    await sql`
      insert into daily_rollups (sydney_date, type, category, amount_cents, completed_count)
      select sydney_date, type, coalesce(category, ${sql.lit(NO_CATEGORY)}), sum(amount_cents),
        count(*)
      from transactions where status = 'completed'
      group by sydney_date, type, coalesce(category, ${sql.lit(NO_CATEGORY)})`.execute(trx);
  };
  if (db.isTransaction) await rebuild(db);
  else await db.transaction().execute(rebuild);
}
