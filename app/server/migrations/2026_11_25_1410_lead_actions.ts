import type { Kysely } from "kysely";

// Frozen: never import app code here, and never edit once landed on main.
// The lead row actions (docs/decisions/0033-invoices-and-review-requests.md):
// - invoice_numbers: one counter row per series, raised by `update ... set last_number =
//   last_number + 1` in the invoice's own transaction, so numbers are gap-free (a rolled-back
//   issue gives its number back) and two issues at once never share one, on SQLite and PostgreSQL.
// - invoices.details: what the invoice said when issued (business, ABN, client, lines, paid or
//   due) as JSON, so a later change of profile or price never rewrites an issued invoice.
// - review_requests: a client's personal review link; only the SHA-256 of its token is kept, and
//   used_at makes it work once.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("invoice_numbers")
    .addColumn("series", "text", (col) => col.primaryKey())
    .addColumn("last_number", "integer", (col) => col.notNull())
    .execute();
  await db.insertInto("invoice_numbers").values({ series: "INV", last_number: 0 }).execute();

  await db.schema.alterTable("invoices").addColumn("details", "text").execute();

  await db.schema
    .createTable("review_requests")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("quote_id", "text", (col) => col.notNull().references("quotes.id"))
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .addColumn("review_id", "text", (col) => col.references("reviews.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("review_requests_quote_idx")
    .on("review_requests")
    .column("quote_id")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("review_requests").execute();
  await db.schema.alterTable("invoices").dropColumn("details").execute();
  await db.schema.dropTable("invoice_numbers").execute();
}
