import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// The finance screen (docs/product/back-office.md#finance):
// - keyset indexes for the transactions table, so a page deep in a million rows reads one index
//   range whatever the filters: by date (all types, or one type) and by amount (the same), each
//   ending in id (the tie-break of the order) and, for the amount orders, created_at, so the
//   period filter is checked in the index;
// - payouts newest first, with the id tie-break;
// - the period a payout pays for (Sydney dates, both included), kept with it.
export async function up(db: Kysely<any>): Promise<void> {
  const indexes: [string, string, string[]][] = [
    ["transactions_created_id_idx", "transactions", ["created_at", "id"]],
    ["transactions_type_created_id_idx", "transactions", ["type", "created_at", "id"]],
    ["transactions_amount_id_idx", "transactions", ["amount_cents", "id", "created_at"]],
    [
      "transactions_type_amount_id_idx",
      "transactions",
      ["type", "amount_cents", "id", "created_at"],
    ],
    ["cleaner_payouts_created_id_idx", "cleaner_payouts", ["created_at", "id"]],
  ];
  for (const [name, table, columns] of indexes) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
  await db.schema.alterTable("cleaner_payouts").addColumn("period_start", "text").execute();
  await db.schema.alterTable("cleaner_payouts").addColumn("period_end", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("cleaner_payouts").dropColumn("period_end").execute();
  await db.schema.alterTable("cleaner_payouts").dropColumn("period_start").execute();
  for (const name of [
    "cleaner_payouts_created_id_idx",
    "transactions_type_amount_id_idx",
    "transactions_amount_id_idx",
    "transactions_type_created_id_idx",
    "transactions_created_id_idx",
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
