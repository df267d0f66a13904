import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import type { Database, NewCleaner } from "~/server/database";

// Cleaners for this feature's tests: a row with the fields a test cares about set. The columns
// with defaults stay named: insertCleaners writes several rows at once, and SQLite fills a column
// that one row of such an insert leaves out with NULL rather than its default.

const AT = "2026-11-20T23:15:00.000Z";

export function cleanerRow(overrides: Partial<NewCleaner> = {}): NewCleaner {
  const id = overrides.id ?? newId();
  return {
    id,
    name: "Mei Lin Chen",
    email: `${id}@example.com`,
    phone: "0491 570 157",
    location: "Bondi Junction",
    services: '["Residential"]',
    availability: '["Monday"]',
    languages: '["English"]',
    specialties: "[]",
    status: "available",
    rating: 0,
    active_bookings: 0,
    completed_jobs: 0,
    has_abn: 0,
    has_transport: 0,
    source: "admin",
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

export async function insertCleaners(
  db: Kysely<Database>,
  rows: Partial<NewCleaner>[],
): Promise<string[]> {
  const full = rows.map((row) => cleanerRow(row));
  await db.insertInto("cleaners").values(full).execute();
  return full.map((row) => row.id);
}
