import { formatMoney } from "~/lib/format";

// The words of a refused refund (docs/product/back-office.md#finance): the refund service answers
// with them, and the Transactions view's dialog shows them beside its fields or as its toast.

export const REFUND_TEXT = {
  alreadyRefunded: "This payment was already refunded.",
  changed: "This payment changed since you opened it. Check what is left and try again.",
  notPaid: "This payment is not paid, so there is nothing to refund.",
  notFound: "That payment no longer exists.",
  reasonNeeded: "Give the reason for a partial refund",
  tooMuch: (refundableCents: number) =>
    `You can refund at most ${formatMoney(refundableCents)}: what was paid less what was already refunded.`,
} as const;
