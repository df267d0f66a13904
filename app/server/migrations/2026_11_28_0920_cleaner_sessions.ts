import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// The cleaner's app (docs/decisions/0063-cleaner-app-sign-in.md):
// - `magic_link_tokens.cleaner_id`: a sign-in link can be a cleaner's as well as a customer's;
//   a link names exactly one of the two, and sessions.kind ("cleaner") says which kind it starts;
// - `assignments.decline_reason`: the optional words a cleaner gives when declining in the app.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("magic_link_tokens")
    .addColumn("cleaner_id", "text", (col) => col.references("cleaners.id").onDelete("cascade"))
    .execute();
  await db.schema.alterTable("assignments").addColumn("decline_reason", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("assignments").dropColumn("decline_reason").execute();
  await db.schema.alterTable("magic_link_tokens").dropColumn("cleaner_id").execute();
}
