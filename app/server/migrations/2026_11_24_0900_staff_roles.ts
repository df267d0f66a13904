import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// Staff roles. Every account that exists before this migration could do everything, so each
// becomes an owner (nobody loses access on upgrade); new accounts are given a role explicitly.
// A deactivated account keeps its row (the audit log names it) but can no longer sign in.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("staff_users")
    .addColumn("role", "text", (col) => col.notNull().defaultTo("owner"))
    .execute();
  await db.schema.alterTable("staff_users").addColumn("deactivated_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("staff_users").dropColumn("deactivated_at").execute();
  await db.schema.alterTable("staff_users").dropColumn("role").execute();
}
