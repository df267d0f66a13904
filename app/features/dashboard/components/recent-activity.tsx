import { AdminPanel } from "~/components/admin/admin-page";
import { StatusBadge } from "~/components/kit/status-badge";
import type { RecentTransaction } from "../dashboard.service.server";
import { formatDateTime, formatMoney } from "~/lib/format";

// docs/product/back-office.md#statuses-and-flows: completed green, pending yellow, anything else red (shown as failed);
// the colours come from the kit's one badge map.
const STATUS_LABEL: Record<string, string> = { completed: "Completed", pending: "Pending" };
const TYPE_LABEL = {
  payment: "Payment",
  payout: "Payout",
  refund: "Refund",
  tip: "Tip",
} as const;

/** Recent Activity (docs/product/back-office.md#business-constants-and-limits): the period's latest five transactions. */
export function RecentActivity({ transactions }: { transactions: RecentTransaction[] }) {
  return (
    <AdminPanel labelledBy="recent-activity-heading">
      <h2 id="recent-activity-heading" className="font-display text-2xl font-medium">
        Recent Activity
      </h2>
      {transactions.length === 0 ? (
        <p className="mt-3 text-sm text-muted dark:text-mist">No data available</p>
      ) : (
        <ul className="mt-3 divide-y divide-line dark:divide-ivory/10">
          {transactions.map((transaction) => {
            // A tip comes in too, held for the crew (docs/decisions/0078-tips-go-to-the-crew.md).
            const incoming = transaction.type === "payment" || transaction.type === "tip";
            return (
              <li key={transaction.id} className="flex items-start justify-between gap-4 py-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-semibold">{transaction.description}</p>
                  <p className="mt-0.5 text-sm text-muted dark:text-mist">
                    {TYPE_LABEL[transaction.type]} · {transaction.reference} ·{" "}
                    <time dateTime={transaction.createdAt}>
                      {formatDateTime(transaction.createdAt)}
                    </time>
                  </p>
                </div>
                <div className="shrink-0 text-right">
                  <p className="text-sm font-semibold tabular-nums">
                    <span className="sr-only">{incoming ? "In" : "Out"} </span>
                    <span aria-hidden="true">{incoming ? "+" : "−"}</span>
                    {formatMoney(transaction.amountCents)}
                  </p>
                  <div className="mt-1">
                    <StatusBadge
                      kind="transaction"
                      status={transaction.status}
                      label={STATUS_LABEL[transaction.status] ?? "Failed"}
                    />
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </AdminPanel>
  );
}
