import type { Kysely } from "kysely";
import { decodeCursor, encodeCursor } from "~/components/kit/keyset";
import { recordTransaction, setTransactionStatus } from "~/features/ledger/ledger.server";
import { decryptField, maskTail } from "~/lib/crypto.server";
import { newId } from "~/lib/ids";
import { failure, type Result } from "~/lib/result";
import { addDays, mondayOf, sydneyDate } from "~/lib/sydney-time";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database, OtherPaymentReason, PayoutStatus } from "~/server/database";
import {
  findPayableCleaners,
  findPayout,
  findPayoutsPage,
  findPayoutTransactionId,
  updatePayoutStatusIf,
} from "./finance.repository.server";
import { BEFORE_PAY_RUNS_LABEL, FINANCE_TEXT, OTHER_PAYMENT_REASON_LABELS } from "./finance.schema";
import type { Actor } from "./new-payout.service.server";
import { findOverlappingPayouts, lockCleanerForPayout } from "./payouts.repository.server";

// Cleaner payouts (docs/product/back-office.md#finance, docs/decisions/0014-buttons-that-work.md):
// owners record a pending payout (new-payout.service.server.ts), mark it paid (confirmed first in
// the table), or send a failed one again; paying writes the payout's one ledger row.
// Bank details are decrypted here only to mask them (docs/decisions/0011-encrypted-bank-details.md).

export const PAYOUTS_PAGE_SIZE = 50;
export const PAYOUT_STATUS_CHANGED = "payout.status_changed";
export const NO_BANK_ACCOUNT = "Not provided";

export type PayoutRow = {
  id: string;
  cleanerName: string;
  amountCents: number;
  status: PayoutStatus;
  /** Bank name and the account number's last four digits, the rest masked */
  bankAccount: string;
  payoutDate: string;
  reference: string;
  /** Why it was recorded for a period already paid; null on an ordinary payout */
  adjustmentReason: string | null;
  /**
   * What it is for, "Bonus" or "Reimbursement"
   * (docs/decisions/0092-pay-basis-and-other-payments.md), or "Work (before pay runs)" on a payout
   * recorded before pay runs, which has no reason
   */
  reasonLabel: string;
  /** The note typed with the reason, if any */
  reasonNote: string | null;
};

type StoredPayout = Awaited<ReturnType<typeof findPayoutsPage>>[number];

/** Masks each cleaner's account once per call; the plain number never leaves this function. */
function bankAccountMasker(encryptionKey: string) {
  const masked = new Map<string, string>();
  return (row: StoredPayout) => {
    let text = masked.get(row.cleaner_id);
    if (text === undefined) {
      text = NO_BANK_ACCOUNT;
      if (row.account_number_encrypted) {
        try {
          const last4 = maskTail(decryptField(encryptionKey, row.account_number_encrypted));
          text = row.bank_name ? `${row.bank_name} ${last4}` : last4;
        } catch {
          text = "Unreadable";
        }
      }
      masked.set(row.cleaner_id, text);
    }
    return text;
  };
}

const reasonLabel = (kind: OtherPaymentReason | null) =>
  kind === null ? BEFORE_PAY_RUNS_LABEL : OTHER_PAYMENT_REASON_LABELS[kind];

function toRows(rows: StoredPayout[], mask: (row: StoredPayout) => string): PayoutRow[] {
  return rows.map((row) => ({
    id: row.id,
    cleanerName: row.cleaner_name,
    amountCents: row.amount_cents,
    status: row.status,
    bankAccount: mask(row),
    payoutDate: row.payout_date,
    reference: row.reference,
    adjustmentReason: row.adjustment_reason,
    reasonLabel: reasonLabel(row.reason_kind),
    reasonNote: row.reason_note,
  }));
}

/** Payouts newest first (docs/product/back-office.md#calls), one keyset page. */
export async function getPayoutsPage(
  db: Kysely<Database>,
  { after, encryptionKey }: { after?: string; encryptionKey: string },
  limit = PAYOUTS_PAGE_SIZE,
) {
  const rows = await findPayoutsPage(db, { after: decodeCursor(after), limit: limit + 1 });
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    payouts: toRows(shown, bankAccountMasker(encryptionKey)),
    nextCursor:
      rows.length > limit && last ? encodeCursor({ value: last.created_at, id: last.id }) : null,
  };
}

/** Every payout, newest first, in keyset batches: what the export streams. */
export async function* payoutsForExport(
  db: Kysely<Database>,
  { encryptionKey, batch = 2000 }: { encryptionKey: string; batch?: number },
): AsyncGenerator<PayoutRow[]> {
  const mask = bankAccountMasker(encryptionKey);
  let after: { value: string; id: string } | null = null;
  for (;;) {
    const rows = await findPayoutsPage(db, { after, limit: batch });
    if (rows.length === 0) return;
    yield toRows(rows, mask);
    if (rows.length < batch) return;
    const last = rows.at(-1)!;
    after = { value: last.created_at, id: last.id };
  }
}

