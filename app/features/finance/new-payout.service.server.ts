import type { Kysely } from "kysely";
import { listCleanerTips } from "~/features/payments/tips.service.server";
import { getBusinessProfile } from "~/features/settings/settings.service.server";
import { formatMoney } from "~/lib/format";
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
  sumCompletedJobHours,
} from "./finance.repository.server";
import { FINANCE_TEXT, NewPayoutSchema, type NewPayout } from "./finance.schema";
import { sydneyDateRange } from "./finance-time";
import { findOverlappingPayouts, lockCleanerForPayout } from "./payouts.repository.server";

// New other payment (docs/product/back-office.md#finance, renamed by
// docs/decisions/0092-pay-basis-and-other-payments.md): the suggested amount, and the pending
// payout it records with its reason (a bonus, a reimbursement or other, with a note). Other
// payments are cleaner_payouts rows, never timesheet lines, so no pay run ever takes one. One payout per cleaner and period: another for a period already paid is refused
// unless the owner records it as an adjustment with a reason
// (docs/decisions/0043-payouts-and-refunds.md).

export const PAYOUT_CREATED = "payout.created";

export type Actor = { staffId: string; ip: string | null };

/**
 * What a cleaner is still owed for a period: the hours of the jobs they finished in it at the
 * business's cleaner pay rate (per hour, in the settings), plus the tips paid to them in it
 * (docs/decisions/0078-tips-go-to-the-crew.md), less the payouts already recorded for an
 * overlapping period (pending or completed), never below $0.
 */
export async function suggestPayout(
  db: Kysely<Database>,
  input: { cleanerId: string; periodStart: string; periodEnd: string },
) {
  const { from, to } = sydneyDateRange(input.periodStart, input.periodEnd);
  const [work, profile, earlier, tips] = await Promise.all([
    sumCompletedJobHours(
      db,
      input.cleanerId,
      new Date(from).toISOString(),
      new Date(to).toISOString(),
    ),
    getBusinessProfile(db),
    findOverlappingPayouts(db, {
      cleanerId: input.cleanerId,
      start: input.periodStart,
      end: input.periodEnd,
    }),
    listCleanerTips(db, {
      cleanerId: input.cleanerId,
      from: input.periodStart,
      to: input.periodEnd,
    }),
  ]);
  const earnedCents = Math.round(work.hours * profile.cleanerPayRateCents);
  const alreadyPaidCents = earlier.reduce((sum, payout) => sum + payout.amount_cents, 0);
  return {
    jobs: work.jobs,
    hours: Math.round(work.hours * 100) / 100,
    rateCents: profile.cleanerPayRateCents,
    earnedCents,
    alreadyPaidCents,
    tipsCents: tips.totalCents,
    amountCents: Math.max(0, earnedCents + tips.totalCents - alreadyPaidCents),
  };
}

type NewPayoutField =
  | "cleanerId"
  | "amount"
  | "periodStart"
  | "periodEnd"
  | "reference"
  | "adjustmentReason"
  | "reasonKind"
  | "reasonNote";

/** A refusal, with what was typed when the form shows it again. */
type NewPayoutFailure = Failure<NewPayoutField> & {
  values?: Partial<Record<NewPayoutField, string>>;
  /** The period is already paid: the form offers "Record as an adjustment" */
  overlap?: boolean;
};

export type CreatePayoutResult =
  { ok: true; reference: string; adjustment: boolean } | NewPayoutFailure;

type Overlap = Awaited<ReturnType<typeof findOverlappingPayouts>>;

function overlapMessage(payouts: Overlap) {
  const list = payouts.map((p) => `${p.reference} (${formatMoney(p.amount_cents)})`).join(", ");
  return `This cleaner already has a payout for this period: ${list}. Change the period, or record this one as an adjustment with a reason.`;
}

const formValues = (form: FormData) =>
  Object.fromEntries(
    (
      [
        "cleanerId",
        "amount",
        "periodStart",
        "periodEnd",
        "reference",
        "reasonKind",
        "reasonNote",
      ] as const
    ).map((name) => [name, String(form.get(name) ?? "")]),
  );

/**
 * Records a pending payout from the New Payout form, with its audit entry. A period that shares
 * a day with one of the cleaner's pending or completed payouts is refused (next to the period)
 * unless the form says it is an adjustment and gives a reason; the reason is stored and audited.
 */
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
  return db.transaction().execute(async (trx): Promise<CreatePayoutResult> => {
    await lockCleanerForPayout(trx, input.cleanerId);
    const overlap = await findOverlappingPayouts(trx, {
      cleanerId: input.cleanerId,
      start: input.periodStart,
      end: input.periodEnd,
    });
    if (overlap.length > 0 && !input.adjustment) {
      const refused = fieldFailure("conflict", "periodStart", overlapMessage(overlap));
      return { ...refused, values: formValues(form), overlap: true };
    }
    const reason = overlap.length > 0 ? input.adjustmentReason! : null;
    await writePayout(trx, { input, reference, reason, overlap }, actor, now);
    return { ok: true, reference, adjustment: reason !== null };
  });
}

async function writePayout(
  trx: Kysely<Database>,
  payout: { input: NewPayout; reference: string; reason: string | null; overlap: Overlap },
  actor: Actor,
  now: Date,
) {
  const { input, reference, reason } = payout;
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
    adjustment_reason: reason,
    reason_kind: input.reasonKind,
    reason_note: input.reasonNote ?? null,
  });
  const adjustment =
    reason === null ? {} : { adjustment: reason, overlaps: payout.overlap.map((p) => p.reference) };
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
      ...adjustment,
    }),
    ip: actor.ip,
    created_at: at,
  });
}
