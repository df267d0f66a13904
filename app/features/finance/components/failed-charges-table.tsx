import { Link } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { DataTable, type Column } from "~/components/kit/data-table";
import { formatMoney, formatShortDate } from "~/lib/format";
import type { FailedCardCharge } from "~/features/payments/failed-charges.service.server";

const COLUMNS: Column<FailedCardCharge>[] = [
  {
    key: "booking",
    header: "Booking",
    cell: (charge) => (
      <Link
        to={`/admin/quotes/${encodeURIComponent(charge.quoteId)}`}
        className="font-mono font-semibold underline underline-offset-4"
      >
        {charge.reference}
      </Link>
    ),
  },
  { key: "customer", header: "Customer", cell: (charge) => charge.clientName },
  { key: "visit", header: "Visit", cell: (charge) => formatShortDate(charge.visitDate) },
  {
    key: "amount",
    header: "Amount",
    cell: (charge) => formatMoney(charge.amountCents),
    className: "text-right",
  },
  { key: "error", header: "Last error", cell: (charge) => charge.lastError },
  { key: "tries", header: "Tries", cell: (charge) => charge.tries, className: "text-right" },
];

// Not sorted or paged: the list holds only unpaid visits whose last try failed.
const NO_PARAMS = new URLSearchParams();

/**
 * Finance's "Failed card charges" (docs/decisions/0093-save-a-card-after-the-first-visit.md):
 * saved cards whose last try failed, on visits still unpaid, each linked to its lead.
 */
export function FailedChargesTable({ charges }: { charges: FailedCardCharge[] }) {
  return (
    <AdminPanel labelledBy="failed-charges-heading">
      <h2 id="failed-charges-heading" className="mb-3 text-lg font-semibold">
        Failed card charges
      </h2>
      <DataTable
        caption="Failed card charges"
        rows={charges}
        rowKey={(charge) => charge.bookingId}
        columns={COLUMNS}
        params={NO_PARAMS}
        empty={{ title: "None: every saved card charged after a clean has been paid." }}
      />
    </AdminPanel>
  );
}
