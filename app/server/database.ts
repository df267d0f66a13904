import type { RoomKey } from "~/lib/rooms";
/**
 * One interface types every table. Columns use what both SQLite and PostgreSQL share:
 * ids as random text, timestamps as ISO-8601 UTC text, dates as YYYY-MM-DD text, money as
 * integer cents, booleans as 0/1 integers and JSON as text. Repositories convert to domain types.
 */
export interface Database {
  settings: SettingsTable;
  staff_users: StaffUsersTable;
  customers: CustomersTable;
  sessions: SessionsTable;
  staff_invitations: StaffInvitationsTable;
  magic_link_tokens: MagicLinkTokensTable;
  rate_limits: RateLimitsTable;
  outbox_messages: OutboxMessagesTable;
  outbox_attempts: OutboxAttemptsTable;
  audit_log: AuditLogTable;
  images: ImagesTable;
  cleaners: CleanersTable;
  quotes: QuotesTable;
  uploads: UploadsTable;
  bookings: BookingsTable;
  booking_slot_counts: BookingSlotCountsTable;
  payments: PaymentsTable;
  cleaner_payouts: CleanerPayoutsTable;
  transactions: TransactionsTable;
  daily_rollups: DailyRollupsTable;
  hourly_rollups: HourlyRollupsTable;
  hourly_lead_counts: HourlyLeadCountsTable;
  lead_conversions: LeadConversionsTable;
  assignments: AssignmentsTable;
  invoices: InvoicesTable;
  invoice_numbers: InvoiceNumbersTable;
  review_requests: ReviewRequestsTable;
  reviews: ReviewsTable;
  background_images: BackgroundImagesTable;
  room_images: RoomImagesTable;
  contact_messages: ContactMessagesTable;
  suburbs: SuburbsTable;
  content_version: ContentVersionTable;
  idempotency_keys: IdempotencyKeysTable;
  delivery_banner_dismissals: DeliveryBannerDismissalsTable;
  lead_board_totals: LeadBoardTotalsTable;
}

/** When a staff member last dismissed the delivery warning (docs/decisions/0008-webhook-outbox.md). */
export interface DeliveryBannerDismissalsTable {
  staff_id: string;
  dismissed_at: string;
}

/** The answer an API write with an Idempotency-Key received, replayed to its retries for a day. */
export interface IdempotencyKeysTable {
  /** Which endpoint the key belongs to ("quotes") */
  scope: string;
  /** SHA-256 of the caller's key (hex) */
  key_hash: string;
  /** SHA-256 of the request body, to tell a retry from a reuse of the key */
  request_hash: string;
  response_status: number;
  /** JSON text of the answer */
  response_body: string;
  created_at: string;
  expires_at: string;
}

/** One row (id 1): the version of the public site's content, bumped by every writer of it. */
export interface ContentVersionTable {
  id: number;
  version: number;
  updated_at: string;
}

export interface SettingsTable {
  key: string;
  /** JSON text */
  value: string;
  updated_at: string;
  updated_by: string | null;
}

export interface StaffUsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  totp_secret_encrypted: string | null;
  totp_enabled: number;
  /** JSON list of SHA-256 hashes of unused recovery codes */
  recovery_codes: string | null;
  theme: string;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
  /** "owner" or "staff" (app/features/auth/permissions.ts); accounts made before roles are owners */
  role: string;
  /** Set when an owner deactivates the account: it can no longer sign in, its sessions are gone */
  deactivated_at: string | null;
}

