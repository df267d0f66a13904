import type { FinanceOverview } from "../finance.service.server";
import { formatMoney, formatMonth, formatWholeMoney } from "~/lib/format";

// The overview's two charts (docs/product/back-office.md#finance: the placeholders made real),
// drawn as SVG on the server: no chart library, nothing inline for the CSP to refuse. Each has
// the same numbers as a table for screen readers and anyone who wants the figures.

const WIDTH = 640;
const HEIGHT = 220;
const PLOT_TOP = 10;
const PLOT_BOTTOM = 190;
const PLOT_LEFT = 70;

/** Tick values: 0 and up to four steps of a round size covering `max`. */
function ticks(max: number) {
  if (max <= 0) return [0];
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * power).find((s) => s >= rough)!;
  return Array.from({ length: Math.ceil(max / step) + 1 }, (_, i) => i * step);
}

function bucketLabel(key: string, short = false) {
  if (key.length === 7) return formatMonth(key, !short);
  const [, month, day] = key.split("-");
  return short ? `${Number(day)}/${Number(month)}` : key;
}

export function RevenueExpensesChart({ bars }: { bars: FinanceOverview["overTime"] }) {
  const max = Math.max(0, ...bars.flatMap((bar) => [bar.revenueCents, bar.expensesCents]));
  const scale = ticks(max);
  const top = scale.at(-1) || 1;
  const y = (cents: number) => PLOT_BOTTOM - (cents / top) * (PLOT_BOTTOM - PLOT_TOP);
  const slot = (WIDTH - PLOT_LEFT) / Math.max(bars.length, 1);
  const barWidth = Math.max(2, Math.min(18, slot / 2 - 2));
  const labelEvery = Math.ceil(bars.length / 8);
  return (
    <figure className="rounded-lg border border-line bg-white p-5 dark:border-ivory/10 dark:bg-ink-raised">
      <figcaption className="text-base font-semibold">Revenue and expenses over time</figcaption>
      <Legend />
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-3 h-auto w-full text-muted dark:text-mist"
        aria-hidden="true"
      >
        {scale.map((value) => (
          <g key={value}>
            <line
              x1={PLOT_LEFT}
              x2={WIDTH}
              y1={y(value)}
              y2={y(value)}
              className="stroke-line dark:stroke-ivory/15"
            />
            <text
              x={PLOT_LEFT - 8}
              y={y(value) + 4}
              textAnchor="end"
              className="fill-current text-[11px]"
            >
              {formatWholeMoney(value)}
            </text>
          </g>
        ))}
        {bars.map((bar, index) => {
          const x = PLOT_LEFT + index * slot + slot / 2;
          return (
            <g key={bar.key}>
              <rect
                x={x - barWidth - 1}
                y={y(bar.revenueCents)}
                width={barWidth}
                height={PLOT_BOTTOM - y(bar.revenueCents)}
                className="fill-gold-deep dark:fill-gold"
              />
              <rect
                x={x + 1}
                y={y(bar.expensesCents)}
                width={barWidth}
                height={PLOT_BOTTOM - y(bar.expensesCents)}
                className="fill-info dark:fill-sky-300"
              />
              {index % labelEvery === 0 && (
                <text x={x} y={HEIGHT - 8} textAnchor="middle" className="fill-current text-[11px]">
                  {bucketLabel(bar.key, true)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
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

function Legend() {
  return (
    <p className="mt-2 flex flex-wrap gap-4 text-sm text-ink-soft dark:text-mist">
      <span className="inline-flex items-center gap-2">
        <span aria-hidden="true" className="size-3 rounded-sm bg-gold-deep dark:bg-gold" />
        Revenue
      </span>
      <span className="inline-flex items-center gap-2">
        <span aria-hidden="true" className="size-3 rounded-sm bg-info dark:bg-sky-300" />
        Expenses
      </span>
    </p>
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

/** The chart's numbers, folded away under a summary that keyboard and screen reader users reach. */
function NumbersTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: string[];
  rows: string[][];
}) {
  return (
    <details className="mt-3 text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-gold-deep dark:text-gold">
        Show the numbers
      </summary>
      <table className="mt-2 w-full text-left">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="py-1 pr-4 font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]} className="border-t border-line dark:border-ivory/10">
              {row.map((cell, index) => (
                <td key={index} className="py-1 pr-4 tabular-nums">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
