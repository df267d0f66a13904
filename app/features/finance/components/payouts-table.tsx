import { useId } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { DataTable, type Column } from "~/components/kit/data-table";
import { ConfirmDialog } from "~/components/kit/dialog";
import { pageHref } from "~/components/kit/keyset";
import { StatusBadge } from "~/components/kit/status-badge";
import { buttonClasses } from "~/components/ui/button";
import { statusLabel } from "../finance-labels";
import type { PayoutRow } from "../payouts.service.server";
import { formatMoney, formatShortDate } from "~/lib/format";

/**
 * The Other payments view's table (docs/product/back-office.md#finance,
 * docs/decisions/0092-pay-basis-and-other-payments.md): what each payment is for, Mark paid on
 * pending rows and Retry on failed ones; an adjustment (recorded before other payments) shows its
 * reason under its reference.
 */
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
    { key: "reference", header: "Reference", cell: (p) => <PayoutReference payout={p} /> },
    {
      key: "for",
      header: "For",
      cell: (p) => (p.reasonNote ? `${p.reasonLabel}: ${p.reasonNote}` : p.reasonLabel),
    },
  ];
  if (canPay) {
    columns.push({
      key: "actions",
      header: "Actions",
      cell: (p) => <PayoutAction payout={p} />,
    });
  }
  return (
    <DataTable
      caption="Other payments"
      rows={payouts}
      rowKey={(p) => p.id}
      columns={columns}
      params={params}
      pages={{
        previous: after
          ? { href: pageHref(params, "after", null), label: "Back to the newest" }
          : undefined,
        next: nextCursor
          ? { href: pageHref(params, "after", nextCursor), label: "Older payments" }
          : undefined,
      }}
      empty={{ title: "No other payments yet" }}
    />
  );
}

const ROW_BUTTON = buttonClasses(
  "outline",
  "min-h-11 px-3 py-1 text-sm dark:border-ivory/40 dark:text-ivory dark:hover:bg-ivory/10",
);

/** Whether this row's `intent` is being posted now. */
function usePosting(intent: string, payoutId: string) {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("payoutId") === payoutId
  );
}

/** The row's action: Mark paid on a pending payout (confirmed first), Retry on a failed one. */
function PayoutAction({ payout }: { payout: PayoutRow }) {
  if (payout.status === "pending") return <MarkPaid payout={payout} />;
  if (payout.status === "failed") return <Retry payout={payout} />;
  return null;
}

/** Paying records an expense in the ledger, so it is confirmed as a booking's Mark paid is. */
function MarkPaid({ payout }: { payout: PayoutRow }) {
  const submit = useSubmit();
  const triggerId = useId();
  const busy = usePosting("mark-paid", payout.id);
  return (
    <ConfirmDialog
      title={`Mark payout ${payout.reference} paid?`}
      description={`${formatMoney(payout.amountCents)} to ${payout.cleanerName} is recorded as paid. Only do this once the transfer has gone through.`}
      confirmLabel="Mark paid"
      returnFocusTo={triggerId}
      onConfirm={() =>
        void submit(
          { intent: "mark-paid", payoutId: payout.id },
          { method: "post", preventScrollReset: true },
        )
      }
      trigger={
        <button
          id={triggerId}
          type="button"
          disabled={busy}
          aria-label={`Mark paid: ${payout.reference}, ${payout.cleanerName}`}
          className={ROW_BUTTON}
        >
          {busy ? "Saving..." : "Mark paid"}
        </button>
      }
    />
  );
}

/** A failed transfer goes back to pending, to be sent and marked paid again. */
function Retry({ payout }: { payout: PayoutRow }) {
  const busy = usePosting("retry-payout", payout.id);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="retry-payout" />
      <input type="hidden" name="payoutId" value={payout.id} />
      <button
        type="submit"
        disabled={busy}
        aria-label={`Retry: ${payout.reference}, ${payout.cleanerName}`}
        className={ROW_BUTTON}
      >
        {busy ? "Saving..." : "Retry"}
      </button>
    </Form>
  );
}

function PayoutReference({ payout }: { payout: PayoutRow }) {
  return (
    <>
      <span className="font-mono">{payout.reference}</span>
      {payout.adjustmentReason !== null && (
        <span className="block text-sm text-ink-soft dark:text-mist">
          Adjustment: {payout.adjustmentReason}
        </span>
      )}
    </>
  );
}
