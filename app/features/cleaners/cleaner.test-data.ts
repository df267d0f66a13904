import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import type { Database, NewCleaner } from "~/server/database";
import type { AddCleanerInput } from "./add-cleaner.schema";
import { newCleanerRow } from "./add-cleaner.service.server";

// Cleaners for this feature's tests: the row staff would add, with the fields a test cares about
// set. The columns with defaults are named: insertCleaners writes several rows at once, and
// SQLite fills a column that one row of such an insert leaves out with NULL, not its default.

const AT = "2026-11-20T23:15:00.000Z";

/** A test cleaner can take any job unless a test says otherwise: every day, a check far ahead. */
const EVERY_DAY = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const FAR_AHEAD = "2099-12-31";

export function cleanerRow(overrides: Partial<NewCleaner> = {}): NewCleaner {
  const id = overrides.id ?? newId();
  const input: AddCleanerInput = {
    name: "Mei Lin Chen",
    email: `${id}@example.com`,
    phone: "0491 570 157",
    location: "Bondi Junction",
    photoUrl: "",
    photoId: "",
    services: ["Residential"],
    availability: ["Monday"],
    languages: ["English"],
    specialties: [],
  };
  return {
    ...newCleanerRow(input, id, AT),
    rating: 0,
    active_bookings: 0,
    completed_jobs: 0,
    has_abn: 0,
    has_transport: 0,
    status: "available",
    availability: JSON.stringify(EVERY_DAY),
    police_check_expires_on: FAR_AHEAD,
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
