import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// Password reset links for staff (docs/decisions/0045-password-changes-and-resets.md): asked
// for from the sign-in screen or sent by an owner from the Team screen. The link's token is
// stored only as its SHA-256, works once, and is dead after 30 minutes. `sent_by` is the owner
// who sent it, null when the member asked for it themselves.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("staff_password_resets")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("staff_id", "text", (col) =>
      col.notNull().references("staff_users.id").onDelete("cascade"),
    )
    .addColumn("sent_by", "text", (col) => col.references("staff_users.id").onDelete("set null"))
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("staff_password_resets_staff_id")
    .on("staff_password_resets")
    .column("staff_id")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("staff_password_resets").execute();
}
