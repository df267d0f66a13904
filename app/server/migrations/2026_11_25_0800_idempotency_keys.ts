import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// Idempotency keys of API writes (POST /api/v1/quotes): the answer a request with a given key
// received, so a retry after a cut connection gets that answer again instead of a second lead.
// The key is stored as a SHA-256 digest; the request's own digest tells a retry (same body) from
// a reuse of the key for something else. Rows are kept for a day.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("scope", "text", (col) => col.notNull())
    .addColumn("key_hash", "text", (col) => col.notNull())
    .addColumn("request_hash", "text", (col) => col.notNull())
    .addColumn("response_status", "integer", (col) => col.notNull())
    .addColumn("response_body", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pk", ["scope", "key_hash"])
    .execute();
  await db.schema
    .createIndex("idempotency_keys_expires_idx")
    .on("idempotency_keys")
    .column("expires_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("idempotency_keys").execute();
}
