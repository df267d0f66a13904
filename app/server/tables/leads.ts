import type { Generated, Insertable, Selectable } from "kysely";

// Leads (quotes), the files uploaded with them, and the counts kept of them by triggers
// (migrations 2026_11_22_0910, 2026_11_22_1500, 2026_11_25_1140 and 2026_11_25_1310).

export type ServiceType = "residential" | "commercial" | "post-construction" | "subscription";
export type CleaningLevel = "basic" | "deep" | "premium";
export type QuoteStatus =
  "pending" | "pending_quote" | "pending_payment" | "assigned" | "completed" | "cancelled";
export type LeadStatus = "new" | "contacted" | "qualified" | "booked" | "lost";

export interface QuotesTable {
  id: string;
  /** Unguessable, for /quote-result?ref= (docs/decisions/0005-durable-references.md) */
  reference: string;
  client_name: string;
  client_email: string;
  client_phone: string | null;
  customer_id: string | null;
  service_type: ServiceType;
  /** JSON object (docs/product/back-office.md#entities-and-fields) */
  space_details: string;
  cleaning_level: CleaningLevel | null;
  estimated_hours: number | null;
  cleaners_needed: number | null;
  /** docs/decisions/0003-one-hourly-rate.md: stored when priced, so every screen shows the total the customer saw */
  hourly_rate_cents: number | null;
  total_cents: number | null;
  status: QuoteStatus;
  lead_status: LeadStatus;
  /** Defaults to "website" */
  lead_source: Generated<string>;
  scheduled_date: string | null;
  /** The estimate's explanation text */
  notes: string | null;
  preferred_cleaner_id: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** Staff's own notes on the lead (migration 2026_11_25_1310), edited from its details */
  staff_notes: string | null;
}

export type QuoteRow = Selectable<QuotesTable>;
export type NewQuote = Insertable<QuotesTable>;

export interface UploadsTable {
  id: string;
  key: string;
  purpose: "quote_photo" | "applicant_photo" | "job_photo";
  mime: string;
  bytes: number;
  width: number;
  height: number;
  quote_id: string | null;
  cleaner_id: string | null;
  created_at: string;
  /** Null until the form that uploaded it is saved; unclaimed uploads are removed after a day */
  claimed_at: string | null;
}

export type UploadRow = Selectable<UploadsTable>;
export type NewUpload = Insertable<UploadsTable>;

/**
 * Live leads and converted leads per UTC hour (YYYY-MM-DDTHH) of creation, kept by triggers;
 * converted means a paid or completed booking (docs/decisions/0030-conversion-rate.md).
 */
export interface HourlyLeadCountsTable {
  utc_hour: string;
  leads: number;
  booked_leads: number;
}

/** The converted live quotes and the hour each is counted in; written only by triggers. */
export interface LeadConversionsTable {
  quote_id: string;
  utc_hour: string;
}

/** Live leads and their totals per board column and filter values, kept by triggers (migration 2026_11_25_1310). */
export interface LeadBoardTotalsTable {
  lead_status: LeadStatus;
  status: QuoteStatus;
  service_type: ServiceType;
  leads: number;
  total_cents: number;
}
