import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Dialog } from "~/components/kit/dialog";
import { Field, Input, Textarea } from "~/components/kit/field";
import { FormMessage } from "~/components/kit/form-message";
import { useResultToast } from "~/components/kit/toast";
import { buttonClasses } from "~/components/ui/button";
import type { FinanceTransaction } from "../finance.service.server";
import type { PayoutActionResult } from "./new-payout-dialog";
import { formatMoney, formatPlainAmount } from "~/lib/format";

const ROW_BUTTON = buttonClasses(
  "outline",
  "min-h-11 px-3 py-1 text-sm dark:border-ivory/40 dark:text-ivory dark:hover:bg-ivory/10",
);

/**
 * Refunds all or part of a booking's payment through its provider (owners only,
 * docs/decisions/0043-payouts-and-refunds.md): the amount starts at what is left to refund, a
 * partial refund needs a reason, and the server's refusals sit next to their fields.
 */
export function RefundDialog({ transaction }: { transaction: FinanceTransaction }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<PayoutActionResult>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useResultToast(result);
  const closedFor = useRef<object | undefined>(undefined);
  useEffect(() => {
    if (!result?.ok || closedFor.current === result) return;
    closedFor.current = result;
    setOpen(false);
  }, [result]);
  const errors = open ? (result?.fieldErrors ?? {}) : {};
  const left = formatMoney(transaction.refundableCents);
  return (
    <Dialog
      title={`Refund ${transaction.reference}?`}
      description={`Up to ${left} can go back to the customer's card. This cannot be undone.`}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button
          type="button"
          disabled={busy}
          aria-label={`Refund ${transaction.reference}`}
          className={ROW_BUTTON}
        >
          {busy ? "Refunding..." : "Refund"}
        </button>
      }
    >
      <fetcher.Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="transactionId" value={transaction.id} />
        <input type="hidden" name="refundable" value={transaction.refundableCents} />
        <FormMessage message={open ? result?.error : undefined} />
        <Field id={`refund-amount-${transaction.id}`} label="Amount (AUD)" error={errors.amount}>
          {(control) => (
            <Input
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={formatPlainAmount(transaction.refundableCents)}
              {...control}
            />
          )}
        </Field>
        <Field
          id={`refund-reason-${transaction.id}`}
          label="Reason"
          hint="Needed for a partial refund"
          error={errors.reason}
        >
          {(control) => <Textarea name="reason" {...control} />}
        </Field>
        <button
          type="submit"
          disabled={busy}
          className={buttonClasses("ink", "w-full bg-danger! text-white! hover:bg-danger/90!")}
        >
          {busy ? "Refunding..." : "Refund"}
        </button>
      </fetcher.Form>
    </Dialog>
  );
}
