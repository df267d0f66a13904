import { z } from "zod";
import { isPlainMultiLine, MULTI_LINE_CONTROL_MESSAGE } from "~/lib/field-rules";
import { labelKeys } from "~/lib/label-keys";
import type { LeadStatus, QuoteStatus, ServiceType } from "~/server/database";

// The leads screen's words, filters and shapes, shared by its loader and its page
// (docs/product/back-office.md#lead-management, docs/decisions/0015-lead-filters.md).

/** docs/product/back-office.md#statuses-and-flows: the board's five columns, in order. */
export const BOARD_COLUMN_TITLES: Record<LeadStatus, string> = {
  new: "New Leads",
  contacted: "In Contact",
  qualified: "Qualified",
  booked: "Booked",
  lost: "Lost",
};

export const LEAD_STATUSES = labelKeys(BOARD_COLUMN_TITLES);

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  pending: "Pending",
  pending_quote: "Awaiting staff quote",
  pending_payment: "Awaiting payment",
  assigned: "Assigned",
  completed: "Completed",
  cancelled: "Cancelled",
};

export const QUOTE_STATUSES = labelKeys(QUOTE_STATUS_LABELS);

export const SERVICE_TYPE_NAMES: Record<ServiceType, string> = {
  residential: "Residential",
  commercial: "Commercial",
  "post-construction": "Post-construction request",
  subscription: "Subscription request",
};

export const SERVICE_TYPES = labelKeys(SERVICE_TYPE_NAMES);

/** Requests that staff price themselves carry a label on the list and the board. */
export function requestLabel(serviceType: ServiceType) {
  if (serviceType === "post-construction") return "Post-construction";
  if (serviceType === "subscription") return "Subscription";
  return null;
}

export const LEAD_VIEWS = ["list", "board"] as const;
export type LeadView = (typeof LEAD_VIEWS)[number];

/** The cookie that remembers the list or board choice. */
export const LEAD_VIEW_COOKIE = "leads_view";

/** The page's query string; anything unknown is ignored rather than refused. */
export const LeadFilterSchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  status: z.enum(QUOTE_STATUSES).optional().catch(undefined),
  lead: z.enum(LEAD_STATUSES).optional().catch(undefined),
  type: z.enum(SERVICE_TYPES).optional().catch(undefined),
  view: z.enum(LEAD_VIEWS).optional().catch(undefined),
  after: z.string().max(500).optional().catch(undefined),
  before: z.string().max(500).optional().catch(undefined),
});
export type LeadFilter = z.infer<typeof LeadFilterSchema>;

export const LOST_REASON_MAX = 500;

/**
 * docs/decisions/0057-paid-work-to-lost-needs-a-reason.md: a reason, required (by the service)
 * only when the lead has paid or completed work and goes to Lost.
 */
export const LostReasonSchema = z
  .string()
  .trim()
  .max(LOST_REASON_MAX, `Keep the reason under ${LOST_REASON_MAX} characters.`)
  .refine(isPlainMultiLine, MULTI_LINE_CONTROL_MESSAGE)
  .optional()
  .transform((value) => value || undefined);

export const MoveLeadSchema = z.object({
  intent: z.literal("move"),
  id: z.string().min(1).max(100),
  to: z.enum(LEAD_STATUSES),
  reason: LostReasonSchema,
});

export const LeadIdSchema = z.object({
  intent: z.enum(["delete", "restore"]),
  id: z.string().min(1).max(100),
});

export const STAFF_NOTES_MAX = 5000;

export const StaffNotesSchema = z.object({
  intent: z.literal("notes"),
  notes: z
    .string()
    .max(
      STAFF_NOTES_MAX,
      `Notes can be at most ${STAFF_NOTES_MAX.toLocaleString("en-AU")} characters.`,
    )
    .optional()
    .transform((value) => value?.trim() ?? ""),
});

