import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// Covering indexes for the admin dashboard (docs/product/back-office.md#dashboard, docs/decisions/0021-one-definition-of-money-figures.md), so its sums and counts
// read index pages only, never the table rows:
// - payments by category and time, with the amount: revenue per month and the top services;
// - every type by time, with the amount: revenue before the period and the expenses;
// - live leads by time, and bookings by time with their quote: leads and conversion.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("transactions_type_status_category_created_amount_idx")
    .on("transactions")
    .columns(["type", "status", "category", "created_at", "amount_cents"])
    .execute();
  await db.schema
    .createIndex("transactions_type_status_created_amount_idx")
    .on("transactions")
    .columns(["type", "status", "created_at", "amount_cents"])
    .execute();
  await db.schema
    .createIndex("quotes_deleted_created_idx")
    .on("quotes")
    .columns(["deleted_at", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("bookings_created_quote_idx")
    .on("bookings")
    .columns(["created_at", "quote_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    "bookings_created_quote_idx",
    "quotes_deleted_created_idx",
    "transactions_type_status_created_amount_idx",
    "transactions_type_status_category_created_amount_idx",
  ]) {
    await db.schema.dropIndex(index).execute();
  }
}
