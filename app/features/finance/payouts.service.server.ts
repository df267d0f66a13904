import type { Kysely } from "kysely";
import { decodeCursor, encodeCursor } from "~/components/kit/keyset";
import { recordTransaction, setTransactionStatus } from "~/features/ledger/ledger.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { decryptField, maskTail } from "~/lib/crypto.server";
import type { FieldErrors } from "~/lib/field-errors";
import { parseForm } from "~/lib/forms";
import { newId, newReference } from "~/lib/ids";
import { addDays, mondayOf, sydneyDate } from "~/lib/sydney-time";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database, PayoutStatus } from "~/server/database";
import {
  findCleanerName,
  findPayableCleaners,
  findPayout,
  findPayoutByReference,
  findPayoutsPage,
  findPayoutTransactionId,
  insertPayout,
  sumCompletedJobHours,
  updatePayoutStatusIf,
} from "./finance.repository.server";
import { FINANCE_TEXT, NewPayoutSchema } from "./finance.schema";
import { sydneyDateRange } from "./finance-time";

// Cleaner payouts (docs/product/back-office.md#finance, docs/decisions/0014-buttons-that-work.md):
// owners record a pending payout and mark it paid; paying writes the payout's one ledger row.
// Bank details are decrypted here only to mask them (docs/decisions/0011-encrypted-bank-details.md).

export const PAYOUTS_PAGE_SIZE = 50;
export const PAYOUT_STATUS_CHANGED = "payout.status_changed";
export const PAYOUT_CREATED = "payout.created";
export const NO_BANK_ACCOUNT = "Not provided";

export type Actor = { staffId: string; ip: string | null };

export type PayoutRow = {
  id: string;
  cleanerName: string;
  amountCents: number;
  status: PayoutStatus;
  /** Bank name and the account number's last four digits, the rest masked */
  bankAccount: string;
  payoutDate: string;
  reference: string;
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

function toRows(rows: StoredPayout[], mask: (row: StoredPayout) => string): PayoutRow[] {
  return rows.map((row) => ({
    id: row.id,
    cleanerName: row.cleaner_name,
    amountCents: row.amount_cents,
    status: row.status,
    bankAccount: mask(row),
    payoutDate: row.payout_date,
    reference: row.reference,
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

/**
 * What a cleaner earned in a period: the hours of the jobs they finished in it at the business's
 * cleaner pay rate (per hour, in the settings).
 */
export async function suggestPayout(
  db: Kysely<Database>,
  input: { cleanerId: string; periodStart: string; periodEnd: string },
) {
  const { from, to } = sydneyDateRange(input.periodStart, input.periodEnd);
  const [work, profile] = await Promise.all([
    sumCompletedJobHours(
      db,
      input.cleanerId,
      new Date(from).toISOString(),
      new Date(to).toISOString(),
    ),
    getBusinessProfile(db),
  ]);
  return {
    jobs: work.jobs,
    hours: work.hours,
    rateCents: profile.cleanerPayRateCents,
    amountCents: Math.round(work.hours * profile.cleanerPayRateCents),
  };
}

type NewPayoutField = "cleanerId" | "amount" | "periodStart" | "periodEnd" | "reference";
export type CreatePayoutResult =
  | { ok: true; reference: string }
  | {
      ok: false;
      fieldErrors: FieldErrors<NewPayoutField>;
      values?: Partial<Record<NewPayoutField, string>>;
    };

/** Records a pending payout from the New Payout form, with its audit entry. */
export async function createPayout(
  db: Kysely<Database>,
  form: FormData,
  actor: Actor,
  now = new Date(),
): Promise<CreatePayoutResult> {
  const parsed = parseForm(form, NewPayoutSchema);
  if (!parsed.ok) return parsed;
  const input = parsed.value;
  if (!(await findCleanerName(db, input.cleanerId))) {
    return { ok: false, fieldErrors: { cleanerId: FINANCE_TEXT.cleanerNotFound } };
  }
  const reference = input.reference ?? newReference("PO");
  if (await findPayoutByReference(db, reference)) {
    return { ok: false, fieldErrors: { reference: FINANCE_TEXT.referenceTaken } };
  }
  const at = now.toISOString();
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await insertPayout(trx, {
      id,
      cleaner_id: input.cleanerId,
      amount_cents: input.amount,
      status: "pending",
      payout_date: sydneyDate(now),
      reference,
      created_by: actor.staffId,
      created_at: at,
      updated_at: at,
      period_start: input.periodStart,
      period_end: input.periodEnd,
    });
    await insertAuditEntry(trx, {
      id: newId(),
      actor_type: "staff",
      actor_id: actor.staffId,
      action: PAYOUT_CREATED,
      subject_type: "payout",
      subject_id: id,
      details: JSON.stringify({ amountCents: input.amount, reference }),
      ip: actor.ip,
      created_at: at,
    });
  });
  return { ok: true, reference };
}

export type MarkPaidResult = "paid" | "already-paid" | "not-pending" | "not-found";

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
  return db.transaction().execute(async (trx) => {
    for (;;) {
      const payout = await findPayout(trx, payoutId);
      if (!payout) return "not-found";
      if (payout.status === "completed") return "already-paid";
      if (payout.status !== "pending") return "not-pending";
      const moved = await updatePayoutStatusIf(trx, payoutId, "pending", {
        status: "completed",
        payout_date: sydneyDate(now),
        updated_at: at,
      });
      if (!moved) continue;
      await insertAuditEntry(trx, {
        id: newId(),
        actor_type: "staff",
        actor_id: actor.staffId,
        action: PAYOUT_STATUS_CHANGED,
        subject_type: "payout",
        subject_id: payoutId,
        details: JSON.stringify({ from: "pending", to: "completed" }),
        ip: actor.ip,
        created_at: at,
      });
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
      return "paid";
    }
  });
}

/** The New Payout form's period: last week, Monday to Sunday in Sydney. */
export function defaultPayoutPeriod(now = new Date()) {
  const start = addDays(mondayOf(sydneyDate(now)), -7);
  return { start, end: addDays(start, 6) };
}
