import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// The cleaner directory's orders (docs/product/back-office.md#cleaner-directory): by rating (the
// default), name or completed jobs, each with the id as the keyset tie-break, so a page of 5,000
// cleaners reads the index in order; the status filter's default order has its own.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("cleaners_rating_idx")
    .on("cleaners")
    .columns(["rating", "id"])
    .execute();
  await db.schema.createIndex("cleaners_name_idx").on("cleaners").columns(["name", "id"]).execute();
  await db.schema
    .createIndex("cleaners_jobs_idx")
    .on("cleaners")
    .columns(["completed_jobs", "id"])
    .execute();
  await db.schema
    .createIndex("cleaners_status_rating_idx")
    .on("cleaners")
    .columns(["status", "rating", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    "cleaners_status_rating_idx",
    "cleaners_jobs_idx",
    "cleaners_name_idx",
    "cleaners_rating_idx",
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
