import type { InsertObject, Kysely } from "kysely";
import type { Database, NewStaffUser } from "~/server/database";

// All SQL of the demo seed (demo-seed.server.ts). It writes rows of many features' tables in
// one transaction, as their own repositories would, so the demo never goes through a service's
// rules (a lead's history is played out in memory first, then written at once).

/** Rows per insert: well below SQLite's limit on bound parameters for the widest table. */
const CHUNK = 200;

/** True when the business tables already hold leads or cleaners: the seed never mixes in. */
export async function hasBusinessRows(db: Kysely<Database>) {
  const quote = await db.selectFrom("quotes").select("id").limit(1).executeTakeFirst();
  const cleaner = await db.selectFrom("cleaners").select("id").limit(1).executeTakeFirst();
  return Boolean(quote || cleaner);
}

/** The ids of the staff accounts that already use any of `emails`. */
export async function findStaffByEmails(db: Kysely<Database>, emails: string[]) {
  if (emails.length === 0) return [];
  return db
    .selectFrom("staff_users")
    .select(["id", "email"])
    .where("email", "in", emails)
    .execute();
}

/** The demo logins' accounts; an account already using one of the emails is left as it is. */
export async function insertDemoStaff(db: Kysely<Database>, rows: NewStaffUser[]) {
  if (rows.length === 0) return;
  await db
    .insertInto("staff_users")
    .values(rows)
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
}

/** Inserts `rows` into `table`, CHUNK at a time. */
export async function insertDemoRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: InsertObject<Database, T>[],
) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + CHUNK))
      .execute();
  }
}

/** Moves the invoice number series on past the seeded invoices (docs/decisions/0033-invoices-and-review-requests.md). */
export async function setInvoiceCounter(db: Kysely<Database>, lastNumber: number) {
  await db
    .updateTable("invoice_numbers")
    .set({ last_number: lastNumber })
    .where("series", "=", "INV")
    .execute();
}
