import { sql, type Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// One row holding the version of the public site's content (business profile, hero slides, room
// photos, featured reviews, analytics tag). Every process caches that content keyed by this
// number, read on each request; every writer of the content bumps it in its own transaction.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("content_version")
    .addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db
    .insertInto("content_version")
    .values({ id: 1, version: 1, updated_at: new Date().toISOString() })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("content_version").execute();
}
