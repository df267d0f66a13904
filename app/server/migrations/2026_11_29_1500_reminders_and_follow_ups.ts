import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// Reminders before a clean, customers' SMS choices and quote follow-ups
// (docs/decisions/0075-reminders-once-per-booked-time.md, 0076-sms-beside-email.md,
// 0077-quote-follow-ups.md). The unique keys are what make the sweeps safe to run twice and on
// several processes: a row is claimed by its insert, in the transaction that enqueues the email.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("booking_reminders")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("booking_id", "text", (col) =>
      col.notNull().references("bookings.id").onDelete("cascade"),
    )
    // The booked time the reminder was for: a moved clean has a new key, so a new reminder.
    .addColumn("scheduled_date", "text", (col) => col.notNull())
    .addColumn("time_slot", "text", (col) => col.notNull())
    .addColumn("sent_by_sms", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addUniqueConstraint("booking_reminders_booked_time_key", [
      "booking_id",
      "scheduled_date",
      "time_slot",
    ])
    .execute();

  await db.schema
    .createTable("sms_preferences")
    // E.164, so "0412 345 678" and "+61 412 345 678" are one person
    .addColumn("phone", "text", (col) => col.primaryKey())
    .addColumn("opted_in", "integer", (col) => col.notNull())
    // booking | profile | reply: where the latest choice was made
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("quote_follow_ups")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("quote_id", "text", (col) =>
      col.notNull().references("quotes.id").onDelete("cascade"),
    )
    // 1 or 2: at most two follow-ups per quote
    .addColumn("number", "integer", (col) => col.notNull())
    .addColumn("sent_at", "text", (col) => col.notNull())
    .addUniqueConstraint("quote_follow_ups_quote_number_key", ["quote_id", "number"])
    .execute();
  await db.schema
    .createIndex("quote_follow_ups_sent_idx")
    .on("quote_follow_ups")
    .columns(["sent_at"])
    .execute();

  await db.schema
    .createTable("quote_follow_up_stops")
    .addColumn("quote_id", "text", (col) =>
      col.primaryKey().references("quotes.id").onDelete("cascade"),
    )
    .addColumn("stopped_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("quote_follow_up_stops").execute();
  await db.schema.dropIndex("quote_follow_ups_sent_idx").execute();
  await db.schema.dropTable("quote_follow_ups").execute();
  await db.schema.dropTable("sms_preferences").execute();
  await db.schema.dropTable("booking_reminders").execute();
}
