import type { Generated, Insertable, Selectable } from "kysely";

export type CleanerStatus = "available" | "busy" | "offline" | "pending_review" | "suspended";

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
  working_hours: string | null;
  price_per_day_cents: number | null;
  source: "admin" | "application";
  created_at: string;
  updated_at: string;
}

export type CleanerRow = Selectable<CleanersTable>;
export type NewCleaner = Insertable<CleanersTable>;
