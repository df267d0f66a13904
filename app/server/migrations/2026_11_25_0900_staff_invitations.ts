import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// Invitations to the back office: an owner invites an email with a role; the link's token is
// stored only as its SHA-256, used once, and dead after 48 hours. One row per email: inviting
// the same address again replaces its row (and so its token).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("staff_invitations")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("invited_by", "text", (col) => col.references("staff_users.id").onDelete("set null"))
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("staff_invitations").execute();
}
