import { sql, type Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// An unpaid online booking holds its slot only for a while
// (docs/decisions/0048-unpaid-booking-holds.md): `hold_until` is when it is released
// if still unpaid (null: it holds its place without a limit, as every booking made before this
// did), and `pay_on_the_day` (0/1) marks one staff confirmed to be paid on the day, which is
// never released. The index serves the release job's search for holds that have run out.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("bookings").addColumn("hold_until", "text").execute();
  await db.schema
    .alterTable("bookings")
    .addColumn("pay_on_the_day", "integer", (col) => col.notNull().defaultTo(sql`0`))
    .execute();
  await db.schema
    .createIndex("bookings_hold_until")
    .on("bookings")
    .columns(["hold_until", "status"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("bookings_hold_until").execute();
  await db.schema.alterTable("bookings").dropColumn("pay_on_the_day").execute();
  await db.schema.alterTable("bookings").dropColumn("hold_until").execute();
}