export const LEADS_TEXT = {
  empty: "No quotes found matching your criteria",
  searchPlaceholder: "Search leads...",
  moveFailed: "The lead could not be moved. It is back where it was.",
  refreshFailed: "The leads could not be refreshed. Try again in a moment.",
  notFound: "That lead no longer exists.",
  deleted: (name: string) => `Lead for ${name} deleted`,
  restored: (name: string) => `Lead for ${name} restored`,
  moved: (name: string, column: string) => `${name} moved to ${column}`,
  lostReasonRequired: "Give a reason for moving paid or completed work to Lost.",
  lostTitle: (name: string) => `Move ${name} to Lost?`,
  lostDescription:
    "This lead has a paid or completed booking. Moving it to Lost does not cancel or refund anything. Say why it is lost: the reason is kept in the lead's timeline.",
  lostReasonLabel: "Reason",
  lostConfirm: "Move to Lost",
  noCrew: "No cleaner yet",
  notesSaved: "Notes saved",
  unknown: "That request was not understood.",
  overdueQuote: "Quote due: over 20 hours waiting",
  followedUp: (count: number) => (count > 1 ? "Followed up twice" : "Followed up"),
};

/** A lead as the list and the board show it (dates formatted on the server, in Sydney). */
export type LeadSummary = {
  id: string;
  reference: string;
  name: string;
  email: string;
  phone: string | null;
  /** The customer's page in the back office, once the lead has a customer account */
  customerHref: string | null;
  serviceType: ServiceType;
  service: string;
  requestLabel: string | null;
  level: string | null;
  hours: number | null;
  total: string | null;
  totalCents: number | null;
  status: QuoteStatus;
  statusLabel: string;
  leadStatus: LeadStatus;
  created: { iso: string; label: string; age: string };
  /** docs/decisions/0027-lead-lifecycle.md: a staff quote promised within 24 hours, flagged at 20. */
  quoteOverdue: boolean;
  /** The latest offer: its status and the cleaner it went to */
  assignment: { status: string; label: string; cleaner: string; expires: string | null } | null;
  /** The live booking's day and time ("Thu, 26 Nov 2026, 4:00 PM"), when booked */
  jobDate: string | null;
  /** The names of the cleaners who accepted the job; empty for none */
  crew: string[];
  /** "1 of 2 cleaners" for a booked crew of more than one; null otherwise */
  staffing: string | null;
  /** docs/decisions/0057-paid-work-to-lost-needs-a-reason.md: Lost asks for a reason */
  paidOrCompleted: boolean;
  /** Follow-up emails sent about the quote, 0 to 2 (docs/decisions/0077-quote-follow-ups.md) */
  followUps: number;
  /** Whether its total counts in its board column's sum: still live (liveInColumnTotal) */
  inColumnTotal: boolean;
  /** What it adds to its column's sum: its total less any part refund, 0 when not live */
  columnCents: number;
};

export type BoardColumn = {
  leadStatus: LeadStatus;
  title: string;
  /** Every lead in the column, live or not: each has its card */
  count: number;
  /** The sum of the live leads' totals (liveInColumnTotal), and what it means */
  total: string;
  totalCents: number;
  totalLabel: string;
  cards: LeadSummary[];
};

/**
 * docs/decisions/0044-figures-by-permission.md: a column's sum is what is still live in it. A
 * cancelled quote, or one whose payment was refunded, keeps its card but not its money.
 */
export function liveInColumnTotal(status: QuoteStatus, refunded: boolean) {
  return status !== "cancelled" && !refunded;
}

/** What each column's sum says it is: the Booked column's is money booked, the others' quoted. */
export const BOARD_TOTAL_LABELS: Record<LeadStatus, string> = {
  new: "Live quotes total",
  contacted: "Live quotes total",
  qualified: "Live quotes total",
  booked: "Live bookings total",
  lost: "Live quotes total",
};

/** The same, in full, for the label's description. */
export const BOARD_TOTAL_DESCRIPTION =
  "The sum of the totals in this column, leaving out cancelled and refunded quotes.";
