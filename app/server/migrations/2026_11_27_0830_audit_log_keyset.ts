import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// The owners' audit screen (docs/decisions/0055-cleaner-edits-and-audit-log.md)
// pages newest first by (created_at, id) with a keyset, never OFFSET, filtered by action, by who
// or by the thing changed. Each filter gets an index that ends in the page order, so a page reads
// only its own rows: the whole log, one action, one person, one subject. The action index of
// 2026_11_22_0905_platform is a prefix of the new one and goes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("audit_log_page_idx")
    .on("audit_log")
    .columns(["created_at", "id"])
    .execute();
  await db.schema.dropIndex("audit_log_action_idx").execute();
  await db.schema
    .createIndex("audit_log_action_page_idx")
    .on("audit_log")
    .columns(["action", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("audit_log_actor_page_idx")
    .on("audit_log")
    .columns(["actor_id", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("audit_log_subject_page_idx")
    .on("audit_log")
    .columns(["subject_id", "created_at", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    "audit_log_subject_page_idx",
    "audit_log_actor_page_idx",
    "audit_log_action_page_idx",
    "audit_log_page_idx",
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema
    .createIndex("audit_log_action_idx")
    .on("audit_log")
    .columns(["action", "created_at"])
    .execute();
}
