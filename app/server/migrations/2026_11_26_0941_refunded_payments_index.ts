import { sql, type Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// The leads board sums only what is still live in a column
// (docs/decisions/0044-figures-by-permission.md): a quote whose payment was refunded is left out.
// Refunded payments are few, so a partial index of their quotes finds them without reading every
// payment on each board load.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("payments_refunded_quote_idx")
    .on("payments")
    .column("quote_id")
    .where(sql.ref("status"), "=", sql.lit("refunded"))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("payments_refunded_quote_idx").execute();
}
