import { BarChart, BarLegend, type BarSeries } from "~/components/kit/bar-chart";
import { NumbersTable } from "~/components/kit/numbers-table";
import type { FinanceOverview } from "../finance.service.server";
import { formatMoney, formatMonth, formatWholeMoney } from "~/lib/format";

// The overview's two charts (docs/product/back-office.md#finance: the placeholders made real),
// drawn as SVG on the server: no chart library, nothing inline for the CSP to refuse. Each has
// the same numbers as a table for screen readers and anyone who wants the figures.

const WIDTH = 640;

const SERIES: BarSeries[] = [
  {
    name: "Revenue",
    barClassName: "fill-gold-deep dark:fill-gold",
    swatchClassName: "bg-gold-deep dark:bg-gold",
  },
  {
    name: "Expenses",
    barClassName: "fill-info dark:fill-sky-300",
    swatchClassName: "bg-info dark:bg-sky-300",
  },
];

function bucketLabel(key: string, short = false) {
  if (key.length === 7) return formatMonth(key, !short);
  const [, month, day] = key.split("-");
  return short ? `${Number(day)}/${Number(month)}` : key;
}

export function RevenueExpensesChart({ bars }: { bars: FinanceOverview["overTime"] }) {
  return (
    <figure className="rounded-lg border border-line bg-white p-5 dark:border-ivory/10 dark:bg-ink-raised">
      <figcaption className="text-base font-semibold">Revenue and expenses over time</figcaption>
      <BarLegend series={SERIES} />
      <BarChart
        series={SERIES}
        formatTick={formatWholeMoney}
        buckets={bars.map((bar) => ({
          key: bar.key,
          label: bucketLabel(bar.key, true),
          values: [bar.revenueCents, bar.expensesCents],
        }))}
      />
      <NumbersTable
        caption="Revenue and expenses over time"
        headers={["Period", "Revenue", "Expenses"]}
        rows={bars.map((bar) => [
          bucketLabel(bar.key),
          formatMoney(bar.revenueCents),
          formatMoney(bar.expensesCents),
        ])}
      />
    </figure>
  );
}

export function RevenueByCategoryChart({
  categories,
}: {
  categories: FinanceOverview["byCategory"];
}) {
  const total = categories.reduce((sum, row) => sum + row.revenueCents, 0);
  const max = Math.max(1, ...categories.map((row) => row.revenueCents));
  const rowHeight = 34;
  const height = Math.max(rowHeight, categories.length * rowHeight);
  return (
    <figure className="rounded-lg border border-line bg-white p-5 dark:border-ivory/10 dark:bg-ink-raised">
      <figcaption className="text-base font-semibold">Revenue by service category</figcaption>
      {categories.length === 0 ? (
        <p className="mt-3 text-sm text-muted dark:text-mist">No revenue in this period.</p>
      ) : (
        <>
          <svg
            viewBox={`0 0 ${WIDTH} ${height}`}
            className="mt-3 h-auto w-full text-ink-soft dark:text-mist"
            aria-hidden="true"
          >
            {categories.map((row, index) => {
              const width = (row.revenueCents / max) * (WIDTH - 320);
              const top = index * rowHeight;
              return (
                <g key={row.category}>
                  <text x={0} y={top + 21} className="fill-current text-[13px]">
                    {row.category}
                  </text>
                  <rect
                    x={150}
                    y={top + 6}
                    width={Math.max(1, width)}
                    height={20}
                    rx={3}
                    className="fill-gold-deep dark:fill-gold"
                  />
                  <text x={158 + width} y={top + 21} className="fill-current text-[13px]">
                    {formatMoney(row.revenueCents)}
                  </text>
                </g>
              );
            })}
          </svg>
          <NumbersTable
            caption="Revenue by service category"
            headers={["Category", "Revenue", "Share"]}
            rows={categories.map((row) => [
              row.category,
              formatMoney(row.revenueCents),
              `${Math.round((row.revenueCents / total) * 100)}%`,
            ])}
          />
        </>
      )}
    </figure>
  );
}
