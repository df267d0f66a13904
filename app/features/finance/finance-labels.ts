import type { TransactionStatus, TransactionType } from "~/server/database";

// docs/product/back-office.md#statuses-and-flows: completed and pending are themselves; any
// other status is shown as failed (in red). The table, its badges and the export share these.

export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  payment: "Payment",
  payout: "Payout",
  refund: "Refund",
  tip: "Tip",
};

export function statusLabel(status: TransactionStatus | string) {
  if (status === "completed") return "Completed";
  if (status === "pending") return "Pending";
  return "Failed";
}
