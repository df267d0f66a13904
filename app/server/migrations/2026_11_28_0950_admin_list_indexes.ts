import { sql, type Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// Indexes for the back office's lists at ten times today's data (docs/benchmarks.md, "Admin
// lists at 10× data"), where each read a share of a table that grows with it:
// - the delivery banner on every admin page: the messages given up on lately (status,
//   updated_at);
// - the delivery log filtered by kind or by status, newest first with the id as tie-break;
// - the leads board's part refunds: the few paid payments with something refunded.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("outbox_messages_status_updated_idx")
    .on("outbox_messages")
    .columns(["status", "updated_at"])
    .execute();
  await db.schema
    .createIndex("outbox_messages_kind_page_idx")
    .on("outbox_messages")
    .columns(["kind", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("outbox_messages_status_page_idx")
    .on("outbox_messages")
    .columns(["status", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("outbox_messages_page_idx")
    .on("outbox_messages")
    .columns(["created_at", "id"])
    .execute();
  await db.schema
    .createIndex("payments_part_refunded_quote_idx")
    .on("payments")
    .columns(["quote_id", "refunded_cents"])
    .where(sql.ref("status"), "=", sql.lit("paid"))
    .where(sql.ref("refunded_cents"), ">", sql.lit(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("payments_part_refunded_quote_idx").execute();
  await db.schema.dropIndex("outbox_messages_page_idx").execute();
  await db.schema.dropIndex("outbox_messages_status_page_idx").execute();
  await db.schema.dropIndex("outbox_messages_kind_page_idx").execute();
  await db.schema.dropIndex("outbox_messages_status_updated_idx").execute();
}
