import { LineChart } from "lucide-react";
import { FigureList, MoneyStatCards, StatCard } from "~/features/dashboard/components/stat-card";
import { formatGrowth, GST_COLLECTED_NOTE } from "~/features/dashboard/dashboard-format";
import type { FinanceOverview } from "../finance.service.server";
import { RevenueByCategoryChart, RevenueExpensesChart } from "./finance-charts";
import { formatMoney } from "~/lib/format";

/** The Overview view (docs/product/back-office.md#finance): four cards, two figures, two charts. */
export function OverviewPanel({ overview }: { overview: FinanceOverview }) {
  const days = overview.periodDays;
  const average = overview.averageBookingValue;
  return (
    <div className="space-y-6">
      <MoneyStatCards
        revenue={overview.revenue}
        expenses={overview.expenses}
        netProfit={overview.netProfit}
        periodDays={days}
      >
        <StatCard
          title="Projected Revenue"
          value={formatMoney(overview.projectedRevenue.cents)}
          growth={overview.projectedRevenue.growth}
          periodDays={days}
          detail="Revenue x 1.1"
          icon={LineChart}
        />
      </MoneyStatCards>
      <FigureList
        figures={[
          {
            term: "Average booking value",
            value: average.cents === null ? "—" : formatMoney(average.cents),
            note: `${formatGrowth(average.growth)} vs previous ${days} days`,
          },
          {
            term: "GST collected",
            value: formatMoney(overview.gstCollectedCents),
            note: GST_COLLECTED_NOTE,
          },
        ]}
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <RevenueExpensesChart bars={overview.overTime} />
        <RevenueByCategoryChart categories={overview.byCategory} />
      </div>
    </div>
  );
}
