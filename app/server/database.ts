import type {
  ApplicationDocumentsTable,
  ApplicationNotesTable,
  CleanerCalendarFeedsTable,
  CleanersTable,
  CleanerStatusChangesTable,
  CleanerTimeOffTable,
} from "./tables/cleaners";
import type {
  AssignmentsTable,
  BookingSlotCountsTable,
  BookingsTable,
  BookingTalliesTable,
  CleanerHoldsTable,
  HourlyBookingCountsTable,
  JobChecklistItemsTable,
  JobPhotosTable,
  JobProblemsTable,
  UnstaffedJobCountsTable,
} from "./tables/bookings";
import type {
  HourlyLeadCountsTable,
  LeadBoardTotalsTable,
  LeadConversionsTable,
  QuotesTable,
  UploadsTable,
} from "./tables/leads";
import type {
  CleanerPayoutsTable,
  DailyRollupsTable,
  HourlyRollupsTable,
  InvoiceNumbersTable,
  InvoicesTable,
  PaymentsTable,
  TipSharesTable,
  TipsTable,
  TransactionsTable,
} from "./tables/money";
import type {
  PayRunLinesTable,
  PayRunsTable,
  PayRunTipsTable,
  TimesheetLinesTable,
  MarginJobTalliesTable,
  MarginMonthlyTable,
} from "./tables/payroll";
import type { RecurringSeriesTable, SeriesOccurrencesTable } from "./tables/recurring";
import type { CardChargesTable, SavedCardsTable } from "./tables/saved-cards";
import type {
  CustomersTable,
  MagicLinkTokensTable,
  SessionsTable,
  StaffInvitationsTable,
  StaffPasswordResetsTable,
  StaffUsersTable,
} from "./tables/people";
import type {
  AuditLogTable,
  ContentVersionTable,
  DeliveryBannerDismissalsTable,
  IdempotencyKeysTable,
  OutboxAttemptsTable,
  OutboxMessagesTable,
  RateLimitsTable,
  SettingsTable,
} from "./tables/platform";
import type {
  BackgroundImagesTable,
  ContactMessagesTable,
  ImagesTable,
  ReviewRequestsTable,
  ReviewsTable,
  RoomImagesTable,
  SuburbsTable,
} from "./tables/site-content";
import type {
  BookingRemindersTable,
  QuoteFollowUpStopsTable,
  QuoteFollowUpsTable,
  SmsPreferencesTable,
} from "./tables/notifications";

export type * from "./tables/bookings";
export type * from "./tables/cleaners";
export type * from "./tables/leads";
export type * from "./tables/money";
export type * from "./tables/payroll";
export type * from "./tables/notifications";
export type * from "./tables/people";
export type * from "./tables/platform";
export type * from "./tables/recurring";
export type * from "./tables/saved-cards";
export type * from "./tables/site-content";

/**
 * One interface types every table; app/server/tables/ declares them by area. Columns use what
 * both SQLite and PostgreSQL share: ids as random text, timestamps as ISO-8601 UTC text, dates as
 * YYYY-MM-DD text, money as integer cents, booleans as 0/1 integers and JSON as text.
 * Repositories convert to domain types.
 *
 * A column is optional on insert only when the database fills it: a nullable column (typed
 * `T | null`) or one with a default (typed `Generated<T>`). Timestamps are always written by the
 * app, so they stay required.
 */
export interface Database {
  settings: SettingsTable;
  staff_users: StaffUsersTable;
  customers: CustomersTable;
  sessions: SessionsTable;
  staff_invitations: StaffInvitationsTable;
  staff_password_resets: StaffPasswordResetsTable;
  magic_link_tokens: MagicLinkTokensTable;
  rate_limits: RateLimitsTable;
  outbox_messages: OutboxMessagesTable;
  outbox_attempts: OutboxAttemptsTable;
  audit_log: AuditLogTable;
  images: ImagesTable;
  cleaners: CleanersTable;
  cleaner_status_changes: CleanerStatusChangesTable;
  cleaner_time_off: CleanerTimeOffTable;
  cleaner_calendar_feeds: CleanerCalendarFeedsTable;
  application_notes: ApplicationNotesTable;
  application_documents: ApplicationDocumentsTable;
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
  booking_tallies: BookingTalliesTable;
  hourly_booking_counts: HourlyBookingCountsTable;
  unstaffed_job_counts: UnstaffedJobCountsTable;
  assignments: AssignmentsTable;
  cleaner_holds: CleanerHoldsTable;
  job_checklist_items: JobChecklistItemsTable;
  job_problems: JobProblemsTable;
  job_photos: JobPhotosTable;
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
  timesheet_lines: TimesheetLinesTable;
  pay_runs: PayRunsTable;
  pay_run_lines: PayRunLinesTable;
  pay_run_tips: PayRunTipsTable;
  delivery_banner_dismissals: DeliveryBannerDismissalsTable;
  lead_board_totals: LeadBoardTotalsTable;
  booking_reminders: BookingRemindersTable;
  sms_preferences: SmsPreferencesTable;
  quote_follow_ups: QuoteFollowUpsTable;
  quote_follow_up_stops: QuoteFollowUpStopsTable;
  recurring_series: RecurringSeriesTable;
  series_occurrences: SeriesOccurrencesTable;
  tips: TipsTable;
  tip_shares: TipSharesTable;
  saved_cards: SavedCardsTable;
  card_charges: CardChargesTable;
  margin_job_tallies: MarginJobTalliesTable;
  margin_monthly: MarginMonthlyTable;
}
