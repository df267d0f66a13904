import { BadgeDollarSign, Receipt, TrendingDown, TrendingUp, type LucideIcon } from "lucide-react";
import { formatMoney } from "~/lib/format";
import { describeGrowth, formatGrowth } from "../dashboard-format";
import type { Growth } from "../growth";

/**
 * One of the four figure cards (docs/product/back-office.md#dashboard), with its growth on the
 * previous period when it has one (a count of what is waiting now has none).
 */
export function StatCard({
  title,
  value,
  growth,
  periodDays,
  detail,
  icon: Icon,
  higherIsBetter = true,
}: {
  title: string;
  value: string;
  growth?: Growth;
  periodDays: number;
  detail?: string;
  icon: LucideIcon;
  /** Expenses rising is shown in the warning colour, not the good one */
  higherIsBetter?: boolean;
}) {
  const id = `stat-${title.toLowerCase().replaceAll(" ", "-")}`;
  const direction = growth?.kind === "percent" ? Math.sign(growth.value) : 0;
  const good = direction !== 0 && direction > 0 === higherIsBetter;
  const tone =
    direction === 0
      ? "text-muted dark:text-mist"
      : good
        ? "text-success dark:text-emerald-300"
        : "text-danger dark:text-red-300";
  const Trend = direction < 0 ? TrendingDown : TrendingUp;
  return (
    <section
      aria-labelledby={id}
      className="rounded-lg border border-line bg-white p-5 dark:border-ivory/10 dark:bg-ink-raised"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={id} className="text-sm font-semibold text-ink-soft dark:text-mist">
          {title}
        </h2>
        <Icon
          aria-hidden="true"
          className="size-5 shrink-0 text-gold-deep dark:text-gold"
          strokeWidth={1.5}
        />
      </div>
      <p className="mt-3 font-display text-3xl font-medium tracking-tight tabular-nums">{value}</p>
      {growth && (
        <p className={`mt-2 flex items-center gap-1.5 text-sm font-semibold ${tone}`}>
          {direction !== 0 && <Trend aria-hidden="true" className="size-4" strokeWidth={1.75} />}
          <span aria-hidden="true">{formatGrowth(growth)}</span>
          <span aria-hidden="true" className="font-normal text-muted dark:text-mist">
            vs previous {periodDays} days
          </span>
          <span className="sr-only">{describeGrowth(growth, periodDays)}</span>
        </p>
      )}
      {detail && <p className="mt-1 text-sm text-muted dark:text-mist">{detail}</p>}
    </section>
  );
}

type MoneyFigure = { cents: number; growth: Growth };

/**
 * The figure cards the dashboard and finance's overview share: revenue, expenses (rising is
 * bad) and net profit, then the screen's own fourth card.
 */
export function MoneyStatCards({
  revenue,
  expenses,
  netProfit,
  periodDays,
  children,
}: {
  revenue: MoneyFigure;
  expenses: MoneyFigure;
  netProfit: MoneyFigure;
  periodDays: number;
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        title="Total Revenue"
        value={formatMoney(revenue.cents)}
        growth={revenue.growth}
        periodDays={periodDays}
        icon={BadgeDollarSign}
      />
      <StatCard
        title="Total Expenses"
        value={formatMoney(expenses.cents)}
        growth={expenses.growth}
        periodDays={periodDays}
        icon={Receipt}
        higherIsBetter={false}
      />
      <StatCard
        title="Net Profit"
        value={formatMoney(netProfit.cents)}
        growth={netProfit.growth}
        periodDays={periodDays}
        icon={TrendingUp}
      />
      {children}
    </div>
  );
}

/** Two or more headline figures under the cards, each with an optional note in small print. */
export function FigureList({
  figures,
}: {
  figures: { term: string; value: string; note?: string }[];
}) {
  return (
    <dl className="grid gap-4 rounded-lg border border-line bg-white p-5 sm:grid-cols-2 dark:border-ivory/10 dark:bg-ink-raised">
      {figures.map((figure) => (
        <div key={figure.term}>
          <dt className="text-sm font-semibold text-ink-soft dark:text-mist">{figure.term}</dt>
          <dd className="mt-1 font-display text-2xl font-medium tabular-nums">
            {figure.value}
            {figure.note && (
              <span className="ml-2 font-sans text-sm font-normal text-muted dark:text-mist">
                {figure.note}
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
