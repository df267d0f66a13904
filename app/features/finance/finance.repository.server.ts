import type { Kysely } from "kysely";
import type { Database, NewPayout, PayoutStatus, TransactionType } from "~/server/database";

// All SQL of the finance screen. Reads only: every ledger write goes through
// app/features/ledger/ledger.server.ts. Pages are keyset pages over the indexes of migration
// 2026_11_25_1250, so a page deep in a million rows costs what the first one does.

type Db = Kysely<Database>;

export type TransactionPageQuery = {
  /** Rows created at or after this instant (ISO-8601 UTC) */
  from: string;
  type: TransactionType | null;
  sort: "created_at" | "amount_cents";
  direction: "asc" | "desc";
  /** The last row of the previous page: its sort value and id */
  after: { value: string | number; id: string } | null;
  limit: number;
};

export async function findTransactionsPage(db: Db, query: TransactionPageQuery) {
  const comparison = query.direction === "desc" ? "<" : ">";
  let select = db
    .selectFrom("transactions")
    .select([
      "id",
      "reference_id",
      "description",
      "type",
      "amount_cents",
      "status",
      "created_at",
      "payment_id",
    ])
    .where("created_at", ">=", query.from);
  if (query.type) select = select.where("type", "=", query.type);
  if (query.after) {
    const after = query.after;
    select = select.where((eb) =>
      eb(eb.refTuple(query.sort, "id"), comparison, eb.tuple(after.value, after.id)),
    );
  }
  const rows = await select
    .orderBy(query.sort, query.direction)
    .orderBy("id", query.direction)
    .limit(query.limit)
    .execute();
  return rows.map((row) => ({ ...row, amount_cents: Number(row.amount_cents) }));
}

/** Payouts newest first, a keyset page, with their cleaner's name and encrypted bank details. */
export async function findPayoutsPage(
  db: Db,
  query: { after: { value: string; id: string } | null; limit: number },
) {
  let select = db
    .selectFrom("cleaner_payouts as p")
    .innerJoin("cleaners as c", "c.id", "p.cleaner_id")
    .select([
      "p.id",
      "p.cleaner_id",
      "p.amount_cents",
      "p.status",
      "p.payout_date",
      "p.reference",
      "p.created_at",
      "p.adjustment_reason",
      "p.reason_kind",
      "p.reason_note",
      "c.name as cleaner_name",
      "c.bank_name",
      "c.account_number_encrypted",
    ]);
  if (query.after) {
    const after = query.after;
    select = select.where((eb) =>
      eb(eb.refTuple("p.created_at", "p.id"), "<", eb.tuple(after.value, after.id)),
    );
  }
  const rows = await select
    .orderBy("p.created_at", "desc")
    .orderBy("p.id", "desc")
    .limit(query.limit)
    .execute();
  return rows.map((row) => ({ ...row, amount_cents: Number(row.amount_cents) }));
}

export async function insertPayout(db: Db, row: NewPayout) {
  await db.insertInto("cleaner_payouts").values(row).execute();
}

/** The payout stored under a reference, with what it was recorded for. */
export async function findPayoutByReference(db: Db, reference: string) {
  const row = await db
    .selectFrom("cleaner_payouts")
    .select([
      "id",
      "cleaner_id",
      "amount_cents",
      "period_start",
      "period_end",
      "reason_kind",
      "reason_note",
    ])
    .where("reference", "=", reference)
    .executeTakeFirst();
  return row && { ...row, amount_cents: Number(row.amount_cents) };
}

export async function findPayout(db: Db, id: string) {
  const row = await db
    .selectFrom("cleaner_payouts as p")
    .innerJoin("cleaners as c", "c.id", "p.cleaner_id")
    .select([
      "p.id",
      "p.status",
      "p.amount_cents",
      "p.reference",
      "p.cleaner_id",
      "p.period_start",
      "p.period_end",
      "p.reason_kind",
      "c.name as cleaner_name",
    ])
    .where("p.id", "=", id)
    .executeTakeFirst();
  return row && { ...row, amount_cents: Number(row.amount_cents) };
}

/** Moves a payout from one status to another; false when its status was no longer `from`. */
export async function updatePayoutStatusIf(
  db: Db,
  id: string,
  from: PayoutStatus,
  to: { status: PayoutStatus; payout_date: string; updated_at: string },
) {
  const result = await db
    .updateTable("cleaner_payouts")
    .set(to)
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The ledger row a payout already has (the demo's pending payouts have one), if any. */
export async function findPayoutTransactionId(db: Db, payoutId: string) {
  const row = await db
    .selectFrom("transactions")
    .select("id")
    .where("payout_id", "=", payoutId)
    .where("type", "=", "payout")
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Cleaners who can be paid: everyone but applicants still in review, by name. */
export async function findPayableCleaners(db: Db) {
  return db
    .selectFrom("cleaners")
    .select(["id", "name"])
    .where("status", "<>", "pending_review")
    .orderBy("name")
    .execute();
}

/** The cleaner a payout names: their name, and their status (an applicant is not paid). */
export async function findCleanerForPayout(db: Db, id: string) {
  return db
    .selectFrom("cleaners")
    .select(["name", "status"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/**
 * Of these payments, the ones still paid (not wholly refunded), with the cents still refundable:
 * the transactions staff may refund.
 */
export async function findRefundableCents(db: Kysely<Database>, paymentIds: string[]) {
  if (paymentIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom("payments")
    .select(["id", "amount_cents", "refunded_cents"])
    .where("id", "in", paymentIds)
    .where("status", "=", "paid")
    .execute();
  return new Map(
    rows.map((row) => [row.id, Number(row.amount_cents) - Number(row.refunded_cents)]),
  );
}

/** The booking a payment transaction paid for, if it was a booking's payment. */
export async function findBookingOfTransaction(db: Kysely<Database>, transactionId: string) {
  const row = await db
    .selectFrom("transactions")
    .innerJoin("payments", "payments.id", "transactions.payment_id")
    .select(["payments.booking_id"])
    .where("transactions.id", "=", transactionId)
    .where("transactions.type", "=", "payment")
    .executeTakeFirst();
  return row?.booking_id ?? null;
}
