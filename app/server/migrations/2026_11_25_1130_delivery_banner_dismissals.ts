import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// When each staff member last dismissed the admin's delivery warning: the banner stays hidden for
// them until a warning begins after that moment. One row per staff member, replaced on dismiss.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("delivery_banner_dismissals")
    .addColumn("staff_id", "text", (col) =>
      col.primaryKey().references("staff_users.id").onDelete("cascade"),
    )
    .addColumn("dismissed_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("delivery_banner_dismissals").execute();
}
