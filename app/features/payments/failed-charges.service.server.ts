import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import { chargeErrorLabel, triesLabel } from "./saved-card-copy";
import { findFailedCharges } from "./saved-cards.repository.server";

// The saved-card charges whose last try failed and whose visit is still unpaid
// (docs/decisions/0093-save-a-card-after-the-first-visit.md): Finance's "Failed card charges" and
// the lead's payment panel read them here, so both say the same.

export type FailedCardCharge = {
  bookingId: string;
  reference: string;
  quoteId: string;
  customerId: string | null;
  clientName: string;
  visitDate: string;
  amountCents: number;
  /** The provider's code of the last try, and what it means */
  errorCode: string | null;
  lastError: string;
  tries: number;
  failedAt: string;
  /** In a line, for the lead's payment panel */
  summary: string;
};

/** Newest first; `quoteId` narrows it to one lead's bookings. */
export async function listFailedCardCharges(
  db: Kysely<Database>,
  input: { quoteId?: string; limit?: number } = {},
): Promise<FailedCardCharge[]> {
  const rows = await findFailedCharges(db, { quoteId: input.quoteId, limit: input.limit ?? 100 });
  return rows.map((row) => ({
    bookingId: row.booking_id,
    reference: row.reference,
    quoteId: row.quote_id,
    customerId: row.customer_id,
    clientName: row.client_name,
    visitDate: row.scheduled_date,
    amountCents: row.amount_cents,
    errorCode: row.failure_code,
    lastError: chargeErrorLabel(row.failure_code),
    tries: row.attempt,
    failedAt: row.alerted_at ?? "",
    summary: `Failed after ${triesLabel(row.attempt)}: ${chargeErrorLabel(row.failure_code)}`,
  }));
}
