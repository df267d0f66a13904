import type { Kysely } from "kysely";
import { parseForm } from "~/lib/forms";
import { newId } from "~/lib/ids";
import { failure, fieldFailure, type Failure } from "~/lib/result";
import { sydneyDate } from "~/lib/sydney-time";
import { insertAuditEntry } from "~/server/audit-log.repository.server";
import type { Database } from "~/server/database";
import {
  findCleanerForPayout,
  findPayoutByReference,
  insertPayout,
} from "./finance.repository.server";
import {
  FINANCE_TEXT,
  NewPayoutSchema,
  newPayoutReference,
  type NewPayout,
} from "./finance.schema";
import { isReferenceTaken } from "./payouts.repository.server";

// New other payment (docs/product/back-office.md#finance,
// docs/decisions/0092-pay-basis-and-other-payments.md): the pending payout it records with its
// reason (a bonus, a reimbursement or other, with a note). Other payments are cleaner_payouts
// rows, never timesheet lines, so no pay run ever takes one. They are exempt from the one payout
// per cleaner and period rule of docs/decisions/0043-payouts-and-refunds.md: a bonus may be paid
// for a week a pay run or another payment already paid, and its amount is the office's to type,
// so nothing is suggested either. What keeps a double post to one payment is the reference: the
// form carries one made when it was drawn, and a reference already stored with the same details
// is that post again.

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
  const reference = input.reference ?? input.formReference ?? newPayoutReference();
  const stored = await findPayoutByReference(db, reference);
  if (stored) return answerStored(stored, input, reference);
  try {
    await db.transaction().execute((trx) => writePayout(trx, { input, reference }, actor, now));
  } catch (error) {
    if (!isReferenceTaken(error)) throw error;
    // The same reference sent twice at once: the read above let both through and the unique key
    // stopped this one, so it answers from the row the other wrote.
    const winner = await findPayoutByReference(db, reference);
    if (winner) return answerStored(winner, input, reference);
    return fieldFailure("conflict", "reference", FINANCE_TEXT.referenceTaken);
  }
  return { ok: true, reference };
}

type StoredPayout = NonNullable<Awaited<ReturnType<typeof findPayoutByReference>>>;

/**
 * A reference already stored: the same form posted again (a double click, a browser resending
 * it) is answered as the first post was and writes nothing; anything else under that reference
 * is refused beside it.
 */
function answerStored(
  stored: StoredPayout,
  input: NewPayout,
  reference: string,
): CreatePayoutResult {
  const samePost =
    stored.cleaner_id === input.cleanerId &&
    stored.amount_cents === input.amount &&
    stored.period_start === input.periodStart &&
    stored.period_end === input.periodEnd &&
    stored.reason_kind === input.reasonKind &&
    (stored.reason_note ?? null) === (input.reasonNote ?? null);
  if (samePost) return { ok: true, reference };
  return fieldFailure("conflict", "reference", FINANCE_TEXT.referenceTaken);
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
