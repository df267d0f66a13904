import type { Kysely } from "kysely";
import { sydneyDate } from "~/lib/sydney-time";
import type { Database, TransactionStatus, TransactionsTable } from "~/server/database";
import {
  addToDailyRollups,
  addToHourlyRollups,
  findTransactionForStatusChange,
  insertTransactions,
  rebuildRollupsFromLedger,
  updateTransactionStatusIf,
} from "./ledger.repository.server";

// The finance ledger (docs/decisions/0021-one-definition-of-money-figures.md) and its rollups: the one way into the transactions table. Every
// writer goes through here, so each completed amount is in daily_rollups under its Sydney date
// (docs/decisions/0009-sydney-time-and-money.md) and in hourly_rollups under its UTC hour (the first 13 characters of created_at), by type
// and category, changed in the same transaction as the ledger row itself. The dashboard reads
// whole days and hours from the rollups and only a part hour at each end of a period from the
// ledger.

type Db = Kysely<Database>;

/** A ledger row as its writer knows it; the Sydney date is derived here. */
export type NewTransaction = Omit<TransactionsTable, "sydney_date">;

/** The rollups' key for "no category" (a key column cannot be null). */
export const NO_CATEGORY = "";

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

/** One ledger row's (or many rows') change to the rollups of its hour and day. */
type RollupDelta = {
  utc_hour: string;
  sydney_date: string;
  type: TransactionsTable["type"];
  category: string;
  amount_cents: number;
  completed_count: number;
};

// The rollups' keys: an hour's key also names its day, since one UTC hour has one Sydney date.
const hourKey = (d: RollupDelta) => `${d.utc_hour}|${d.type}|${d.category}`;
const dayKey = (d: RollupDelta) => `${d.sydney_date}|${d.type}|${d.category}`;

/** Sums deltas that share a key: one rollup write per key. */
function merge(deltas: RollupDelta[], keyOf: (delta: RollupDelta) => string) {
  const totals = new Map<string, RollupDelta>();
  for (const delta of deltas) {
    const total = totals.get(keyOf(delta));
    if (total) {
      total.amount_cents += delta.amount_cents;
      total.completed_count += delta.completed_count;
    } else {
      totals.set(keyOf(delta), { ...delta });
    }
  }
  return [...totals.values()];
}

/**
 * Adds (or, with negative figures, takes away) amounts and counts in the hourly and the daily
 * rollups, one write per hour (or day), type and category.
 */
async function addToRollups(db: Db, deltas: RollupDelta[]) {
  const hours = merge(deltas, hourKey);
  await addToHourlyRollups(
    db,
    hours.map(({ sydney_date: _, ...hour }) => hour),
  );
  await addToDailyRollups(
    db,
    merge(hours, dayKey).map(({ utc_hour: _, ...day }) => day),
  );
}

function deltaOf(
  row: Pick<TransactionsTable, "created_at" | "sydney_date" | "type" | "category" | "amount_cents">,
  sign: 1 | -1,
): RollupDelta {
  return {
    utc_hour: row.created_at.slice(0, 13),
    sydney_date: row.sydney_date,
    type: row.type,
    category: row.category ?? NO_CATEGORY,
    amount_cents: sign * row.amount_cents,
    completed_count: sign,
  };
}

// What Date#toISOString writes. The hourly rollups key a row by its first 13 characters, and
// the dashboard compares created_at as text, so no other spelling may enter the ledger.
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Writes ledger rows and adds the completed ones to their hours' and days' rollups. Call it
 * inside the transaction that writes the rows' cause (a payment, a refund, a payout); a bulk load
 * passes many rows and gets one rollup write per hour (and day), type and category. Each
 * created_at must be ISO-8601 UTC as toISOString writes it (YYYY-MM-DDTHH:MM:SS.sssZ).
 */
export async function recordTransactions(trx: Db, rows: NewTransaction[]) {
  for (const row of rows) {
    if (!ISO_UTC.test(row.created_at)) {
      throw new Error(`A ledger row's created_at must be ISO-8601 UTC: ${row.created_at}`);
    }
  }
  const stored: TransactionsTable[] = rows.map((row) => ({
    ...row,
    // An empty category would share the rollups' "no category" key: store it as none.
    category: row.category || null,
    sydney_date: sydneyDateOf(row.created_at),
  }));
  await insertTransactions(trx, stored);
  await addToRollups(
    trx,
    stored.filter((row) => row.status === "completed").map((row) => deltaOf(row, 1)),
  );
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
    const row = await findTransactionForStatusChange(trx, id);
    if (!row) return false;
    if (row.status === status) return true;
    if (!(await updateTransactionStatusIf(trx, id, row.status, status))) continue;
    if (row.status === "completed") await addToRollups(trx, [deltaOf(row, -1)]);
    if (status === "completed") await addToRollups(trx, [deltaOf(row, 1)]);
    return true;
  }
}

/**
 * Recomputes every daily and hourly rollup from the ledger (one grouped statement each), in a
 * transaction of its own unless given one. For repairs, checks and bulk loads; the writers above
 * keep the rollups current.
 */
export async function rebuildDailyRollups(db: Db) {
  const rebuild = (trx: Db) => rebuildRollupsFromLedger(trx, NO_CATEGORY);
  if (db.isTransaction) await rebuild(db);
  else await db.transaction().execute(rebuild);
}
