import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// docs/decisions/0056-application-outcomes-and-documents.md: an application's own
// outcome (declined, with a reason), kept apart from the cleaner's status; staff notes on an
// application; and the documents staff attach (police check certificate, ID, right to work),
// whose files live in private object storage under the key recorded here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("cleaners").addColumn("application_outcome", "text").execute();
  await db.schema.alterTable("cleaners").addColumn("application_outcome_reason", "text").execute();
  await db.schema.alterTable("cleaners").addColumn("application_outcome_at", "text").execute();
  await db.schema.alterTable("cleaners").addColumn("application_outcome_by", "text").execute();
  await db.schema
    .createIndex("cleaners_status_outcome_idx")
    .on("cleaners")
    .columns(["status", "application_outcome"])
    .execute();

  await db.schema
    .createTable("application_notes")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("cleaner_id", "text", (col) =>
      col.notNull().references("cleaners.id").onDelete("cascade"),
    )
    .addColumn("author_id", "text")
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("application_notes_cleaner_idx")
    .on("application_notes")
    .columns(["cleaner_id", "created_at", "id"])
    .execute();

  await db.schema
    .createTable("application_documents")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("cleaner_id", "text", (col) =>
      col.notNull().references("cleaners.id").onDelete("cascade"),
    )
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("file_name", "text", (col) => col.notNull())
    .addColumn("mime", "text", (col) => col.notNull())
    .addColumn("bytes", "integer", (col) => col.notNull())
    .addColumn("object_key", "text", (col) => col.notNull().unique())
    .addColumn("uploaded_by", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("application_documents_cleaner_idx")
    .on("application_documents")
    .columns(["cleaner_id", "created_at", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("application_documents").execute();
  await db.schema.dropTable("application_notes").execute();
  await db.schema.dropIndex("cleaners_status_outcome_idx").execute();
  for (const column of [
    "application_outcome_by",
    "application_outcome_at",
    "application_outcome_reason",
    "application_outcome",
  ]) {
    await db.schema.alterTable("cleaners").dropColumn(column).execute();
  }
}
