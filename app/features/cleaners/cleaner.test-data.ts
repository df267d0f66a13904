import type { Insertable, Kysely } from "kysely";
import { newId } from "~/lib/ids";
import type { CleanersTable, Database } from "~/server/database";

// Cleaners for this feature's tests: a complete row with the fields a test cares about set.

const AT = "2026-11-20T23:15:00.000Z";

export function cleanerRow(overrides: Partial<CleanersTable> = {}): Insertable<CleanersTable> {
  const id = overrides.id ?? newId();
  return {
    id,
    name: "Mei Lin Chen",
    email: `${id}@example.com`,
    phone: "0491 570 157",
    photo: null,
    location: "Bondi Junction",
    services: '["Residential"]',
    availability: '["Monday"]',
    languages: '["English"]',
    specialties: "[]",
    status: "available",
    rating: 0,
    active_bookings: 0,
    completed_jobs: 0,
    preferred_areas: null,
    has_abn: 0,
    abn_number: null,
    has_transport: 0,
    experience: null,
    additional_notes: null,
    additional_metadata: null,
    bank_name: null,
    account_name: null,
    bsb_encrypted: null,
    account_number_encrypted: null,
    account_last4: null,
    tfn_encrypted: null,
    super_fund: null,
    super_member_number_encrypted: null,
    about: null,
    working_hours: null,
    price_per_day_cents: null,
    source: "admin",
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

export async function insertCleaners(
  db: Kysely<Database>,
  rows: Partial<CleanersTable>[],
): Promise<string[]> {
  const full = rows.map((row) => cleanerRow(row));
  await db.insertInto("cleaners").values(full).execute();
  return full.map((row) => row.id);
}
