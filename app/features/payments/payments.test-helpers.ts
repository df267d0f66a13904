import type { Kysely } from "kysely";
import { newId, newReference } from "~/lib/ids";
import type { Database } from "~/server/database";

// A quote that was booked (docs/decisions/0027-lead-lifecycle.md: status pending_payment, lead
// status qualified) and its confirmed booking, written directly: the bookings feature makes them
// in the product. 9 hours at $50 is $450.

export async function insertBookedQuote(
  db: Kysely<Database>,
  options: { customerId?: string | null; priceCents?: number; email?: string } = {},
) {
  const at = new Date().toISOString();
  const quoteId = newId();
  const bookingId = newId();
  const reference = newReference("BK");
  const priceCents = options.priceCents ?? 45_000;
  if (options.customerId) {
    await db
      .insertInto("customers")
      .values({
        id: options.customerId,
        email: `${options.customerId}@example.com`,
        name: "Ava Chen",
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
  }
  await db
    .insertInto("quotes")
    .values({
      id: quoteId,
      reference: newReference("HG"),
      client_name: "Ava Chen",
      client_email: options.email ?? "ava@example.com",
      client_phone: "0412 345 678",
      customer_id: options.customerId ?? null,
      service_type: "residential",
      space_details: JSON.stringify({ type: "house", bedrooms: 3, bathrooms: 2 }),
      cleaning_level: "deep",
      estimated_hours: 9,
      cleaners_needed: 2,
      hourly_rate_cents: 5_000,
      total_cents: priceCents,
      status: "pending_payment",
      lead_status: "qualified",
      lead_source: "website",
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto("bookings")
    .values({
      id: bookingId,
      reference,
      quote_id: quoteId,
      customer_id: options.customerId ?? null,
      scheduled_date: "2030-03-14",
      time_slot: "09:00",
      address: "12 Raglan St, Mosman NSW 2088",
      suburb: "Mosman",
      postcode: "2088",
      status: "confirmed",
      price_cents: priceCents,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { quoteId, bookingId, reference, priceCents };
}

export async function paymentsOf(db: Kysely<Database>, bookingId: string) {
  return db.selectFrom("payments").selectAll().where("booking_id", "=", bookingId).execute();
}

export async function ledgerOf(db: Kysely<Database>, reference: string) {
  return db
    .selectFrom("transactions")
    .selectAll()
    .where("reference_id", "=", reference)
    .orderBy("created_at")
    .execute();
}

export async function quoteOf(db: Kysely<Database>, quoteId: string) {
  return db
    .selectFrom("quotes")
    .select(["status", "lead_status"])
    .where("id", "=", quoteId)
    .executeTakeFirstOrThrow();
}

export async function auditOf(db: Kysely<Database>, action: string) {
  return db.selectFrom("audit_log").selectAll().where("action", "=", action).execute();
}

export async function emailsOf(db: Kysely<Database>, topic: string) {
  return db.selectFrom("outbox_messages").selectAll().where("topic", "=", topic).execute();
}
