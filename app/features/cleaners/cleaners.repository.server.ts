import { sql, type Kysely, type Updateable } from "kysely";
import type { CleanersTable, Database } from "~/server/database";

// The back office's reads and writes of one cleaner (docs/product/back-office.md#calls): the
// profile's read, its public-field update and the cleaner's jobs. Adding a cleaner goes through
// app/server/cleaner-rows.repository.server.ts, which the applications feature shares.

/** Everything the profile shows; the encrypted columns only as whether they are set. */
export async function findCleanerForProfile(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("cleaners")
    .select([
      "id",
      "name",
      "email",
      "phone",
      "photo",
      "location",
      "services",
      "availability",
      "languages",
      "specialties",
      "status",
      "rating",
      "active_bookings",
      "completed_jobs",
      "preferred_areas",
      "has_abn",
      "abn_number",
      "has_transport",
      "experience",
      "additional_notes",
      "additional_metadata",
      "bank_name",
      "account_name",
      "account_last4",
      "super_fund",
      "about",
      "working_hours",
      "police_check_expires_on",
      "price_per_day_cents",
      "employment_type",
      "pay_rate_cents",
      "service_pay_rates",
      "source",
      "created_at",
      "updated_at",
    ])
    .select((eb) => [
      eb("bsb_encrypted", "is not", null).as("has_bsb"),
      eb("tfn_encrypted", "is not", null).as("has_tfn"),
      eb("super_member_number_encrypted", "is not", null).as("has_super_member_number"),
    ])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The ciphertexts of a cleaner's bank and tax numbers, for an owner's audited reveal. */
export async function findCleanerSecrets(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("cleaners")
    .select([
      "bsb_encrypted",
      "account_number_encrypted",
      "tfn_encrypted",
      "super_member_number_encrypted",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Sets the public profile's fields; false when there is no such cleaner. */
export async function updateCleanerProfileFields(
  db: Kysely<Database>,
  id: string,
  fields: Pick<
    Updateable<CleanersTable>,
    "about" | "working_hours" | "price_per_day_cents" | "photo" | "updated_at"
  >,
) {
  const result = await db
    .updateTable("cleaners")
    .set(fields)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * What the profile's edit forms change, as stored now, so an edit can name the fields it changed
 * (docs/decisions/0055-cleaner-edits-and-audit-log.md).
 */
export async function findCleanerForEdit(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("cleaners")
    .select([
      "name",
      "email",
      "phone",
      "location",
      "preferred_areas",
      "services",
      "bank_name",
      "account_name",
      "bsb_encrypted",
      "account_number_encrypted",
      "employment_type",
      "abn_number",
      "tfn_encrypted",
      "pay_rate_cents",
      "service_pay_rates",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Whether a cleaner other than `id` has this email address, whatever its case. */
export async function cleanerEmailUsedByAnother(db: Kysely<Database>, email: string, id: string) {
  const row = await db
    .selectFrom("cleaners")
    .select("id")
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .where("id", "<>", id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets a cleaner's contact details, services or bank details; false when there is no such cleaner. */
export async function updateCleanerFields(
  db: Kysely<Database>,
  id: string,
  fields: Pick<
    Updateable<CleanersTable>,
    | "name"
    | "email"
    | "phone"
    | "location"
    | "preferred_areas"
    | "services"
    | "bank_name"
    | "account_name"
    | "bsb_encrypted"
    | "account_number_encrypted"
    | "account_last4"
    | "employment_type"
    | "has_abn"
    | "abn_number"
    | "tfn_encrypted"
    | "pay_rate_cents"
    | "service_pay_rates"
    | "updated_at"
  >,
) {
  const result = await db
    .updateTable("cleaners")
    .set(fields)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The cleaner's name and email, for the emails that follow a status change. */
export async function findCleanerContact(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("cleaners")
    .select(["name", "email", "police_check_expires_on", "application_outcome"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The cleaner's assignments with their jobs (quotes), newest first, at most `limit`. */
export async function findCleanerAssignments(
  db: Kysely<Database>,
  cleanerId: string,
  limit: number,
) {
  return db
    .selectFrom("assignments")
    .innerJoin("quotes", "quotes.id", "assignments.quote_id")
    .select([
      "assignments.id",
      "assignments.scheduled_date",
      "assignments.time_slot",
      "assignments.status",
      "quotes.client_name",
      "quotes.service_type",
      "quotes.status as quote_status",
      "quotes.space_details",
    ])
    .where("assignments.cleaner_id", "=", cleanerId)
    .orderBy("assignments.scheduled_date", "desc")
    .orderBy("assignments.time_slot", "desc")
    .orderBy("assignments.id", "desc")
    .limit(limit)
    .execute();
}
