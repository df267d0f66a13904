import { Link } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { formatMoney, formatShortDate } from "~/lib/format";
import type { FailedCardCharge } from "~/features/payments/failed-charges.service.server";

/**
 * Finance's "Failed card charges" (docs/decisions/0093-save-a-card-after-the-first-visit.md):
 * saved cards whose last try failed, on visits still unpaid, each linked to its lead.
 */
export function FailedChargesTable({ charges }: { charges: FailedCardCharge[] }) {
  return (
    <AdminPanel labelledBy="failed-charges-heading">
      <h2 id="failed-charges-heading" className="text-lg font-semibold">
        Failed card charges
      </h2>
      {charges.length === 0 ? (
        <p className="mt-2 text-sm text-muted dark:text-mist">
          None: every saved card charged after a clean has been paid.
        </p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Booking
                </th>
                <th scope="col" className="py-2 pr-4">
                  Customer
                </th>
                <th scope="col" className="py-2 pr-4">
                  Visit
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  Amount
                </th>
                <th scope="col" className="py-2 pr-4">
                  Last error
                </th>
                <th scope="col" className="py-2 text-right">
                  Tries
                </th>
              </tr>
            </thead>
            <tbody>
              {charges.map((charge) => (
                <tr key={charge.bookingId} className="border-t border-line dark:border-white/10">
                  <td className="py-2 pr-4">
                    <Link
                      to={`/admin/quotes/${encodeURIComponent(charge.quoteId)}`}
                      className="font-mono font-semibold underline underline-offset-4"
                    >
                      {charge.reference}
                    </Link>
                  </td>
                  <td className="py-2 pr-4">{charge.clientName}</td>
                  <td className="py-2 pr-4">{formatShortDate(charge.visitDate)}</td>
                  <td className="py-2 pr-4 text-right">{formatMoney(charge.amountCents)}</td>
                  <td className="py-2 pr-4">{charge.lastError}</td>
                  <td className="py-2 text-right">{charge.tries}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminPanel>
  );
}
