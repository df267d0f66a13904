import { TrendingDown, TrendingUp, type LucideIcon } from "lucide-react";
import { describeGrowth, formatGrowth } from "../dashboard-format";
import type { Growth } from "../growth";

/** One of the four figure cards (docs/product/back-office.md#dashboard), with its growth on the previous period. */
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
  growth: Growth;
  periodDays: number;
  detail?: string;
  icon: LucideIcon;
  /** Expenses rising is shown in the warning colour, not the good one */
  higherIsBetter?: boolean;
}) {
  const id = `stat-${title.toLowerCase().replaceAll(" ", "-")}`;
  const direction = growth.kind === "percent" ? Math.sign(growth.value) : 0;
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
      <p className={`mt-2 flex items-center gap-1.5 text-sm font-semibold ${tone}`}>
        {direction !== 0 && <Trend aria-hidden="true" className="size-4" strokeWidth={1.75} />}
        <span aria-hidden="true">{formatGrowth(growth)}</span>
        <span aria-hidden="true" className="font-normal text-muted dark:text-mist">
          vs previous {periodDays} days
        </span>
        <span className="sr-only">{describeGrowth(growth, periodDays)}</span>
      </p>
      {detail && <p className="mt-1 text-sm text-muted dark:text-mist">{detail}</p>}
    </section>
  );
}
