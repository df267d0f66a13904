import type { Selectable } from "kysely";

// Saved cards and their off-session charges (migration 2026_11_30_1000,
// docs/decisions/0074-saved-cards-and-off-session-charges.md). No card number is ever stored.

export interface SavedCardsTable {
  id: string;
  customer_id: string;
  /** test | stripe: the provider that holds the card */
  provider: string;
  /** Stripe's customer id (cus_…); null for the test provider */
  provider_customer_id: string | null;
  /** Stripe's payment method id (pm_…), or the test provider's own */
  payment_method_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  created_at: string;
  /** Set when the customer removed it (or saved another); the card is then never charged */
  removed_at: string | null;
}

export type SavedCardRow = Selectable<SavedCardsTable>;

/** pending: claimed, the provider's answer not yet recorded */
export type CardChargeStatus = "pending" | "succeeded" | "declined" | "requires_action" | "skipped";

export interface CardChargesTable {
  id: string;
  booking_id: string;
  /** 1 for the first try; unique with booking_id */
  attempt: number;
  saved_card_id: string;
  amount_cents: number;
  /** Sent to the provider, so a retried call after a crash is the same charge */
  idempotency_key: string;
  status: CardChargeStatus;
  provider_reference: string | null;
  failure_code: string | null;
  /** When the business was told this failed try was the last (migration 2026_12_01_1100) */
  alerted_at: string | null;
  created_at: string;
  updated_at: string;
}

export type CardChargeRow = Selectable<CardChargesTable>;
