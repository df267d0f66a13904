import type { Kysely } from "kysely";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
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
  const at = "2026-01-01T00:00:00.000Z";
  const [id] = await insertCleaners(db, [
    {
      name: row.name,
      services: "[]",
      availability: "[]",
      rating: 5,
      bank_name: row.bankName ?? null,
      account_name: row.accountNumber ? row.name : null,
      account_number_encrypted: row.accountNumber
        ? encryptField(TEST_KEY, row.accountNumber)
        : null,
      account_last4: row.accountNumber ? row.accountNumber.slice(-4) : null,
      created_at: at,
      updated_at: at,
    },
  ]);
  return id!;
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
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto("bookings")
    .values({
      id: bookingId,
      reference: newId(),
      quote_id: quoteId,
      scheduled_date: at.slice(0, 10),
      time_slot: "09:00",
      address: "1 Test St",
      status: "completed",
      price_cents: row.hours * 5000,
      created_at: at,
      updated_at: at,
      completed_at: at,
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
      created_at: at,
      updated_at: at,
    })
    .execute();
}
