import type { Generated, Insertable, Selectable } from "kysely";

export type CleanerStatus = "available" | "busy" | "offline" | "pending_review" | "suspended";

/**
 * Each readable "cleaner.status_changed" audit entry as typed columns (migration
 * 2026_12_04_1200); a trigger on the audit log writes it.
 */
export interface CleanerStatusChangesTable {
  audit_id: string;
  cleaner_id: string;
  changed_at: string;
  from_status: CleanerStatus;
  to_status: CleanerStatus;
}

/** Cleaners (migration 2026_11_22_0910); their counters and yes/no answers default to 0. */
export interface CleanersTable {
  id: string;
  name: string;
  email: string;
  phone: string;
  /** An upload key or an https URL */
  photo: string | null;
  location: string | null;
  /** JSON string lists */
  services: string;
  availability: string;
  languages: string;
  specialties: string;
  status: CleanerStatus;
  rating: Generated<number>;
  active_bookings: Generated<number>;
  completed_jobs: Generated<number>;
  preferred_areas: string | null;
  has_abn: Generated<number>;
  abn_number: string | null;
  has_transport: Generated<number>;
  experience: string | null;
  additional_notes: string | null;
  /** JSON: visa_status, english_proficiency, has_police_check, police_check_date, has_own_equipment, owned_equipment */
  additional_metadata: string | null;
  bank_name: string | null;
  account_name: string | null;
  /** docs/decisions/0011-encrypted-bank-details.md: encryptField output, never shown unmasked */
  bsb_encrypted: string | null;
  account_number_encrypted: string | null;
  account_last4: string | null;
  tfn_encrypted: string | null;
  super_fund: string | null;
  super_member_number_encrypted: string | null;
  about: string | null;
  /** Free text such as "8am-4pm"; read as the hours a job must fit in (app/features/availability/why-not-free.ts) */
  working_hours: string | null;
  /** YYYY-MM-DD, the last day the police check is current (migration 2026_11_26_0921); null: none */
  police_check_expires_on: string | null;
  price_per_day_cents: number | null;
  source: "admin" | "application";
  /**
   * An application's own outcome, apart from the status (migration 2026_11_27_0840,
   * docs/decisions/0056-application-outcomes-and-documents.md): "declined", or null while
   * it is open. The reason, when and by whom go with it.
   */
  application_outcome: ApplicationOutcome | null;
  application_outcome_reason: string | null;
  application_outcome_at: string | null;
  application_outcome_by: string | null;
  /**
   * Pay basis (migration 2026_11_29_1700, docs/decisions/0080-pay-rules.md): a contractor (ABN)
   * or an employee (TFN, owed superannuation); defaults to contractor.
   */
  employment_type: Generated<EmploymentType>;
  /** Their own hourly pay rate; null: the business's cleaner pay rate */
  pay_rate_cents: number | null;
  /** JSON {"residential": 3400, …}: a rate per service type that overrides the hourly rate */
  service_pay_rates: string | null;
  created_at: string;
  updated_at: string;
  /**
   * Migration 2026_12_03_1000 (docs/decisions/0097-the-sweep-reuses-the-roster.md): drawn afresh
   * by a trigger on every write of the row; never written by the app
   */
  roster_stamp: Generated<number | string>;
}

export type EmploymentType = "contractor" | "employee";

export type ApplicationOutcome = "declined";

/** A staff note on an application (migration 2026_11_27_0840). */
export interface ApplicationNotesTable {
  id: string;
  cleaner_id: string;
  /** The staff member who wrote it; null once their account is gone */
  author_id: string | null;
  body: string;
  created_at: string;
}

export type ApplicationDocumentKind = "police_check" | "id" | "right_to_work" | "other";

/** A document attached to an application; the file is private object storage's `object_key`. */
export interface ApplicationDocumentsTable {
  id: string;
  cleaner_id: string;
  kind: ApplicationDocumentKind;
  /** The uploaded name, sanitised; only ever sent back in Content-Disposition */
  file_name: string;
  mime: "application/pdf" | "image/jpeg" | "image/png";
  bytes: number;
  object_key: string;
  uploaded_by: string | null;
  created_at: string;
}

/** Days a cleaner does not work, first and last day included (migration 2026_11_26_0921). */
export interface CleanerTimeOffTable {
  id: string;
  cleaner_id: string;
  /** YYYY-MM-DD, Sydney */
  starts_on: string;
  ends_on: string;
  /** The staff member who recorded it; null when the cleaner asked for it in their app */
  created_by: string | null;
  created_at: string;
  /**
   * Migration 2026_11_29_1300 (docs/decisions/0070-cleaner-time-off-and-working-pattern.md): only
   * approved time off keeps a cleaner from jobs; staff's own entries are approved at once
   */
  status: Generated<TimeOffStatus>;
  /** The staff member who approved or refused a cleaner's request, and when */
  decided_by: string | null;
  decided_at: string | null;
}

export type TimeOffStatus = "requested" | "approved" | "refused";

/**
 * A cleaner's private calendar link (migration 2026_11_29_1300,
 * docs/decisions/0071-cleaner-earnings-and-calendar-feed.md): only the token's SHA-256 is kept,
 * and renewing replaces it, which revokes the old link.
 */
export interface CleanerCalendarFeedsTable {
  cleaner_id: string;
  token_hash: string;
  created_at: string;
}

export type CleanerRow = Selectable<CleanersTable>;
export type NewCleaner = Insertable<CleanersTable>;
export type NewCleanerTimeOff = Insertable<CleanerTimeOffTable>;
