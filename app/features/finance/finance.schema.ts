import { z } from "zod";
import { CONTROL_CHARACTER_MESSAGE, isSingleLine } from "~/lib/field-rules";
import { isReference, newReference } from "~/lib/ids";
import type { TransactionType } from "~/server/database";

// docs/product/back-office.md#finance: the view selector, the period and type filters and the
// sort, all read from the URL (so a view can be linked, reloaded and exported as shown).

export const FINANCE_VIEWS = ["overview", "transactions", "payouts"] as const;
export type FinanceView = (typeof FINANCE_VIEWS)[number];
export const VIEW_LABELS: Record<FinanceView, string> = {
  overview: "Overview",
  transactions: "Transactions",
  payouts: "Other payments",
};

// docs/product/back-office.md#business-constants-and-limits: week (7 days), month (30 days),
// year; rolling, as docs/decisions/0021-one-definition-of-money-figures.md makes every period.
export const FINANCE_PERIODS = ["week", "month", "year"] as const;
export type FinancePeriod = (typeof FINANCE_PERIODS)[number];
export const PERIOD_DAYS: Record<FinancePeriod, number> = { week: 7, month: 30, year: 365 };
export const PERIOD_LABELS: Record<FinancePeriod, string> = {
  week: "Last 7 days",
  month: "Last 30 days",
  year: "Last 365 days",
};

export const TYPE_FILTERS = ["all", "payment", "payout", "refund", "tip"] as const;
export type TypeFilter = (typeof TYPE_FILTERS)[number];
export const TYPE_LABELS: Record<TypeFilter, string> = {
  all: "All types",
  payment: "Payment",
  payout: "Payout",
  refund: "Refund",
  tip: "Tip",
};

export const TRANSACTION_SORTS = ["date", "amount"] as const;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];

/** The finance screen's URL, read leniently: anything unknown reads as the default. */
export const FinanceQuerySchema = z.object({
  view: z.enum(FINANCE_VIEWS).catch("overview"),
  period: z.enum(FINANCE_PERIODS).catch("month"),
  type: z.enum(TYPE_FILTERS).catch("all"),
  sort: z.enum(TRANSACTION_SORTS).catch("date"),
  dir: z.enum(["asc", "desc"]).catch("desc"),
  after: z.string().max(500).optional().catch(undefined),
});
export type FinanceQuery = z.infer<typeof FinanceQuerySchema>;

export function parseFinanceQuery(params: URLSearchParams): FinanceQuery {
  return FinanceQuerySchema.parse({
    view: params.get("view") ?? undefined,
    period: params.get("period") ?? undefined,
    type: params.get("type") ?? undefined,
    sort: params.get("sort") ?? undefined,
    dir: params.get("dir") ?? undefined,
    after: params.get("after") ?? undefined,
  });
}

export const transactionTypeOf = (filter: TypeFilter): TransactionType | null =>
  filter === "all" ? null : filter;

export const FINANCE_TEXT = {
  loadError: "Failed to load financial data",
  payoutRecorded: "Payment recorded",
  payoutPaid: "Payout marked as paid",
  alreadyPaid: "This payout has already been paid.",
  notPending: "Only a pending payout can be marked paid.",
  payoutNotFound: "Payout not found",
  referenceTaken: "This reference is already used by another payout.",
  cleanerNotFound: "Choose a cleaner",
  applicantNotPaid:
    "This person is still an applicant: accept their application before paying them.",
  reasonKind: "Choose what this payment is for",
  reasonNote: "Say what this payment is for",
  payoutRetried: "Payout sent again",
  retryOverlap: (references: string[]) =>
    `Another payout now covers this period (${references.join(", ")}). Pay any difference as an other payment instead.`,
  notFailed: "Only a failed payout can be retried.",
  refundNotBookingPayment: "Only a booking's payment can be refunded here.",
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An amount typed in dollars (up to cents), read as cents above $0. */
const dollarsToCents = (example: string) =>
  z
    .string({ error: "Enter an amount" })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, `Enter an amount in dollars, e.g. ${example}`)
    .transform((value) => Math.round(Number(value) * 100))
    .refine((cents) => cents > 0, "The amount must be more than $0");

/**
 * What an other payment is for (docs/decisions/0092-pay-basis-and-other-payments.md): the work
 * itself is paid by pay runs, so a hand payment is a bonus, a reimbursement or something else,
 * which needs a note.
 */
export const OTHER_PAYMENT_REASONS = ["bonus", "reimbursement", "other"] as const;
export const OTHER_PAYMENT_REASON_LABELS: Record<(typeof OTHER_PAYMENT_REASONS)[number], string> = {
  bonus: "Bonus",
  reimbursement: "Reimbursement",
  other: "Other",
};
/** What a payout recorded before pay runs is for: the work itself; it has no reason stored. */
export const BEFORE_PAY_RUNS_LABEL = "Work (before pay runs)";

/** A reference for an other payment: "PO-7KQ4M2XP9T". */
export const newPayoutReference = () => newReference("PO");

/**
 * New other payment (docs/decisions/0014-buttons-that-work.md,
 * docs/decisions/0092-pay-basis-and-other-payments.md): the cleaner, what it is for, the amount
 * in dollars, the period it is for and an optional reference (when left blank, the one the form
 * was drawn with).
 */
export const NewPayoutSchema = z
  .object({
    cleanerId: z.string({ error: "Choose a cleaner" }).trim().min(1, "Choose a cleaner"),
    amount: dollarsToCents("320.00"),
    periodStart: z.string({ error: "Enter a start date" }).regex(DATE, "Enter a start date"),
    periodEnd: z.string({ error: "Enter an end date" }).regex(DATE, "Enter an end date"),
    reference: z
      .string()
      .trim()
      .max(40, "Use at most 40 characters")
      .regex(/^[A-Za-z0-9-]*$/, "Use letters, digits and hyphens only")
      .optional()
      .transform((value) => (value ? value.toUpperCase() : undefined)),
    /**
     * The reference made for this form when it was drawn (hidden): used when none is typed, so
     * the same form posted twice records one payment. One not of newReference's shape is
     * ignored and a fresh one made.
     */
    formReference: z
      .string()
      .optional()
      .transform((value) => (value && isReference(value) ? value : undefined)),
    reasonKind: z.enum(OTHER_PAYMENT_REASONS, { error: FINANCE_TEXT.reasonKind }),
    reasonNote: z
      .string()
      .trim()
      .max(200, "Use at most 200 characters")
      .refine(isSingleLine, CONTROL_CHARACTER_MESSAGE)
      .optional()
      .transform((value) => value || undefined),
  })
  .refine((value) => value.reasonKind !== "other" || value.reasonNote, {
    path: ["reasonNote"],
    message: FINANCE_TEXT.reasonNote,
  })
  .refine((value) => value.periodStart <= value.periodEnd, {
    path: ["periodEnd"],
    message: "The end date must not be before the start date",
  });
export type NewPayout = z.output<typeof NewPayoutSchema>;

/**
 * Refund from the Transactions view (docs/decisions/0043-payouts-and-refunds.md): the amount in
 * dollars (all that is left, or part of it) and the reason a partial refund needs.
 */
export const RefundSchema = z.object({
  transactionId: z.string({ error: "Choose a payment" }).trim().min(1).max(64),
  amount: dollarsToCents("50.00"),
  /** Cents left to refund when the dialog was drawn; a double press is refunded once */
  refundable: z.coerce.number().int().min(0).optional(),
  reason: z
    .string()
    .trim()
    .max(300, "Use at most 300 characters")
    .optional()
    .transform((value) => value || undefined),
});
