import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// Recurring series (docs/decisions/0073-series-occurrences-are-bookings.md): a series repeats one
// priced job on an RFC 5545 rule; each of its dates, once the sweep reaches it, is one row in
// series_occurrences, unique per series and date, so a sweep run twice (or after a crash, or on
// two servers) books nothing twice.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("recurring_series")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("customer_id", "text", (col) => col.notNull().references("customers.id"))
    .addColumn("quote_id", "text", (col) => col.notNull().references("quotes.id"))
    .addColumn("plan", "text")
    .addColumn("rule", "text", (col) => col.notNull())
    .addColumn("starts_on", "text", (col) => col.notNull())
    .addColumn("time_slot", "text", (col) => col.notNull())
    .addColumn("address", "text", (col) => col.notNull())
    .addColumn("suburb", "text")
    .addColumn("postcode", "text")
    .addColumn("lat", "real")
    .addColumn("lng", "real")
    .addColumn("visit_price_cents", "integer", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("paused_until", "text")
    .addColumn("booked_through", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("cancelled_at", "text")
    .execute();
  await db.schema
    .createIndex("recurring_series_customer_idx")
    .on("recurring_series")
    .column("customer_id")
    .execute();
  // The sweep reads the active series whose bookings do not yet reach its horizon.
  await db.schema
    .createIndex("recurring_series_sweep_idx")
    .on("recurring_series")
    .columns(["status", "booked_through"])
    .execute();

  await db.schema
    .createTable("series_occurrences")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("series_id", "text", (col) =>
      col.notNull().references("recurring_series.id").onDelete("cascade"),
    )
    .addColumn("occurrence_date", "text", (col) => col.notNull())
    .addColumn("booking_id", "text", (col) => col.references("bookings.id"))
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addUniqueConstraint("series_occurrences_series_date_key", ["series_id", "occurrence_date"])
    .execute();
  await db.schema
    .createIndex("series_occurrences_booking_idx")
    .on("series_occurrences")
    .column("booking_id")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("series_occurrences").execute();
  await db.schema.dropTable("recurring_series").execute();
}
