import type { Insertable, Kysely } from "kysely";
import { newId } from "~/lib/ids";
import type { CleanersTable, Database } from "~/server/database";
import type { AddCleanerInput } from "./add-cleaner.schema";
import { newCleanerRow } from "./add-cleaner.service.server";

// Cleaners for this feature's tests: the row staff would add, with the fields a test cares about
// set.

const AT = "2026-11-20T23:15:00.000Z";

export function cleanerRow(overrides: Partial<CleanersTable> = {}): Insertable<CleanersTable> {
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
  return { ...newCleanerRow(input, id, AT), ...overrides };
}

export async function insertCleaners(
  db: Kysely<Database>,
  rows: Partial<CleanersTable>[],
): Promise<string[]> {
  const full = rows.map((row) => cleanerRow(row));
  await db.insertInto("cleaners").values(full).execute();
  return full.map((row) => row.id);
}
