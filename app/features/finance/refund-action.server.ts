import { data } from "react-router";
import { formatMoney } from "~/lib/format";
import { parseForm } from "~/lib/forms";
import type { AppContext } from "~/server/context";
import type { PayoutActionResult } from "./components/new-payout-dialog";
import { FINANCE_TEXT, RefundSchema } from "./finance.schema";
import { refundTransaction, type TransactionRefund } from "./finance.service.server";

// The Transactions view's Refund (docs/product/back-office.md#finance,
// docs/decisions/0043-payouts-and-refunds.md): the form is parsed on the server, and an amount
// above what is left, or a partial refund without a reason, is answered next to its field.

const REFUSALS = {
  "already-refunded": ["This payment was already refunded.", 409],
  changed: ["This payment changed since you opened it. Check what is left and try again.", 409],
  "not-paid": ["This payment is not paid, so there is nothing to refund.", 409],
  "not-found": ["That payment no longer exists.", 404],
  "not-a-booking-payment": ["Only a booking's payment can be refunded here.", 400],
} as const;

function answer(outcome: TransactionRefund, amountCents: number) {
  if (outcome === "refunded") {
    const title = `Refunded ${formatMoney(amountCents)}`;
    return data<PayoutActionResult>({
      intent: "refund",
      ok: true,
      toast: { tone: "saved", title },
    });
  }
  if (outcome === "reason-needed" || typeof outcome === "object") {
    const fieldErrors: Record<string, string> =
      outcome === "reason-needed"
        ? { reason: FINANCE_TEXT.refundReasonNeeded }
        : { amount: FINANCE_TEXT.refundTooMuch(outcome.refundableCents) };
    return data<PayoutActionResult>({ intent: "refund", fieldErrors }, 400);
  }
  const [title, status] = REFUSALS[outcome];
  return data<PayoutActionResult>(
    { intent: "refund", error: title, toast: { tone: "failed", title } },
    status,
  );
}

/** Refunds all or part of a booking's payment for an owner (the caller checked refunds.issue). */
export async function refundAction(context: AppContext, staffId: string, form: FormData) {
  const parsed = parseForm(form, RefundSchema);
  if (!parsed.ok) {
    return data<PayoutActionResult>({ intent: "refund", fieldErrors: parsed.fieldErrors }, 400);
  }
  const { transactionId, amount, reason, refundable } = parsed.value;
  const outcome = await refundTransaction(
    context.db,
    {
      transactionId,
      staffId,
      ip: context.clientIp,
      amountCents: amount,
      reason,
      expectedRefundableCents: refundable,
    },
    { config: context.config },
  );
  return answer(outcome, amount);
}
