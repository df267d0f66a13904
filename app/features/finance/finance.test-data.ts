import type { Kysely } from "kysely";
import { encryptField } from "~/lib/crypto.server";
import { newId } from "~/lib/ids";
import type { Database } from "~/server/database";

// Row builders for the finance tests: a cleaner with encrypted bank details, and a job a
// cleaner finished (quote, completed booking, accepted offer).

type Db = Kysely<Database>;

/** A fixed test key: 32 bytes of base64. */
export const TEST_KEY = Buffer.alloc(32, 7).toString("base64");

export async function addPayableCleaner(
  db: Db,
  row: { name: string; accountNumber?: string; bankName?: string },
) {
  const id = newId();
  const at = "2026-01-01T00:00:00.000Z";
  await db
    .insertInto("cleaners")
    .values({
      id,
      name: row.name,
      email: `${id}@example.com`,
      phone: "0400 000 000",
      photo: null,
      location: null,
      services: "[]",
      availability: "[]",
      languages: "[]",
      specialties: "[]",
      status: "available",
      rating: 5,
      active_bookings: 0,
      completed_jobs: 0,
      preferred_areas: null,
      has_abn: 0,
      abn_number: null,
      has_transport: 0,
      experience: null,
      additional_notes: null,
      additional_metadata: null,
      bank_name: row.bankName ?? null,
      account_name: row.accountNumber ? row.name : null,
      bsb_encrypted: null,
      account_number_encrypted: row.accountNumber
        ? encryptField(TEST_KEY, row.accountNumber)
        : null,
      account_last4: row.accountNumber ? row.accountNumber.slice(-4) : null,
      tfn_encrypted: null,
      super_fund: null,
      super_member_number_encrypted: null,
      about: null,
      working_hours: null,
      price_per_day_cents: null,
      source: "admin",
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/** A job the cleaner finished at `completedAt`, priced at `hours`. */
export async function addCompletedJob(
  db: Db,
  row: { cleanerId: string; hours: number; completedAt: string; accepted?: boolean },
) {
  const quoteId = newId();
  const bookingId = newId();
  const at = row.completedAt;
  await db
    .insertInto("quotes")
    .values({
      id: quoteId,
      reference: newId(),
      client_name: "Test Client",
      client_email: "client@example.com",
      client_phone: null,
      customer_id: null,
      service_type: "residential",
      space_details: "{}",
      cleaning_level: "basic",
      estimated_hours: row.hours,
      cleaners_needed: 1,
      hourly_rate_cents: 5000,
      total_cents: row.hours * 5000,
      status: "completed",
      lead_status: "booked",
      lead_source: "website",
      scheduled_date: null,
      notes: null,
      preferred_cleaner_id: null,
      created_at: at,
      updated_at: at,
      deleted_at: null,
    })
    .execute();
  await db
    .insertInto("bookings")
    .values({
      id: bookingId,
      reference: newId(),
      quote_id: quoteId,
      customer_id: null,
      scheduled_date: at.slice(0, 10),
      time_slot: "09:00",
      address: "1 Test St",
      suburb: null,
      postcode: null,
      lat: null,
      lng: null,
      status: "completed",
      price_cents: row.hours * 5000,
      created_at: at,
      updated_at: at,
      completed_at: at,
      cancelled_at: null,
      cancelled_by: null,
    })
    .execute();
  await db
    .insertInto("assignments")
    .values({
      id: newId(),
      quote_id: quoteId,
      booking_id: bookingId,
      cleaner_id: row.cleanerId,
      scheduled_date: at.slice(0, 10),
      time_slot: "09:00",
      status: row.accepted === false ? "declined" : "accepted",
      response_deadline: at,
      token_hash: newId(),
      responded_at: at,
      previous_quote_status: null,
      created_by: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}
