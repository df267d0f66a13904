import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// Saved cards and off-session charges (docs/decisions/0074-saved-cards-and-off-session-charges.md):
// a customer's card as the payment provider keeps it (ids, brand, last four digits, expiry; never
// the number), and one row per charge attempt of a booking, unique by booking and attempt number,
// so two processes running the same charge job claim it once.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("saved_cards")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("customer_id", "text", (col) => col.notNull().references("customers.id"))
    .addColumn("provider", "text", (col) => col.notNull())
    .addColumn("provider_customer_id", "text")
    .addColumn("payment_method_id", "text", (col) => col.notNull())
    .addColumn("brand", "text", (col) => col.notNull())
    .addColumn("last4", "text", (col) => col.notNull())
    .addColumn("exp_month", "integer", (col) => col.notNull())
    .addColumn("exp_year", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("removed_at", "text")
    .execute();
  await db.schema
    .createIndex("saved_cards_method_idx")
    .on("saved_cards")
    .columns(["payment_method_id"])
    .unique()
    .execute();
  await db.schema
    .createIndex("saved_cards_customer_idx")
    .on("saved_cards")
    .columns(["customer_id", "removed_at"])
    .execute();
  await db.schema
    .createTable("card_charges")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("booking_id", "text", (col) => col.notNull().references("bookings.id"))
    .addColumn("attempt", "integer", (col) => col.notNull())
    .addColumn("saved_card_id", "text", (col) => col.notNull().references("saved_cards.id"))
    .addColumn("amount_cents", "integer", (col) => col.notNull())
    .addColumn("idempotency_key", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("provider_reference", "text")
    .addColumn("failure_code", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("card_charges_booking_attempt_idx")
    .on("card_charges")
    .columns(["booking_id", "attempt"])
    .unique()
    .execute();
  await db.schema
    .createIndex("card_charges_key_idx")
    .on("card_charges")
    .columns(["idempotency_key"])
    .unique()
    .execute();
  await db.schema
    .createIndex("card_charges_status_idx")
    .on("card_charges")
    .columns(["status", "updated_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("card_charges").execute();
  await db.schema.dropTable("saved_cards").execute();
}
