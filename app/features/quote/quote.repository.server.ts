import type { Kysely } from "kysely";
import type { Database, NewQuote, QuoteRow } from "~/server/database";

export type { QuoteRow };

/** docs/product/public-site.md#validation-rules: the connectivity check that runs first, "read one id from quotes". */
export async function readAnyQuoteId(db: Kysely<Database>) {
  return db.selectFrom("quotes").select("id").limit(1).execute();
}

/** Inserts a quote and reads back what identifies it (docs/product/public-site.md#calls-and-webhooks "Create quote"). */
export async function insertQuote(db: Kysely<Database>, row: NewQuote) {
  return db
    .insertInto("quotes")
    .values(row)
    .returning(["id", "reference", "created_at"])
    .executeTakeFirst();
}

/**
 * A lead from a website form that has no price yet (docs/decisions/0027-lead-lifecycle.md): status pending_quote,
 * lead_status new, from the website, with no level, hours or price until staff send a priced
 * quote. What the form asked for is in `spaceDetails`, stored as JSON.
 */
export function websiteLeadRow(lead: {
  id: string;
  reference: string;
  name: string;
  email: string;
  phone: string | null;
  serviceType: QuoteRow["service_type"];
  spaceDetails: object;
  createdAt: string;
}): NewQuote {
  return {
    id: lead.id,
    reference: lead.reference,
    client_name: lead.name,
    client_email: lead.email,
    client_phone: lead.phone,
    service_type: lead.serviceType,
    space_details: JSON.stringify(lead.spaceDetails),
    status: "pending_quote",
    lead_status: "new",
    lead_source: "website",
    created_at: lead.createdAt,
    updated_at: lead.createdAt,
  };
}

export async function findQuoteByReference(db: Kysely<Database>, reference: string) {
  return db
    .selectFrom("quotes")
    .select([
      "id",
      "reference",
      "service_type",
      "space_details",
      "cleaning_level",
      "estimated_hours",
      "cleaners_needed",
      "hourly_rate_cents",
      "total_cents",
      "status",
      "lead_status",
      "notes",
      "preferred_cleaner_id",
      "client_email",
      "created_at",
    ])
    .where("reference", "=", reference)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/**
 * The id of a cleaner who may be preferred on a quote (docs/decisions/0020-provider-book-now.md): one who exists and is on the team,
 * not an applicant under review or a suspended cleaner. Undefined otherwise.
 */
export async function findPreferableCleanerId(db: Kysely<Database>, id: string) {
  const row = await db
    .selectFrom("cleaners")
    .select("id")
    .where("id", "=", id)
    .where("status", "in", ["available", "busy", "offline"])
    .executeTakeFirst();
  return row?.id;
}
