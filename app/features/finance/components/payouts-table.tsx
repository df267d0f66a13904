import { Form, useNavigation } from "react-router";
import { DataTable, type Column } from "~/components/kit/data-table";
import { pageHref } from "~/components/kit/keyset";
import { StatusBadge } from "~/components/kit/status-badge";
import { buttonClasses } from "~/components/ui/button";
import { statusLabel } from "../finance-labels";
import type { PayoutRow } from "../payouts.service.server";
import { formatMoney, formatShortDate } from "~/lib/format";

/** The Payouts view's table (docs/product/back-office.md#finance) with Mark paid on pending rows. */
export function PayoutsTable({
  payouts,
  nextCursor,
  after,
  params,
  canPay,
}: {
  payouts: PayoutRow[];
  nextCursor: string | null;
  after: string | undefined;
  params: URLSearchParams;
  canPay: boolean;
}) {
  const columns: Column<PayoutRow>[] = [
    { key: "cleaner", header: "Cleaner", cell: (p) => p.cleanerName },
    {
      key: "amount",
      header: "Amount",
      cell: (p) => formatMoney(p.amountCents),
      className: "text-right tabular-nums",
    },
    {
      key: "status",
      header: "Status",
      cell: (p) => (
        <StatusBadge kind="transaction" status={p.status} label={statusLabel(p.status)} />
      ),
    },
    { key: "bank", header: "Bank Account", cell: (p) => p.bankAccount },
    {
      key: "date",
      header: "Payout Date",
      cell: (p) => formatShortDate(p.payoutDate),
      className: "whitespace-nowrap",
    },
    { key: "reference", header: "Reference", cell: (p) => p.reference, className: "font-mono" },
  ];
  if (canPay) {
    columns.push({
      key: "actions",
      header: "Actions",
      cell: (p) => (p.status === "pending" ? <MarkPaid payout={p} /> : null),
    });
  }
  return (
    <DataTable
      caption="Payouts"
      rows={payouts}
      rowKey={(p) => p.id}
      columns={columns}
      params={params}
      pages={{
        previous: after
          ? { href: pageHref(params, "after", null), label: "Back to the newest" }
          : undefined,
        next: nextCursor
          ? { href: pageHref(params, "after", nextCursor), label: "Older payouts" }
          : undefined,
      }}
      empty={{ title: "No payouts yet" }}
    />
  );
}

function MarkPaid({ payout }: { payout: PayoutRow }) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "mark-paid" &&
    navigation.formData?.get("payoutId") === payout.id;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="mark-paid" />
      <input type="hidden" name="payoutId" value={payout.id} />
      <button
        type="submit"
        disabled={busy}
        aria-label={`Mark paid: ${payout.reference}, ${payout.cleanerName}`}
        className={buttonClasses(
          "outline",
          "min-h-11 px-3 py-1 text-sm dark:border-ivory/40 dark:text-ivory dark:hover:bg-ivory/10",
        )}
      >
        {busy ? "Saving..." : "Mark paid"}
      </button>
    </Form>
  );
}
