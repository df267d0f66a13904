import { PostgresAdapter, type Kysely } from "kysely";
import type { Database } from "~/server/database";

// The payout queries of the overlap rule (docs/decisions/0043-payouts-and-refunds.md), which
// now holds only between payouts recorded before pay runs
// (docs/decisions/0092-pay-basis-and-other-payments.md): which of them already cover a period,
// and the lock that takes two retries for one cleaner in turn.

type Db = Kysely<Database>;

/**
 * The cleaner's payouts for the work (recorded before pay runs, so without a reason), pending or
 * completed, whose period shares a day with [start, end] (Sydney dates, both included). A failed
 * payout paid nothing, and one without a period cannot overlap; adjustments count, since they
 * were paid for the period too. Other payments (a bonus, a reimbursement) never count: they do
 * not pay the work.
 */
export async function findOverlappingPayouts(
  db: Db,
  input: { cleanerId: string; start: string; end: string },
) {
  const rows = await db
    .selectFrom("cleaner_payouts")
    .select(["id", "reference", "amount_cents", "period_start", "period_end"])
    .where("cleaner_id", "=", input.cleanerId)
    .where("status", "in", ["pending", "completed"])
    .where("reason_kind", "is", null)
    .where("period_start", "<=", input.end)
    .where("period_end", ">=", input.start)
    .orderBy("period_start")
    .orderBy("reference")
    .execute();
  return rows.map((row) => ({ ...row, amount_cents: Number(row.amount_cents) }));
}

/**
 * Locks the cleaner's row until the transaction ends on PostgreSQL, so two retries for one
 * cleaner are checked for overlap one after the other. SQLite has one writer at a time already.
 */
export async function lockCleanerForPayout(trx: Db, cleanerId: string) {
  let query = trx.selectFrom("cleaners").select("id").where("id", "=", cleanerId);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  await query.execute();
}

/** The payout's reference is already stored: PostgreSQL's unique violation, or SQLite's. */
export function isReferenceTaken(error: unknown) {
  const code = (error as { code?: string } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}
