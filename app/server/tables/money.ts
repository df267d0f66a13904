import type { Generated, Insertable, Selectable } from "kysely";

// Money: payments, payouts, the finance ledger and its rollups, invoices (migrations
// 2026_11_22_0910, 2026_11_22_1500, 2026_11_25_1210, 2026_11_25_1250 and 2026_11_25_1410).
// Amounts are integer cents.

export type PaymentProvider = "test" | "stripe" | "manual";
export type PaymentStatus = "pending" | "paid" | "failed" | "refunded";

export interface PaymentsTable {
  id: string;
  quote_id: string;
  booking_id: string | null;
  amount_cents: number;
  /** Defaults to "card" */
  payment_method: Generated<string>;
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
  /**
   * Refunded so far (migration 2026_11_26_0932, docs/decisions/0043-payouts-and-refunds.md): the
   * payment stays paid until this reaches amount_cents, and is then refunded
   */
  refunded_cents: Generated<number>;
}

export type PaymentRow = Selectable<PaymentsTable>;
export type NewPayment = Insertable<PaymentsTable>;

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
  period_start: string | null;
  period_end: string | null;
  /**
   * Why a payout for a period already paid was recorded anyway (migration 2026_11_26_0931,
   * docs/decisions/0043-payouts-and-refunds.md); null on an ordinary payout, and on every other
   * payment, which no overlap refuses (docs/decisions/0092-pay-basis-and-other-payments.md)
   */
  adjustment_reason: string | null;
  /**
   * What an other payment is for (migration 2026_12_01_1000,
   * docs/decisions/0092-pay-basis-and-other-payments.md); null on a payout for work recorded
   * before pay runs
   */
  reason_kind: OtherPaymentReason | null;
  reason_note: string | null;
}

export type OtherPaymentReason = "bonus" | "reimbursement" | "other";

export type NewPayout = Insertable<CleanerPayoutsTable>;

/** A tip (docs/decisions/0078-tips-go-to-the-crew.md) is money in, held for the crew: never revenue */
export type TransactionType = "payment" | "payout" | "refund" | "tip";
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
  /**
   * Sydney's date of created_at (docs/decisions/0009-sydney-time-and-money.md), YYYY-MM-DD: written
   * with the row by app/features/ledger. Required on insert: the column's '' default exists only
   * because SQLite adds a NOT NULL column with one.
   */
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
   * before it (the demo seed's).
   */
  details: string | null;
}

export type NewInvoice = Insertable<InvoicesTable>;

/** One counter per invoice number series (migration 2026_11_25_1410): gap-free numbers. */
export interface InvoiceNumbersTable {
  series: string;
  last_number: number;
}

export type TipStatus = "pending" | "paid" | "failed";

/**
 * A customer's tip on a completed clean (migration 2026_11_29_1600,
 * docs/decisions/0078-tips-go-to-the-crew.md): paid by card, wholly the crew's.
 */
export interface TipsTable {
  id: string;
  booking_id: string;
  amount_cents: number;
  /** "test" or "stripe": the provider the tip is paid through */
  provider: PaymentProvider;
  /** The test charge id or the Stripe Checkout Session id */
  provider_reference: string | null;
  status: TipStatus;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
}

export type NewTip = Insertable<TipsTable>;

/** One crew seat's share of a paid tip (migration 2026_11_29_1600); the seats' shares sum to the tip. */
export interface TipSharesTable {
  id: string;
  tip_id: string;
  booking_id: string;
  cleaner_id: string;
  seat: number;
  amount_cents: number;
  /** The Sydney date the tip was paid, YYYY-MM-DD: the payout period it falls in */
  sydney_date: string;
  created_at: string;
}

export type NewTipShare = Insertable<TipSharesTable>;
