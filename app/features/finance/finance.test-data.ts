import type { Kysely } from "kysely";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { encryptField } from "~/lib/crypto.server";
import type { Database } from "~/server/database";

// Row builders for the finance tests: a cleaner with encrypted bank details.

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
