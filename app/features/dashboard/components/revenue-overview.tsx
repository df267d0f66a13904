import { lazy, Suspense } from "react";
import { AdminPanel } from "~/components/admin/admin-page";
import { useHydrated } from "~/components/site/use-hydrated";
import type { RevenueBar } from "./revenue-bars";
import { formatMoney, formatMonth } from "~/lib/format";

const RevenueBars = lazy(() => import("./revenue-bars"));

/**
 * Revenue Overview (docs/product/back-office.md#dashboard): the period's revenue in bars by Sydney month. The chart is drawn in the
 * browser once the page has hydrated; the same figures are a table for screen readers (and for
 * anyone without JavaScript, who sees the table instead of the chart).
 */
export function RevenueOverview({ months }: { months: RevenueBar[] }) {
  const hydrated = useHydrated();
  return (
    <AdminPanel labelledBy="revenue-overview-heading">
      <h2 id="revenue-overview-heading" className="font-display text-2xl font-medium">
        Revenue Overview
      </h2>
      <p className="mt-1 text-sm text-muted dark:text-mist">
        Completed payments in the period, by month
      </p>
      {hydrated ? (
        // inert: the chart is a picture of the table below; keyboard and screen readers get the table.
        <div aria-hidden="true" inert className="mt-4 h-64 text-ink-soft dark:text-mist">
          <Suspense fallback={null}>
            <RevenueBars months={months} />
          </Suspense>
        </div>
      ) : null}
      <table className={hydrated ? "sr-only" : "mt-4 w-full text-sm"}>
        <caption className="sr-only">Revenue by month</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 text-left font-semibold">
              Month
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Revenue
            </th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month} className="border-t border-line dark:border-ivory/10">
              <th scope="row" className="py-1 text-left font-normal">
                {formatMonth(month.month)}
              </th>
              <td className="py-1 text-right tabular-nums">{formatMoney(month.revenueCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminPanel>
  );
}
