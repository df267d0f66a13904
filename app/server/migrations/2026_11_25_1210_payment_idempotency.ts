import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// A booking is paid exactly once (docs/decisions/0007-payments-through-a-provider.md): each
// payment attempt the site makes carries an idempotency key (one per booking), and the unique
// index makes a double click, a second tab or a retried webhook find the same row instead of
// creating another. Rows written before this (the demo seed, staff imports) have none; both
// dialects let any number of rows share a null.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("payments").addColumn("idempotency_key", "text").execute();
  await db.schema
    .createIndex("payments_idempotency_key_unique")
    .unique()
    .on("payments")
    .column("idempotency_key")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("payments_idempotency_key_unique").execute();
  await db.schema.alterTable("payments").dropColumn("idempotency_key").execute();
}
