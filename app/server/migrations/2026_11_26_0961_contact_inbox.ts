import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// The back office's inbox of contact messages
// (docs/decisions/0046-contact-inbox.md): pages newest first with the id as
// the keyset tie-break, and the open ones (handled_at null) counted on every admin page for the
// menu's badge and listed on their own.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("contact_messages_created_id_idx")
    .on("contact_messages")
    .columns(["created_at", "id"])
    .execute();
  await db.schema
    .createIndex("contact_messages_handled_idx")
    .on("contact_messages")
    .columns(["handled_at", "created_at", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("contact_messages_handled_idx").execute();
  await db.schema.dropIndex("contact_messages_created_id_idx").execute();
}
