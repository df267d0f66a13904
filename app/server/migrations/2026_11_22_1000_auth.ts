import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// Two-factor sign-in: the last TOTP time step accepted for each staff member, so a code seen
// over someone's shoulder cannot be used again within its 90-second window.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("staff_users").addColumn("totp_last_step", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("staff_users").dropColumn("totp_last_step").execute();
}
