import { BadgeDollarSign, LineChart, Receipt, TrendingUp } from "lucide-react";
import { StatCard } from "~/features/dashboard/components/stat-card";
import { formatGrowth } from "~/features/dashboard/dashboard-format";
import type { FinanceOverview } from "../finance.service.server";
import { RevenueByCategoryChart, RevenueExpensesChart } from "./finance-charts";
import { formatMoney } from "~/lib/format";

/** The Overview view (docs/product/back-office.md#finance): four cards, two figures, two charts. */
export function OverviewPanel({ overview }: { overview: FinanceOverview }) {
  const days = overview.periodDays;
  const average = overview.averageBookingValue;
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Total Revenue"
          value={formatMoney(overview.revenue.cents)}
          growth={overview.revenue.growth}
          periodDays={days}
          icon={BadgeDollarSign}
        />
        <StatCard
          title="Total Expenses"
          value={formatMoney(overview.expenses.cents)}
          growth={overview.expenses.growth}
          periodDays={days}
          icon={Receipt}
          higherIsBetter={false}
        />
        <StatCard
          title="Net Profit"
          value={formatMoney(overview.netProfit.cents)}
          growth={overview.netProfit.growth}
          periodDays={days}
          icon={TrendingUp}
        />
        <StatCard
          title="Projected Revenue"
          value={formatMoney(overview.projectedRevenue.cents)}
          growth={overview.projectedRevenue.growth}
          periodDays={days}
          detail="Revenue x 1.1"
          icon={LineChart}
        />
      </div>
      <dl className="grid gap-4 rounded-lg border border-line bg-white p-5 sm:grid-cols-2 dark:border-ivory/10 dark:bg-ink-raised">
        <div>
          <dt className="text-sm font-semibold text-ink-soft dark:text-mist">
            Average booking value
          </dt>
          <dd className="mt-1 font-display text-2xl font-medium tabular-nums">
            {average.cents === null ? "—" : formatMoney(average.cents)}
            <span className="ml-2 font-sans text-sm font-normal text-muted dark:text-mist">
              {formatGrowth(average.growth)} vs previous {days} days
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink-soft dark:text-mist">GST collected</dt>
          <dd className="mt-1 font-display text-2xl font-medium tabular-nums">
            {formatMoney(overview.gstCollectedCents)}
            <span className="ml-2 font-sans text-sm font-normal text-muted dark:text-mist">
              One eleventh of GST-inclusive revenue
            </span>
          </dd>
        </div>
      </dl>
      <div className="grid gap-6 xl:grid-cols-2">
        <RevenueExpensesChart bars={overview.overTime} />
        <RevenueByCategoryChart categories={overview.byCategory} />
      </div>
    </div>
  );
}
