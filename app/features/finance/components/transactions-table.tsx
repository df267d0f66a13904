import { DataTable, type Column } from "~/components/kit/data-table";
import { pageHref } from "~/components/kit/keyset";
import { StatusBadge } from "~/components/kit/status-badge";
import type { FinanceTransaction } from "../finance.service.server";
import { statusLabel, TRANSACTION_TYPE_LABELS } from "../finance-labels";
import type { FinanceQuery, TransactionSort } from "../finance.schema";
import { formatDateTime, formatMoney } from "~/lib/format";
import { RefundDialog } from "./refund-dialog";

/** The Transactions view's table (docs/product/back-office.md#finance), keyset-paged. */
export function TransactionsTable({
  transactions,
  nextCursor,
  query,
  params,
  canRefund,
}: {
  transactions: FinanceTransaction[];
  nextCursor: string | null;
  query: FinanceQuery;
  params: URLSearchParams;
  canRefund: boolean;
}) {
  const columns: Column<FinanceTransaction, TransactionSort | string>[] = [
    { key: "reference", header: "Reference", cell: (t) => t.reference, className: "font-mono" },
    { key: "description", header: "Description", cell: (t) => t.description },
    { key: "type", header: "Type", cell: (t) => TRANSACTION_TYPE_LABELS[t.type] },
    {
      key: "amount",
      header: "Amount",
      cell: (t) => formatMoney(t.amountCents),
      sortable: true,
      className: "text-right tabular-nums",
    },
    {
      key: "status",
      header: "Status",
      cell: (t) => (
        <StatusBadge kind="transaction" status={t.status} label={statusLabel(t.status)} />
      ),
    },
    {
      key: "date",
      header: "Date",
      cell: (t) => formatDateTime(t.createdAt),
      sortable: true,
      className: "whitespace-nowrap",
    },
    ...(canRefund
      ? [
          {
            key: "actions",
            header: "Actions",
            cell: (t: FinanceTransaction) =>
              t.refundable ? <RefundDialog transaction={t} /> : null,
          },
        ]
      : []),
  ];
  return (
    <DataTable
      caption="Transactions"
      rows={transactions}
      rowKey={(t) => t.id}
      columns={columns}
      params={params}
      sort={{ column: query.sort, direction: query.dir }}
      pages={{
        previous: query.after
          ? { href: pageHref(params, "after", null), label: "Back to the first page" }
          : undefined,
        next: nextCursor
          ? { href: pageHref(params, "after", nextCursor), label: "Next page" }
          : undefined,
      }}
      empty={{ title: "No transactions in this period" }}
    />
  );
}
