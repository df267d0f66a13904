import { sql, type Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// Booking capacity (docs/product/public-site.md#booking-page): one counter row per Sydney date and
// time slot, raised by `update ... set booked = booked + 1 where booked < capacity` inside the
// booking's transaction, so a race for the last place cannot overbook on SQLite or PostgreSQL.
// Counts start from the bookings that are not cancelled. bookings.discount_cents holds a rewards
// discount taken off the quote's total (the quote keeps its total).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("booking_slot_counts")
    .addColumn("scheduled_date", "text", (col) => col.notNull())
    .addColumn("time_slot", "text", (col) => col.notNull())
    .addColumn("booked", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("booking_slot_counts_pk", ["scheduled_date", "time_slot"])
    .execute();
  await sql`
    insert into booking_slot_counts (scheduled_date, time_slot, booked)
    select scheduled_date, time_slot, count(*) from bookings
    where status <> 'cancelled'
    group by scheduled_date, time_slot`.execute(db);
  await db.schema
    .alterTable("bookings")
    .addColumn("discount_cents", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("bookings").dropColumn("discount_cents").execute();
  await db.schema.dropTable("booking_slot_counts").execute();
}
