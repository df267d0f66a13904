import type { Kysely } from "kysely";
import { parseForm } from "~/lib/forms";
import { newId, newReference } from "~/lib/ids";
import { failure, fieldFailure, type Failure } from "~/lib/result";
import { sydneyDate } from "~/lib/sydney-time";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database } from "~/server/database";
import {
  findCleanerForPayout,
  findPayoutByReference,
  insertPayout,
} from "./finance.repository.server";
import { FINANCE_TEXT, NewPayoutSchema, type NewPayout } from "./finance.schema";
import { isReferenceTaken } from "./payouts.repository.server";

// New other payment (docs/product/back-office.md#finance,
// docs/decisions/0092-pay-basis-and-other-payments.md): the pending payout it records with its
// reason (a bonus, a reimbursement or other, with a note). Other payments are cleaner_payouts
// rows, never timesheet lines, so no pay run ever takes one. They are exempt from the one payout
// per cleaner and period rule of docs/decisions/0043-payouts-and-refunds.md: a bonus may be paid
// for a week a pay run or another payment already paid, and its amount is the office's to type,
// so nothing is suggested either.

export const PAYOUT_CREATED = "payout.created";

export type Actor = { staffId: string; ip: string | null };

type NewPayoutField =
  "cleanerId" | "amount" | "periodStart" | "periodEnd" | "reference" | "reasonKind" | "reasonNote";

/** A refusal, with what was typed when the form shows it again. */
type NewPayoutFailure = Failure<NewPayoutField> & {
  values?: Partial<Record<NewPayoutField, string>>;
};

export type CreatePayoutResult = { ok: true; reference: string } | NewPayoutFailure;

/** Records a pending other payment from the New other payment form, with its audit entry. */
export async function createPayout(
  db: Kysely<Database>,
  form: FormData,
  actor: Actor,
  now = new Date(),
): Promise<CreatePayoutResult> {
  const parsed = parseForm(form, NewPayoutSchema);
  if (!parsed.ok) {
    const message = Object.values(parsed.fieldErrors)[0] ?? FINANCE_TEXT.cleanerNotFound;
    return { ...failure("malformed", message, parsed.fieldErrors), values: parsed.values };
  }
  const input = parsed.value;
  const cleaner = await findCleanerForPayout(db, input.cleanerId);
  if (!cleaner) return fieldFailure("invalid", "cleanerId", FINANCE_TEXT.cleanerNotFound);
  // Someone still applying has done no work for us: a direct post naming them is refused too.
  if (cleaner.status === "pending_review") {
    return fieldFailure("conflict", "cleanerId", FINANCE_TEXT.applicantNotPaid);
  }
  const reference = input.reference ?? newReference("PO");
  if (await findPayoutByReference(db, reference)) {
    return fieldFailure("conflict", "reference", FINANCE_TEXT.referenceTaken);
  }
  try {
    await db.transaction().execute((trx) => writePayout(trx, { input, reference }, actor, now));
  } catch (error) {
    // The same reference sent twice at once: the check above let both through, the key one.
    if (isReferenceTaken(error)) {
      return fieldFailure("conflict", "reference", FINANCE_TEXT.referenceTaken);
    }
    throw error;
  }
  return { ok: true, reference };
}

async function writePayout(
  trx: Kysely<Database>,
  payout: { input: NewPayout; reference: string },
  actor: Actor,
  now: Date,
) {
  const { input, reference } = payout;
  const at = now.toISOString();
  const id = newId();
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
    adjustment_reason: null,
    reason_kind: input.reasonKind,
    reason_note: input.reasonNote ?? null,
  });
  await insertAuditEntry(trx, {
    id: newId(),
    actor_type: "staff",
    actor_id: actor.staffId,
    action: PAYOUT_CREATED,
    subject_type: "payout",
    subject_id: id,
    details: JSON.stringify({
      amountCents: input.amount,
      reference,
      reason: input.reasonKind,
      ...(input.reasonNote ? { note: input.reasonNote } : {}),
    }),
    ip: actor.ip,
    created_at: at,
  });
}
