import { z } from "zod";

// The owners' audit screen (docs/decisions/0055-cleaner-edits-and-audit-log.md):
// its filters, its words for each action and the entry it shows. Client-safe.

/** A moment, as ISO for <time> and as Sydney wall-clock text (formatted once, on the server). */
export type Stamp = { iso: string; label: string };

export type AuditEntry = {
  id: string;
  at: Stamp;
  /** The member of staff by name, or the kind of actor (a customer, the system, a visitor). */
  who: string;
  action: string;
  actionLabel: string;
  /** What it touched, linked where the back office has a page for it. */
  subject: { label: string; href: string | null } | null;
  /** The entry's details as "Label: value" lines, with anything secret left out. */
  details: string[];
};

export type StaffOption = { id: string; name: string };

/**
 * The actions the app records, in words. An action missing here (a new one) is still shown, its
 * name turned into words, and can still be filtered by its URL.
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "assignment.accepted": "Job offer accepted",
  "assignment.declined": "Job offer declined",
  "assignment.expired": "Job offer expired",
  "assignment.offered": "Job offered to a cleaner",
  "assignment.status_changed": "Job offer status changed",
  "booking.cancelled": "Booking cancelled",
  "booking.created": "Booking made",
  "booking.hold_released": "Unpaid booking released",
  "booking.pay_on_the_day": "Booking set to pay on the day",
  "booking.rescheduled": "Booking moved",
  "booking.unstaffed_alert": "Booking still without a cleaner",
  "cleaner.bank_details_changed": "Cleaner's bank details changed",
  "cleaner.details_changed": "Cleaner's contact details changed",
  "cleaner.payment_details_revealed": "Cleaner's payment details revealed",
  "cleaner.police_check_lapsing": "Cleaner's police check lapsing",
  "cleaner.police_check_recorded": "Cleaner's police check recorded",
  "cleaner.status_changed": "Cleaner's status changed",
  "cleaner.time_off_added": "Cleaner's time off added",
  "cleaner.time_off_removed": "Cleaner's time off removed",
  "contact_message.status_changed": "Contact message status changed",
  "customer.details_changed": "Customer changed their details",
  "customer.magic_link_sent": "Customer sign-in link sent",
  "customer.signed_in": "Customer signed in",
  "invoice.issued": "Invoice issued",
  "lead.booking_cancelled": "Lead's booking cancelled",
  "lead.booking_rescheduled": "Lead's booking moved",
  "lead.cleaner_reasked": "Cleaner asked again",
  "lead.cleaner_released": "Cleaner released from a job",
  "lead.deleted": "Lead deleted",
  "lead.job_completed": "Job completed",
  "lead.message_sent": "Message sent to a client",
  "lead.notes_changed": "Lead notes changed",
  "lead.quote_sent": "Quote sent",
  "lead.restored": "Lead restored",
  "lead.review_requested": "Review requested",
  "lead.status_changed": "Lead status changed",
  "outbox.redelivered": "Message sent again",
  "payment.declined": "Payment declined",
  "payment.duplicate_charge": "Duplicate charge",
  "payment.paid": "Payment received",
  "payment.refunded": "Payment refunded",
  "payout.created": "Payout created",
  "payout.status_changed": "Payout status changed",
  "quote.status_changed": "Quote status changed",
  "quote.webhook_failed": "Quote webhook failed",
  "settings.police_check_years_updated": "Police check period changed",
  "settings.staff_sign_in_updated": "Staff sign-in settings changed",
  "staff.account_created": "Staff account created",
  "staff.deactivated": "Staff member deactivated",
  "staff.invitation_accepted": "Invitation accepted",
  "staff.invited": "Staff member invited",
  "staff.password_changed": "Password changed",
  "staff.password_reset": "Password reset",
  "staff.password_reset_requested": "Password reset requested",
  "staff.reactivated": "Staff member reactivated",
  "staff.role_changed": "Staff role changed",
  "staff.sign_in_failed": "Sign-in failed",
  "staff.sign_in_throttled": "Sign-in slowed down",
  "staff.signed_in": "Signed in",
  "staff.signed_out": "Signed out",
  "staff.two_factor_disabled": "Two-factor sign-in turned off",
  "staff.two_factor_enabled": "Two-factor sign-in turned on",
};

/** The action in words: "cleaner.time_off_added" -> "Cleaner: time off added" when not listed. */
export function actionLabel(action: string) {
  const known = AUDIT_ACTION_LABELS[action];
  if (known) return known;
  const [kind = "", ...rest] = action.split(".");
  const words = (text: string) => text.replace(/_/g, " ");
  const head = words(kind).replace(/^./, (first) => first.toUpperCase());
  return rest.length > 0 ? `${head}: ${words(rest.join("."))}` : head;
}

export const AUDIT_ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

export const AUDIT_TEXT = {
  title: "Audit log",
  intro:
    "Who changed what, newest first, in Sydney time. Read only: entries are never edited or removed.",
  empty: "Nothing has been recorded yet.",
  emptyFiltered: "No entries match these filters.",
  show: "Show entries",
  clear: "Clear filters",
  newest: "Back to the newest",
  older: "Older entries",
  caption: "Audit log, newest first",
} as const;

const DATE_MESSAGE = "Please enter a date like 2026-11-26.";
const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/**
 * The screen's query string. A filter that is not one answers its message beside the field (the
 * page then lists nothing), rather than quietly showing everything.
 */
export const AuditFilterSchema = z
  .object({
    action: z.preprocess(
      blankToUndefined,
      z
        .string()
        .max(80, "Please choose an action from the list.")
        .regex(/^[a-z_]+(\.[a-z_]+)+$/, "Please choose an action from the list.")
        .optional(),
    ),
    who: z.preprocess(
      blankToUndefined,
      z.string().max(80, "Please choose someone from the list.").optional(),
    ),
    from: z.preprocess(blankToUndefined, z.iso.date(DATE_MESSAGE).optional()),
    to: z.preprocess(blankToUndefined, z.iso.date(DATE_MESSAGE).optional()),
    subject: z.preprocess(
      blankToUndefined,
      z.string().trim().max(120, "Please shorten the reference or id.").optional(),
    ),
    before: z.preprocess(blankToUndefined, z.string().max(500).optional()),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, {
    path: ["to"],
    message: "The end date must be on or after the start date.",
  });

export type AuditFilter = z.output<typeof AuditFilterSchema>;
export type AuditFilterField = Exclude<keyof AuditFilter, "before">;
