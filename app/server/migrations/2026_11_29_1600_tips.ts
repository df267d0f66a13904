import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// Tips (docs/decisions/0078-tips-go-to-the-crew.md): a customer's tip on a completed clean, paid
// by card, and its shares, one per crew seat, which each cleaner's earnings and payouts read.
// The back office's customer page: customers newest first, and a customer's messages by email.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("tips")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("booking_id", "text", (col) => col.notNull().references("bookings.id"))
    .addColumn("amount_cents", "integer", (col) => col.notNull())
    .addColumn("provider", "text", (col) => col.notNull())
    .addColumn("provider_reference", "text")
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("failure_reason", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("paid_at", "text")
    .execute();
  await db.schema.createIndex("tips_booking_idx").on("tips").columns(["booking_id"]).execute();
  await db.schema
    .createTable("tip_shares")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("tip_id", "text", (col) => col.notNull().references("tips.id"))
    .addColumn("booking_id", "text", (col) => col.notNull().references("bookings.id"))
    .addColumn("cleaner_id", "text", (col) => col.notNull().references("cleaners.id"))
    .addColumn("seat", "integer", (col) => col.notNull())
    .addColumn("amount_cents", "integer", (col) => col.notNull())
    // The Sydney date the tip was paid: the payout period it belongs to.
    .addColumn("sydney_date", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("tip_shares_tip_seat_idx")
    .on("tip_shares")
    .columns(["tip_id", "seat"])
    .unique()
    .execute();
  await db.schema
    .createIndex("tip_shares_cleaner_date_idx")
    .on("tip_shares")
    .columns(["cleaner_id", "sydney_date"])
    .execute();
  await db.schema
    .createIndex("customers_created_idx")
    .on("customers")
    .columns(["created_at", "id"])
    .execute();
  await db.schema
    .createIndex("contact_messages_email_idx")
    .on("contact_messages")
    .columns(["email", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("contact_messages_email_idx").execute();
  await db.schema.dropIndex("customers_created_idx").execute();
  await db.schema.dropTable("tip_shares").execute();
  await db.schema.dropTable("tips").execute();
}