export async function listPayableCleaners(db: Kysely<Database>) {
  return findPayableCleaners(db);
}

export type MarkPaidResult = Result;

const payoutNotFound = () => failure("not_found", FINANCE_TEXT.payoutNotFound);

/**
 * Completes a pending payout: a compare-and-set pending -> completed with its audit entry, and its
 * one `payout` row in the ledger (the pending row it already has moved to completed, or a new
 * completed one), all in one transaction. A second call, concurrent or later, finds it paid and
 * writes nothing: a payout is never paid twice.
 */
export async function markPayoutPaid(
  db: Kysely<Database>,
  payoutId: string,
  actor: Actor,
  now = new Date(),
): Promise<MarkPaidResult> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx): Promise<MarkPaidResult> => {
    for (;;) {
      const payout = await findPayout(trx, payoutId);
      if (!payout) return payoutNotFound();
      if (payout.status === "completed") return failure("conflict", FINANCE_TEXT.alreadyPaid);
      if (payout.status !== "pending") return failure("conflict", FINANCE_TEXT.notPending);
      const moved = await updatePayoutStatusIf(trx, payoutId, "pending", {
        status: "completed",
        payout_date: sydneyDate(now),
        updated_at: at,
      });
      if (!moved) continue;
      await auditPayoutStatus(trx, { payoutId, from: "pending", to: "completed" }, actor, at);
      const existing = await findPayoutTransactionId(trx, payoutId);
      if (existing) {
        await setTransactionStatus(trx, existing, "completed");
      } else {
        await recordTransaction(trx, {
          id: newId(),
          reference_id: payout.reference,
          description: `Payout, ${payout.cleaner_name}`,
          type: "payout",
          amount_cents: payout.amount_cents,
          category: null,
          status: "completed",
          payment_id: null,
          payout_id: payoutId,
          created_at: at,
        });
      }
      return { ok: true };
    }
  });
}

async function auditPayoutStatus(
  trx: Kysely<Database>,
  change: { payoutId: string; from: PayoutStatus; to: PayoutStatus },
  actor: Actor,
  at: string,
) {
  await insertAuditEntry(trx, {
    id: newId(),
    actor_type: "staff",
    actor_id: actor.staffId,
    action: PAYOUT_STATUS_CHANGED,
    subject_type: "payout",
    subject_id: change.payoutId,
    details: JSON.stringify({ from: change.from, to: change.to }),
    ip: actor.ip,
    created_at: at,
  });
}

export type RetryResult = Result;

const notFailed = () => failure("conflict", FINANCE_TEXT.notFailed);

/**
 * Sends a failed payout again: failed -> pending by compare-and-set with its audit entry, and
 * its ledger row (if it has one) back to pending, so it is paid with Mark paid as a new payout
 * is. A payout for the work, recorded before pay runs, is refused when another such payout now
 * covers its period (docs/decisions/0043-payouts-and-refunds.md); an other payment never is
 * (docs/decisions/0092-pay-basis-and-other-payments.md). Two retries at once move it once.
 */
export async function retryPayout(
  db: Kysely<Database>,
  payoutId: string,
  actor: Actor,
  now = new Date(),
): Promise<RetryResult> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx): Promise<RetryResult> => {
    const found = await findPayout(trx, payoutId);
    if (!found) return payoutNotFound();
    // Read again under the cleaner's lock: a retry that ran meanwhile has moved it.
    await lockCleanerForPayout(trx, found.cleaner_id);
    const payout = (await findPayout(trx, payoutId))!;
    if (payout.status !== "failed") return notFailed();
    if (payout.reason_kind === null && payout.period_start && payout.period_end) {
      const overlap = await findOverlappingPayouts(trx, {
        cleanerId: payout.cleaner_id,
        start: payout.period_start,
        end: payout.period_end,
      });
      if (overlap.length > 0) {
        const references = overlap.map((p) => p.reference);
        return failure("conflict", FINANCE_TEXT.retryOverlap(references));
      }
    }
    const moved = await updatePayoutStatusIf(trx, payoutId, "failed", {
      status: "pending",
      payout_date: sydneyDate(now),
      updated_at: at,
    });
    if (!moved) return notFailed();
    await auditPayoutStatus(trx, { payoutId, from: "failed", to: "pending" }, actor, at);
    const existing = await findPayoutTransactionId(trx, payoutId);
    if (existing) await setTransactionStatus(trx, existing, "pending");
    return { ok: true };
  });
}

/** The New Payout form's period: last week, Monday to Sunday in Sydney. */
export function defaultPayoutPeriod(now = new Date()) {
  const start = addDays(mondayOf(sydneyDate(now)), -7);
  return { start, end: addDays(start, 6) };
}
