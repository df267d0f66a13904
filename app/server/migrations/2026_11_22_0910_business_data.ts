import { sql, type Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// The business tables: cleaners, leads (quotes) and their bookings, money, marketing content,
// contact messages and the suburbs list. Column types are the ones both dialects share
// (docs/conventions.md#database-columns): random text ids, ISO-8601 UTC text timestamps written by the app,
// YYYY-MM-DD dates, HH:MM times, integer cents, 0/1 booleans, JSON as text.
// Enumerations are left to the app's types rather than CHECK constraints: SQLite cannot alter a
// constraint without rebuilding the table, and a new status should not need that.
export async function up(db: Kysely<any>): Promise<void> {
  // Processed images, keyed by a hash of their content; variants live in the data folder
  // at media/{key}/{width}.{avif|webp}.
  await db.schema
    .createTable("images")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("widths", "text", (col) => col.notNull()) // JSON list of variant widths
    .addColumn("bytes", "integer", (col) => col.notNull()) // size of the file as received
    .addColumn("original_name", "text", (col) => col.notNull())
    .addColumn("credit", "text") // photographer and licence, shown in the admin
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("cleaners")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull().unique()) // stored lower-case
    .addColumn("phone", "text", (col) => col.notNull())
    .addColumn("photo", "text") // an upload key or an https URL
    .addColumn("location", "text") // suburb shown on the profile, e.g. "Bondi Junction"
    .addColumn("services", "text", (col) => col.notNull()) // JSON lists
    .addColumn("availability", "text", (col) => col.notNull())
    .addColumn("languages", "text", (col) => col.notNull())
    .addColumn("specialties", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("rating", "double precision", (col) => col.notNull().defaultTo(0))
    .addColumn("active_bookings", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("completed_jobs", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("preferred_areas", "text")
    .addColumn("has_abn", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("abn_number", "text")
    .addColumn("has_transport", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("experience", "text") // 0-1 | 1-2 | 2-5 | 5+
    .addColumn("additional_notes", "text")
    .addColumn("additional_metadata", "text") // JSON: visa, English, police check, equipment
    // docs/decisions/0011-encrypted-bank-details.md: the identifying numbers are encrypted at rest; the last four digits of the
    // account stay readable for the masked display, so showing a list never decrypts anything.
    .addColumn("bank_name", "text")
    .addColumn("account_name", "text")
    .addColumn("bsb_encrypted", "text")
    .addColumn("account_number_encrypted", "text")
    .addColumn("account_last4", "text")
    .addColumn("tfn_encrypted", "text")
    .addColumn("super_fund", "text")
    .addColumn("super_member_number_encrypted", "text")
    // The public profile (/provider/{id}, docs/decisions/0012-real-customer-data.md): only these and the name, photo, rating,
    // services and availability are ever shown to visitors.
    .addColumn("about", "text")
    .addColumn("working_hours", "text")
    .addColumn("price_per_day_cents", "integer")
    .addColumn("source", "text", (col) => col.notNull()) // admin | application
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("cleaners_status_idx").on("cleaners").column("status").execute();
  await db.schema.createIndex("cleaners_created_idx").on("cleaners").column("created_at").execute();

  // A quote is the lead: one customer request from the first estimate to the finished job (docs/decisions/0006-booking-links-its-quote.md).
  await db.schema
    .createTable("quotes")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("reference", "text", (col) => col.notNull().unique()) // /quote-result?ref= (docs/decisions/0005-durable-references.md)
    .addColumn("client_name", "text", (col) => col.notNull())
    .addColumn("client_email", "text", (col) => col.notNull())
    .addColumn("client_phone", "text")
    .addColumn("customer_id", "text", (col) => col.references("customers.id").onDelete("set null"))
    .addColumn("service_type", "text", (col) => col.notNull())
    .addColumn("space_details", "text", (col) => col.notNull()) // JSON (docs/product/back-office.md#entities-and-fields)
    .addColumn("cleaning_level", "text")
    .addColumn("estimated_hours", "double precision")
    .addColumn("cleaners_needed", "integer")
    // docs/decisions/0003-one-hourly-rate.md: the rate and total the customer saw, kept as they were; empty until priced.
    .addColumn("hourly_rate_cents", "integer")
    .addColumn("total_cents", "integer")
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("lead_status", "text", (col) => col.notNull())
    .addColumn("lead_source", "text", (col) => col.notNull().defaultTo("website"))
    .addColumn("scheduled_date", "text")
    .addColumn("notes", "text") // the estimate's explanation text
    .addColumn("preferred_cleaner_id", "text", (col) =>
      col.references("cleaners.id").onDelete("set null"),
    ) // docs/decisions/0020-provider-book-now.md
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("deleted_at", "text")
    .execute();
  await db.schema.createIndex("quotes_created_idx").on("quotes").column("created_at").execute();
  await db.schema
    .createIndex("quotes_lead_status_created_idx")
    .on("quotes")
    .columns(["lead_status", "created_at"])
    .execute();
  await db.schema
    .createIndex("quotes_status_created_idx")
    .on("quotes")
    .columns(["status", "created_at"])
    .execute();
  await db.schema
    .createIndex("quotes_client_email_idx")
    .on("quotes")
    .column("client_email")
    .execute();
  await db.schema.createIndex("quotes_customer_idx").on("quotes").column("customer_id").execute();

  // Files visitors upload before their form is saved; claimed when the quote or application
  // is stored, and removed after a day when never claimed.
  await db.schema
    .createTable("uploads")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("key", "text", (col) => col.notNull().unique())
    .addColumn("purpose", "text", (col) => col.notNull()) // quote_photo | applicant_photo
    .addColumn("mime", "text", (col) => col.notNull())
    .addColumn("bytes", "integer", (col) => col.notNull())
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("quote_id", "text", (col) => col.references("quotes.id").onDelete("cascade"))
    .addColumn("cleaner_id", "text", (col) => col.references("cleaners.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("claimed_at", "text")
    .execute();
  await db.schema
    .createIndex("uploads_unclaimed_idx")
    .on("uploads")
    .columns(["claimed_at", "created_at"])
    .execute();
  await db.schema.createIndex("uploads_quote_idx").on("uploads").column("quote_id").execute();

  await db.schema
    .createTable("bookings")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("reference", "text", (col) => col.notNull().unique())
    .addColumn("quote_id", "text", (col) => col.notNull().references("quotes.id"))
    .addColumn("customer_id", "text", (col) => col.references("customers.id").onDelete("set null"))
    .addColumn("scheduled_date", "text", (col) => col.notNull())
    .addColumn("time_slot", "text", (col) => col.notNull())
    .addColumn("address", "text", (col) => col.notNull())
    .addColumn("suburb", "text")
    .addColumn("postcode", "text")
    .addColumn("lat", "double precision") // the suburb's coordinates, not the door's
    .addColumn("lng", "double precision")
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("price_cents", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("completed_at", "text")
    .addColumn("cancelled_at", "text")
    .addColumn("cancelled_by", "text") // customer | staff
    .execute();
  await db.schema
    .createIndex("bookings_slot_idx")
    .on("bookings")
    .columns(["scheduled_date", "time_slot"])
    .execute();
  await db.schema.createIndex("bookings_status_idx").on("bookings").column("status").execute();
  await db.schema.createIndex("bookings_created_idx").on("bookings").column("created_at").execute();
  await db.schema.createIndex("bookings_quote_idx").on("bookings").column("quote_id").execute();
  await db.schema
    .createIndex("bookings_customer_idx")
    .on("bookings")
    .column("customer_id")
    .execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("quote_id", "text", (col) => col.notNull().references("quotes.id"))
    .addColumn("booking_id", "text", (col) => col.references("bookings.id"))
    .addColumn("amount_cents", "integer", (col) => col.notNull())
    .addColumn("payment_method", "text", (col) => col.notNull().defaultTo("card"))
    .addColumn("provider", "text", (col) => col.notNull()) // test | stripe | manual
    .addColumn("provider_reference", "text") // Stripe Checkout session, test charge id
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("failure_reason", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("paid_at", "text")
    .addColumn("refunded_at", "text")
    .execute();
  await db.schema.createIndex("payments_quote_idx").on("payments").column("quote_id").execute();
  await db.schema.createIndex("payments_booking_idx").on("payments").column("booking_id").execute();
  // A provider's webhook finds its payment by reference, and must never match two.
  await db.schema
    .createIndex("payments_provider_reference_idx")
    .on("payments")
    .columns(["provider", "provider_reference"])
    .unique()
    .execute();

  // Bank details stay on the cleaner (encrypted); a payout only points at the cleaner.
  await db.schema
    .createTable("cleaner_payouts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("cleaner_id", "text", (col) => col.notNull().references("cleaners.id"))
    .addColumn("amount_cents", "integer", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull()) // completed | pending | failed
    .addColumn("payout_date", "text", (col) => col.notNull())
    .addColumn("reference", "text", (col) => col.notNull().unique())
    .addColumn("created_by", "text") // staff user id; null for system-made payouts
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("cleaner_payouts_cleaner_idx")
    .on("cleaner_payouts")
    .column("cleaner_id")
    .execute();
  await db.schema
    .createIndex("cleaner_payouts_created_idx")
    .on("cleaner_payouts")
    .column("created_at")
    .execute();

  // The finance ledger (docs/decisions/0021-one-definition-of-money-figures.md): amounts are positive; the type says which way the money went.
  await db.schema
    .createTable("transactions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("reference_id", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull()) // payment | payout | refund
    .addColumn("amount_cents", "integer", (col) => col.notNull())
    .addColumn("category", "text") // service category for payments and refunds
    .addColumn("status", "text", (col) => col.notNull()) // completed | pending | failed
    .addColumn("payment_id", "text", (col) => col.references("payments.id"))
    .addColumn("payout_id", "text", (col) => col.references("cleaner_payouts.id"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("transactions_created_idx")
    .on("transactions")
    .column("created_at")
    .execute();
  await db.schema
    .createIndex("transactions_type_status_created_idx")
    .on("transactions")
    .columns(["type", "status", "created_at"])
    .execute();
  await db.schema
    .createIndex("transactions_payment_idx")
    .on("transactions")
    .column("payment_id")
    .execute();
  await db.schema
    .createIndex("transactions_payout_idx")
    .on("transactions")
    .column("payout_id")
    .execute();

  // docs/decisions/0013-cleaner-assignments.md: an offer to one cleaner, answered through a signed link before its deadline.
  await db.schema
    .createTable("assignments")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("quote_id", "text", (col) => col.notNull().references("quotes.id"))
    .addColumn("booking_id", "text", (col) => col.references("bookings.id"))
    .addColumn("cleaner_id", "text", (col) => col.notNull().references("cleaners.id"))
    .addColumn("scheduled_date", "text", (col) => col.notNull())
    .addColumn("time_slot", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("response_deadline", "text", (col) => col.notNull())
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("responded_at", "text")
    // The quote's status before an acceptance moved it to assigned, so a later decline or
    // cancellation can put it back (docs/decisions/0027-lead-lifecycle.md).
    .addColumn("previous_quote_status", "text")
    .addColumn("created_by", "text") // staff user id
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("assignments_quote_idx")
    .on("assignments")
    .column("quote_id")
    .execute();
  await db.schema
    .createIndex("assignments_due_idx")
    .on("assignments")
    .columns(["status", "response_deadline"])
    .execute();
  await db.schema
    .createIndex("assignments_cleaner_idx")
    .on("assignments")
    .column("cleaner_id")
    .execute();

  await db.schema
    .createTable("invoices")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("number", "text", (col) => col.notNull().unique())
    .addColumn("quote_id", "text", (col) => col.notNull().references("quotes.id"))
    .addColumn("booking_id", "text", (col) => col.references("bookings.id"))
    .addColumn("amount_cents", "integer", (col) => col.notNull()) // GST-inclusive (docs/decisions/0009-sydney-time-and-money.md)
    .addColumn("gst_cents", "integer", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull()) // draft | sent | paid | void
    .addColumn("issued_at", "text")
    .addColumn("due_at", "text")
    .addColumn("paid_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("invoices_quote_idx").on("invoices").column("quote_id").execute();

  await db.schema
    .createTable("reviews")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("client_name", "text", (col) => col.notNull())
    .addColumn("location", "text")
    .addColumn("rating", "integer", (col) => col.notNull().check(sql`rating between 1 and 5`))
    .addColumn("comment", "text", (col) => col.notNull())
    .addColumn("photo_url", "text")
    .addColumn("verified", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("show_on_home", "integer", (col) => col.notNull().defaultTo(0)) // docs/decisions/0023-honest-reviews.md
    .addColumn("service_label", "text")
    .addColumn("cleaner_id", "text", (col) => col.references("cleaners.id").onDelete("set null"))
    .addColumn("quote_id", "text", (col) => col.references("quotes.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("reviews_created_idx").on("reviews").column("created_at").execute();
  await db.schema.createIndex("reviews_cleaner_idx").on("reviews").column("cleaner_id").execute();
  await db.schema
    .createIndex("reviews_home_idx")
    .on("reviews")
    .columns(["show_on_home", "verified"])
    .execute();

  // An image shown on the site is either a processed upload or an Unsplash link, never both.
  const oneImageSource = sql`(source = 'upload' and image_key is not null and url is null)
    or (source = 'unsplash' and url is not null and image_key is null)`;

  await db.schema
    .createTable("background_images")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("title", "text", (col) => col.notNull().defaultTo("Background Image"))
    .addColumn("sort_order", "integer", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull()) // upload | unsplash
    .addColumn("image_key", "text", (col) => col.references("images.key"))
    .addColumn("url", "text")
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("alt", "text", (col) => col.notNull())
    .addColumn("credit", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addCheckConstraint("background_images_one_source", oneImageSource)
    .execute();
  await db.schema
    .createIndex("background_images_order_idx")
    .on("background_images")
    .column("sort_order")
    .execute();

  await db.schema
    .createTable("room_images")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("room", "text", (col) => col.notNull().unique()) // bedrooms-study, bathrooms, ...
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("image_key", "text", (col) => col.references("images.key"))
    .addColumn("url", "text")
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("alt", "text", (col) => col.notNull())
    .addColumn("credit", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addCheckConstraint("room_images_one_source", oneImageSource)
    .execute();

  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("first_name", "text", (col) => col.notNull())
    .addColumn("last_name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("phone", "text", (col) => col.notNull())
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("handled_at", "text")
    .execute();
  await db.schema
    .createIndex("contact_messages_created_idx")
    .on("contact_messages")
    .column("created_at")
    .execute();

  // docs/decisions/0018-sydney-suburbs.md: the address type-ahead's source. One row per suburb and postcode.
  await db.schema
    .createTable("suburbs")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("postcode", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("lat", "double precision")
    .addColumn("lng", "double precision")
    .addColumn("in_greater_sydney", "integer", (col) => col.notNull())
    // Lets two processes starting at once both fill the table without duplicating it; its
    // index also serves lookups by name (the leading column), so name needs no index of its own.
    .addUniqueConstraint("suburbs_name_postcode_unique", ["name", "postcode"])
    .execute();
  await db.schema.createIndex("suburbs_postcode_idx").on("suburbs").column("postcode").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "suburbs",
    "contact_messages",
    "room_images",
    "background_images",
    "reviews",
    "invoices",
    "assignments",
    "transactions",
    "cleaner_payouts",
    "payments",
    "bookings",
    "uploads",
    "quotes",
    "cleaners",
    "images",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
