import type { Kysely } from "kysely";
import type { Database, NewInvoice } from "~/server/database";

// Data access for invoices (docs/decisions/0033-invoices-and-review-requests.md). The quote, its booking and payment are read here for the
// invoice's lines and its paid-or-due line; nothing here writes them.

export const INVOICE_SERIES = "INV";

/** The lead being invoiced, with its newest booking that is not cancelled. */
export async function findInvoiceSource(db: Kysely<Database>, quoteId: string) {
  const quote = await db
    .selectFrom("quotes")
    .select([
      "id",
      "reference",
      "client_name",
      "client_email",
      "client_phone",
      "service_type",
      "cleaning_level",
      "estimated_hours",
      "cleaners_needed",
      "hourly_rate_cents",
      "total_cents",
    ])
    .where("id", "=", quoteId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!quote) return null;
  const booking = await db
    .selectFrom("bookings")
    .select(["id", "address", "suburb", "postcode", "scheduled_date", "discount_cents"])
    .where("quote_id", "=", quoteId)
    .where("status", "<>", "cancelled")
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  const payment = await db
    .selectFrom("payments")
    .select(["paid_at"])
    .where("quote_id", "=", quoteId)
    .where("status", "=", "paid")
    .orderBy("paid_at", "desc")
    .executeTakeFirst();
  return { quote, booking: booking ?? null, paidAt: payment?.paid_at ?? null };
}

/**
 * Takes the series' row lock without changing it (PostgreSQL holds it to the end of the
 * transaction; SQLite's write lock does the same), so two issues for one quote run one after the
 * other and the second sees the first's invoice.
 */
export async function lockInvoiceSeries(trx: Kysely<Database>) {
  await trx
    .updateTable("invoice_numbers")
    .set((eb) => ({ last_number: eb.ref("last_number") }))
    .where("series", "=", INVOICE_SERIES)
    .execute();
}

/** The next number of the series, in the caller's transaction: a rollback gives it back. */
export async function takeNextInvoiceSerial(trx: Kysely<Database>) {
  const row = await trx
    .updateTable("invoice_numbers")
    .set((eb) => ({ last_number: eb("last_number", "+", 1) }))
    .where("series", "=", INVOICE_SERIES)
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/** The quote's current (not void) invoice, newest first. */
export async function findCurrentInvoice(db: Kysely<Database>, quoteId: string) {
  return db
    .selectFrom("invoices")
    .selectAll()
    .where("quote_id", "=", quoteId)
    .where("status", "<>", "void")
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

export async function invoiceNumberTaken(db: Kysely<Database>, number: string) {
  const row = await db
    .selectFrom("invoices")
    .select("id")
    .where("number", "=", number)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertInvoice(trx: Kysely<Database>, row: NewInvoice) {
  await trx.insertInto("invoices").values(row).execute();
}

export async function voidInvoice(trx: Kysely<Database>, id: string, at: string) {
  await trx
    .updateTable("invoices")
    .set({ status: "void", updated_at: at })
    .where("id", "=", id)
    .execute();
}

export async function markInvoicePaid(
  trx: Kysely<Database>,
  id: string,
  paidAt: string,
  at: string,
) {
  await trx
    .updateTable("invoices")
    .set({ status: "paid", paid_at: paidAt, updated_at: at })
    .where("id", "=", id)
    .execute();
}

export async function findInvoiceById(db: Kysely<Database>, id: string) {
  return db.selectFrom("invoices").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A lead's invoices for its details, newest first. */
export async function listQuoteInvoices(db: Kysely<Database>, quoteId: string) {
  return db
    .selectFrom("invoices")
    .select(["id", "number", "status", "amount_cents"])
    .where("quote_id", "=", quoteId)
    .orderBy("created_at", "desc")
    .execute();
}
