import type { Kysely } from "kysely";
import { insertTestOffer } from "~/features/bookings/bookings.test-data";
import { newId } from "~/lib/ids";
import type {
  AssignmentStatus,
  BookingStatus,
  Database,
  LeadStatus,
  PaymentStatus,
  QuoteStatus,
  ServiceType,
} from "~/server/database";

// Leads written straight into the table for the leads tests, as the public forms would store them.

export type TestLead = {
  name?: string;
  email?: string;
  phone?: string | null;
  reference?: string;
  at?: string;
  status?: QuoteStatus;
  leadStatus?: LeadStatus;
  serviceType?: ServiceType;
  totalCents?: number | null;
  deleted?: boolean;
  spaceDetails?: object;
  /** quotes.scheduled_date: the booked day once booked (the demo data sets the wished day) */
  scheduledDate?: string;
};

let counter = 0;

export async function addTestLead(db: Kysely<Database>, lead: TestLead = {}) {
  counter += 1;
  const id = newId();
  const at = lead.at ?? new Date(Date.UTC(2026, 10, 1, 0, counter)).toISOString();
  const priced = lead.totalCents !== null;
  await db
    .insertInto("quotes")
    .values({
      id,
      reference: lead.reference ?? `HG-T${String(counter).padStart(5, "0")}`,
      client_name: lead.name ?? `Client ${counter}`,
      client_email: lead.email ?? `client${counter}@example.com`,
      client_phone: lead.phone === undefined ? "0400 000 000" : lead.phone,
      service_type: lead.serviceType ?? "residential",
      space_details: JSON.stringify(lead.spaceDetails ?? { type: "house", bedrooms: 2 }),
      cleaning_level: priced ? "basic" : null,
      estimated_hours: priced ? 3 : null,
      cleaners_needed: priced ? 1 : null,
      hourly_rate_cents: priced ? 5000 : null,
      total_cents: priced ? (lead.totalCents ?? 15000) : null,
      status: lead.status ?? "pending",
      lead_status: lead.leadStatus ?? "new",
      lead_source: "website",
      scheduled_date: lead.scheduledDate ?? null,
      created_at: at,
      updated_at: at,
      deleted_at: lead.deleted ? at : null,
    })
    .execute();
  return id;
}

/** A payment of the lead's total, in the given status (a refunded one was paid first). */
export async function addTestPayment(db: Kysely<Database>, quoteId: string, status: PaymentStatus) {
  const at = new Date(Date.UTC(2026, 10, 2)).toISOString();
  await db
    .insertInto("payments")
    .values({
      id: newId(),
      quote_id: quoteId,
      amount_cents: 15_000,
      provider: "test",
      status,
      created_at: at,
      updated_at: at,
      paid_at: status === "pending" || status === "failed" ? null : at,
      refunded_at: status === "refunded" ? at : null,
    })
    .execute();
}

/** A booking of the lead, as the booking page stores it; `at` orders several. */
export async function addTestBooking(
  db: Kysely<Database>,
  quoteId: string,
  booking: { date: string; slot: string; status?: BookingStatus; at?: string },
) {
  counter += 1;
  const at = booking.at ?? new Date(Date.UTC(2026, 10, 3, 0, counter)).toISOString();
  const id = newId();
  await db
    .insertInto("bookings")
    .values({
      id,
      reference: `BK-T${String(counter).padStart(5, "0")}`,
      quote_id: quoteId,
      scheduled_date: booking.date,
      time_slot: booking.slot,
      address: "1 Test Street",
      suburb: "Mosman",
      postcode: "2088",
      status: booking.status ?? "confirmed",
      price_cents: 15_000,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/** An offer of the lead's job to a cleaner, in the given status. */
export async function addTestOffer(
  db: Kysely<Database>,
  quoteId: string,
  cleanerId: string,
  status: AssignmentStatus,
  at = new Date(Date.UTC(2026, 10, 4, 0, ++counter)).toISOString(),
) {
  await insertTestOffer(db, {
    job: { quoteId, date: "2026-12-01", timeSlot: "09:00" },
    cleanerId,
    at,
    status,
    deadline: "2026-12-01T00:00:00.000Z",
    previousQuoteStatus: "pending",
  });
}
