import type { Kysely } from "kysely";
import type { Database, LeadStatus, QuoteStatus } from "~/server/database";

// The SQL of a quote's lifecycle moves (docs/decisions/0027-lead-lifecycle.md); the compare-and-set
// loop and the audit entry are in quote-lifecycle.service.server.ts.

/** What booking a quote reads of it, by reference or by id. */
const QUOTE_TO_BOOK = [
  "id",
  "reference",
  "client_name",
  "client_email",
  "client_phone",
  "customer_id",
  "service_type",
  "space_details",
  "cleaning_level",
  "estimated_hours",
  "cleaners_needed",
  "hourly_rate_cents",
  "total_cents",
  "status",
  "lead_status",
] as const;

export async function findQuoteToBook(db: Kysely<Database>, reference: string) {
  return db
    .selectFrom("quotes")
    .select(QUOTE_TO_BOOK)
    .where("reference", "=", reference)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

export async function findQuoteToBookById(db: Kysely<Database>, id: string) {
  return db.selectFrom("quotes").select(QUOTE_TO_BOOK).where("id", "=", id).executeTakeFirst();
}

export async function findQuotesToBookByIds(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom("quotes").select(QUOTE_TO_BOOK).where("id", "in", ids).execute();
}

export async function findQuoteStatuses(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("quotes")
    .select(["status", "lead_status"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Moves a quote when it still has the statuses read; false when someone changed them since. */
export async function updateQuoteStatusesIf(
  db: Kysely<Database>,
  id: string,
  from: { status: QuoteStatus; lead_status: LeadStatus },
  to: {
    status: QuoteStatus;
    lead_status: LeadStatus;
    scheduled_date?: string | null;
    customer_id?: string | null;
  },
  at: string,
) {
  const result = await db
    .updateTable("quotes")
    .set({ ...to, updated_at: at })
    .where("id", "=", id)
    .where("status", "=", from.status)
    .where("lead_status", "=", from.lead_status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