/** An owner's invitation to the back office (migration 2026_11_25_0900); one row per email. */
export interface StaffInvitationsTable {
  id: string;
  /** SHA-256 of the link's token */
  token_hash: string;
  email: string;
  /** The role the account will have: "owner" or "staff" */
  role: string;
  invited_by: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface CustomersTable {
  id: string;
  email: string;
  name: string | null;
  phone: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token */
  id: string;
  kind: "staff" | "customer";
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface MagicLinkTokensTable {
  id: string;
  token_hash: string;
  email: string;
  customer_id: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
  expires_at: string;
}

export type OutboxKind = "webhook" | "email" | "job";
export type OutboxStatus = "pending" | "retrying" | "delivered" | "dead" | "skipped";

export interface OutboxMessagesTable {
  id: string;
  kind: OutboxKind;
  topic: string;
  subject_type: string | null;
  subject_id: string | null;
  /** JSON */
  payload: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  leased_by: string | null;
  last_error: string | null;
  last_status_code: number | null;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
}

export interface OutboxAttemptsTable {
  id: string;
  message_id: string;
  attempt_number: number;
  attempted_at: string;
  target: string;
  outcome: "delivered" | "failed" | "skipped";
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

export interface AuditLogTable {
  id: string;
  actor_type: "staff" | "customer" | "system" | "visitor";
  actor_id: string | null;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  /** JSON */
  details: string | null;
  ip: string | null;
  created_at: string;
}

// Business data (migration 2026_11_22_0910). Amounts are integer cents, dates YYYY-MM-DD,
// time slots HH:MM, JSON columns are text and 0/1 integers are booleans.

export interface ImagesTable {
  /** Hash of the file's content: the same photo uploaded twice is one image */
  key: string;
  width: number;
  height: number;
  /** JSON list of the variant widths written to media/{key}/ */
  widths: string;
  bytes: number;
  original_name: string;
  credit: string | null;
  created_at: string;
}

export type CleanerStatus = "available" | "busy" | "offline" | "pending_review" | "suspended";

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
  rating: number;
  active_bookings: number;
  completed_jobs: number;
  preferred_areas: string | null;
  has_abn: number;
  abn_number: string | null;
  has_transport: number;
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
  lead_source: string;
  scheduled_date: string | null;
  /** The estimate's explanation text */
  notes: string | null;
  preferred_cleaner_id: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /**
   * Staff's own notes on the lead (migration 2026_11_25_1310), edited from its details. Optional
   * in the type so writers that predate it need not name it; the column is nullable.
   */
  staff_notes?: string | null;
}

export interface UploadsTable {
  id: string;
  key: string;
  purpose: "quote_photo" | "applicant_photo";
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

export type BookingStatus = "confirmed" | "completed" | "cancelled";

export interface BookingsTable {
  id: string;
  reference: string;
  quote_id: string;
  customer_id: string | null;
  scheduled_date: string;
  /** HH:MM, one of the spec's slots (docs/product/public-site.md#business-constants-and-limits) */
  time_slot: string;
  address: string;
  suburb: string | null;
  postcode: string | null;
  /** The suburb's coordinates */
  lat: number | null;
  lng: number | null;
  status: BookingStatus;
  price_cents: number;
  /**
   * A rewards discount taken off price_cents (migration 2026_11_25_1200). Optional here only so
   * rows written before it need not name it; the column is NOT NULL DEFAULT 0, so reads have it.
   */
  discount_cents?: number;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  cancelled_at: string | null;
  cancelled_by: "customer" | "staff" | null;
}

export type PaymentProvider = "test" | "stripe" | "manual";
export type PaymentStatus = "pending" | "paid" | "failed" | "refunded";

export interface PaymentsTable {
  id: string;
  quote_id: string;
  booking_id: string | null;
  amount_cents: number;
  payment_method: string;
  provider: PaymentProvider;
  provider_reference: string | null;
  status: PaymentStatus;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  refunded_at: string | null;
  /** One per booking for attempts the site makes (migration 2026_11_25_1210); null on older rows */
  idempotency_key: string | null;
}

export type PayoutStatus = "completed" | "pending" | "failed";

export interface CleanerPayoutsTable {
  id: string;
  cleaner_id: string;
  amount_cents: number;
  status: PayoutStatus;
  payout_date: string;
  reference: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  /** The Sydney dates the payout pays for, both included (migration 2026_11_25_1250); null when not given */
  period_start?: string | null;
  period_end?: string | null;
}

export type TransactionType = "payment" | "payout" | "refund";
export type TransactionStatus = "completed" | "pending" | "failed";

export interface TransactionsTable {
  id: string;
  /** The reference shown in the finance table: a booking or payout reference */
  reference_id: string;
  description: string;
  type: TransactionType;
  /** Always positive; the type says which way the money went */
  amount_cents: number;
  /** Service category of payments and refunds, e.g. Residential */
  category: string | null;
  status: TransactionStatus;
  payment_id: string | null;
  payout_id: string | null;
  created_at: string;
  /** Sydney's date of created_at (docs/decisions/0009-sydney-time-and-money.md), YYYY-MM-DD: written with the row by app/features/ledger */
  sydney_date: string;
}

// Pre-aggregates of the dashboard (migration 2026_11_22_1500).

/** Completed ledger amounts per Sydney date, type and category, kept by app/features/ledger. */
export interface DailyRollupsTable {
  sydney_date: string;
  type: TransactionType;
  /** '' for transactions without a category */
  category: string;
  amount_cents: number;
  completed_count: number;
}

/**
 * Completed ledger amounts per UTC hour of created_at (YYYY-MM-DDTHH, its first 13 characters),
 * type and category, kept by app/features/ledger with the daily rollups.
 */
export interface HourlyRollupsTable {
  utc_hour: string;
  type: TransactionType;
  /** '' for transactions without a category */
  category: string;
  amount_cents: number;
  completed_count: number;
}

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

export type AssignmentStatus = "pending" | "accepted" | "declined" | "expired" | "cancelled";

export interface AssignmentsTable {
  id: string;
  quote_id: string;
  booking_id: string | null;
  cleaner_id: string;
  scheduled_date: string;
  time_slot: string;
  status: AssignmentStatus;
  response_deadline: string;
  /** SHA-256 of the token in the accept/decline link */
  token_hash: string;
  responded_at: string | null;
  previous_quote_status: QuoteStatus | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export type InvoiceStatus = "draft" | "sent" | "paid" | "void";

export interface InvoicesTable {
  id: string;
  number: string;
  quote_id: string;
  booking_id: string | null;
  /** GST-inclusive */
  amount_cents: number;
  gst_cents: number;
  status: InvoiceStatus;
  issued_at: string | null;
  due_at: string | null;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
  /**
   * What the invoice said when issued, as JSON (migration 2026_11_25_1410); null on rows written
   * before it (the demo seed's). Optional so writers that predate it need not name it.
   */
  details?: string | null;
}

/** One counter per invoice number series (migration 2026_11_25_1410): gap-free numbers. */
export interface InvoiceNumbersTable {
  series: string;
  last_number: number;
}

/** A client's personal review link (migration 2026_11_25_1410); works once. */
export interface ReviewRequestsTable {
  id: string;
  quote_id: string;
  /** SHA-256 of the token in the link */
  token_hash: string;
  created_at: string;
  used_at: string | null;
  review_id: string | null;
}

export interface ReviewsTable {
  id: string;
  client_name: string;
  location: string | null;
  /** 1 to 5 */
  rating: number;
  comment: string;
  photo_url: string | null;
  verified: number;
  /** docs/decisions/0023-honest-reviews.md: staff choose which verified reviews the home page shows */
  show_on_home: number;
  service_label: string | null;
  cleaner_id: string | null;
  quote_id: string | null;
  created_at: string;
  updated_at: string;
}

export type ImageSourceKind = "upload" | "unsplash";

/** Either image_key (source upload) or url (source unsplash) is set, never both */
interface PlacedImageColumns {
  source: ImageSourceKind;
  image_key: string | null;
  url: string | null;
  width: number;
  height: number;
  alt: string;
  credit: string | null;
  created_at: string;
  updated_at: string;
}

export interface BackgroundImagesTable extends PlacedImageColumns {
  id: string;
  title: string;
  sort_order: number;
}

// Defined in lib/ so the home page's room cards can name it without importing server code.
export type { RoomKey };

export interface RoomImagesTable extends PlacedImageColumns {
  id: string;
  room: RoomKey;
}

export interface ContactMessagesTable {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  message: string;
  created_at: string;
  handled_at: string | null;
}

export interface SuburbsTable {
  id: string;
  name: string;
  postcode: string;
  state: string;
  lat: number | null;
  lng: number | null;
  in_greater_sydney: number;
}

// Migration 2026_11_22_1000_auth: merged into the staff_users row type declared above.
export interface StaffUsersTable {
  /** The last TOTP time step accepted, so no code is accepted twice */
  totp_last_step: number | null;
}

/** Bookings that hold a place per Sydney date and time slot (migration 2026_11_25_1200). */
export interface BookingSlotCountsTable {
  scheduled_date: string;
  time_slot: string;
  booked: number;
}

/** Live leads and their totals per board column and filter values, kept by triggers (migration 2026_11_25_1310). */
export interface LeadBoardTotalsTable {
  lead_status: LeadStatus;
  status: QuoteStatus;
  service_type: ServiceType;
  leads: number;
  total_cents: number;
}
