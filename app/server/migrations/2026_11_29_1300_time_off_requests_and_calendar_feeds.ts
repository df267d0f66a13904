import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// The cleaner's app around the job (docs/decisions/0070-cleaner-time-off-and-working-pattern.md,
// docs/decisions/0071-cleaner-earnings-and-calendar-feed.md):
// - `cleaner_time_off.status`: a cleaner asks for time off ("requested") and staff approve or
//   refuse it; the spells staff recorded before this migration are approved, as they were;
// - `cleaner_time_off.decided_by`/`decided_at`: who approved or refused a request, and when;
// - `cleaner_calendar_feeds`: the hash of each cleaner's private calendar link (one at a time).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("cleaner_time_off")
    .addColumn("status", "text", (col) => col.notNull().defaultTo("approved"))
    .execute();
  await db.schema.alterTable("cleaner_time_off").addColumn("decided_by", "text").execute();
  await db.schema.alterTable("cleaner_time_off").addColumn("decided_at", "text").execute();
  await db.schema
    .createTable("cleaner_calendar_feeds")
    .addColumn("cleaner_id", "text", (col) =>
      col.primaryKey().references("cleaners.id").onDelete("cascade"),
    )
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("cleaner_calendar_feeds").execute();
  await db.schema.alterTable("cleaner_time_off").dropColumn("decided_at").execute();
  await db.schema.alterTable("cleaner_time_off").dropColumn("decided_by").execute();
  await db.schema.alterTable("cleaner_time_off").dropColumn("status").execute();
}
