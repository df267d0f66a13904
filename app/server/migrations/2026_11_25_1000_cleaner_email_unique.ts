import { sql, type Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// One cleaner per email address, whatever its case: the application wizard's "This email is
// already registered" holds even when two applications with the same address arrive at once.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("cleaners_email_lower_unique")
    .unique()
    .on("cleaners")
    .expression(sql`lower(email)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("cleaners_email_lower_unique").execute();
}
