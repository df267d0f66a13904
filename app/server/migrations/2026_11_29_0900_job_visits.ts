import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// A seat's visit as its cleaner reports it from their app: when they set off ("on my way"),
// arrived (check-in) and left (check-out). Check-in and check-out are the hours pay is drawn
// from; a seat without them is paid its share of the estimate, marked "estimated".
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("assignments").addColumn("on_my_way_at", "text").execute();
  await db.schema.alterTable("assignments").addColumn("checked_in_at", "text").execute();
  await db.schema.alterTable("assignments").addColumn("checked_out_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("assignments").dropColumn("checked_out_at").execute();
  await db.schema.alterTable("assignments").dropColumn("checked_in_at").execute();
  await db.schema.alterTable("assignments").dropColumn("on_my_way_at").execute();
}
