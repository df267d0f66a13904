import { data } from "react-router";
import { formatMoney } from "~/lib/format";
import { parseForm } from "~/lib/forms";
import { failureStatus } from "~/lib/result";
import type { AppContext } from "~/server/context";
import type { PayoutActionResult } from "./components/new-payout-dialog";
import { RefundSchema } from "./finance.schema";
import { refundTransaction } from "./finance.service.server";

// The Transactions view's Refund (docs/product/back-office.md#finance,
// docs/decisions/0043-payouts-and-refunds.md): the form is parsed on the server, and an amount
// above what is left, or a partial refund without a reason, is answered next to its field; any
// other refusal is the dialog's error and a toast.

/** Refunds all or part of a booking's payment for an owner (the caller checked refunds.issue). */
export async function refundAction(context: AppContext, staffId: string, form: FormData) {
  const parsed = parseForm(form, RefundSchema);
  if (!parsed.ok) {
    return data<PayoutActionResult>(
      { intent: "refund", fieldErrors: parsed.fieldErrors },
      failureStatus("malformed"),
    );
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
  if (outcome.ok) {
    const title = `Refunded ${formatMoney(amount)}`;
    return data<PayoutActionResult>({
      intent: "refund",
      ok: true,
      toast: { tone: "saved", title },
    });
  }
  const status = failureStatus(outcome.kind);
  if (outcome.fieldErrors) {
    return data<PayoutActionResult>({ intent: "refund", fieldErrors: outcome.fieldErrors }, status);
  }
  const title = outcome.message;
  return data<PayoutActionResult>(
    { intent: "refund", error: title, toast: { tone: "failed", title } },
    status,
  );
}
