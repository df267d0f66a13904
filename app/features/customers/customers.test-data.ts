import type { Kysely } from "kysely";
import { newId, newReference } from "~/lib/ids";
import type { BookingStatus, Database, PaymentStatus, ServiceType } from "~/server/database";

// Row builders for the customer accounts' tests: a customer, a booking of theirs (with its
// quote), and a payment. Only the columns a test cares about vary.

type Db = Kysely<Database>;
const AT = "2026-11-20T00:00:00.000Z";

export async function addCustomer(
  db: Db,
  row: { email: string; name?: string; phone?: string | null },
) {
  const id = newId();
  await db
    .insertInto("customers")
    .values({
      id,
      email: row.email,
      name: row.name ?? "Test Customer",
      phone: row.phone === undefined ? "0412 345 678" : row.phone,
      created_at: AT,
      updated_at: AT,
    })
    .execute();
  return id;
}

export async function addBooking(
  db: Db,
  row: {
    customerId: string | null;
    date: string;
    slot?: string;
    status?: BookingStatus;
    address?: string;
    priceCents?: number;
    discountCents?: number;
    serviceType?: ServiceType;
    createdAt?: string;
  },
) {
  const quoteId = newId();
  const createdAt = row.createdAt ?? AT;
  await db
    .insertInto("quotes")
    .values({
      id: quoteId,
      reference: newReference("HQ"),
      client_name: "Test Customer",
      client_email: "test@example.com",
      customer_id: row.customerId,
      service_type: row.serviceType ?? "residential",
      space_details: "{}",
      cleaning_level: "deep",
      estimated_hours: 4,
      cleaners_needed: 1,
      hourly_rate_cents: 5000,
      total_cents: row.priceCents ?? 20000,
      status: "pending_payment",
      lead_status: "qualified",
      lead_source: "website",
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
  const id = newId();
  const reference = newReference();
  await db
    .insertInto("bookings")
    .values({
      id,
      reference,
      quote_id: quoteId,
      customer_id: row.customerId,
      scheduled_date: row.date,
      time_slot: row.slot ?? "14:00",
      address: row.address ?? "12 Harbour St, Mosman NSW 2088",
      status: row.status ?? "confirmed",
      price_cents: row.priceCents ?? 20000,
      discount_cents: row.discountCents ?? 0,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
  return { id, reference, quoteId };
}

export async function addPayment(
  db: Db,
  row: { bookingId: string; quoteId: string; cents: number; status?: PaymentStatus },
) {
  await db
    .insertInto("payments")
    .values({
      id: newId(),
      quote_id: row.quoteId,
      booking_id: row.bookingId,
      amount_cents: row.cents,
      payment_method: "card",
      provider: "test",
      status: row.status ?? "paid",
      created_at: AT,
      updated_at: AT,
      paid_at: AT,
      refunded_at: row.status === "refunded" ? AT : null,
    })
    .execute();
}
