import { AdminPanel } from "~/components/admin/admin-page";
import { BarChart, type BarSeries } from "~/components/kit/bar-chart";
import { NumbersTable } from "~/components/kit/numbers-table";
import { formatMonth, formatWholeMoney, formatMoney } from "~/lib/format";
import type { Dashboard } from "../dashboard.service.server";

const REVENUE: BarSeries[] = [
  {
    name: "Revenue",
    barClassName: "fill-gold-deep dark:fill-gold",
    swatchClassName: "bg-gold-deep dark:bg-gold",
  },
];

/**
 * Revenue Overview (docs/product/back-office.md#dashboard): the period's revenue in bars by Sydney
 * month, drawn as SVG on the server like finance's charts, so the page needs no chart library and
 * shows the chart without JavaScript. The same figures are a table under "Show the numbers".
 */
export function RevenueOverview({ months }: { months: Dashboard["revenueByMonth"] }) {
  return (
    <AdminPanel labelledBy="revenue-overview-heading">
      <h2 id="revenue-overview-heading" className="font-display text-2xl font-medium">
        Revenue Overview
      </h2>
      <p className="mt-1 text-sm text-muted dark:text-mist">
        Completed payments in the period, by month
      </p>
      <BarChart
        series={REVENUE}
        formatTick={formatWholeMoney}
        buckets={months.map((month) => ({
          key: month.month,
          label: formatMonth(month.month, false),
          values: [month.revenueCents],
        }))}
      />
      <NumbersTable
        caption="Revenue by month"
        headers={["Month", "Revenue"]}
        rows={months.map((month) => [formatMonth(month.month), formatMoney(month.revenueCents)])}
      />
    </AdminPanel>
  );
}
