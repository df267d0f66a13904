import { BadgeDollarSign, LoaderCircle, Receipt, TrendingUp, Users } from "lucide-react";
import { EmptyState } from "~/components/kit/empty-state";
import { ErrorState } from "~/components/kit/error-state";
import { PageHeader } from "~/components/kit/page-header";
import type { DashboardPeriod } from "../dashboard.schema";
import type { Dashboard } from "../dashboard.service.server";
import { formatPercent } from "../dashboard-format";
import { PeriodForm } from "./period-form";
import { RecentActivity } from "./recent-activity";
import { RevenueOverview } from "./revenue-overview";
import { StatCard } from "./stat-card";
import { TopServices } from "./top-services";
import { formatMoney } from "~/lib/format";

// docs/product/back-office.md#dashboard and docs/product/back-office.md#statuses-and-flows: the dashboard is loading, failed, empty or loaded.
export const DASHBOARD_TITLE = "Dashboard Overview";
export const DASHBOARD_ERROR = "Failed to load dashboard data";
export const DASHBOARD_EMPTY = "No data available";

export function DashboardView({
  period,
  dashboard,
  error,
  loading,
}: {
  period: DashboardPeriod;
  dashboard: Dashboard | null;
  error: string | null;
  loading: boolean;
}) {
  return (
    <>
      <PageHeader title={DASHBOARD_TITLE} />
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <PeriodForm period={period} />
        <p
          role="status"
          className="flex min-h-11 items-center gap-2 text-sm text-muted dark:text-mist"
        >
          {loading && (
            <>
              <LoaderCircle
                aria-hidden="true"
                className="size-5 motion-safe:animate-spin"
                strokeWidth={1.75}
              />
              Loading dashboard...
            </>
          )}
        </p>
      </div>

      {error || !dashboard ? (
        <ErrorState title={error ?? DASHBOARD_ERROR} />
      ) : (
        <div
          aria-busy={loading}
          className={`space-y-6 motion-safe:transition-opacity motion-safe:duration-200 ${loading ? "opacity-60" : ""}`}
        >
          <Figures dashboard={dashboard} />
          {dashboard.hasData ? (
            <>
              <RevenueOverview months={dashboard.revenueByMonth} />
              <div className="grid gap-6 lg:grid-cols-2">
                <TopServices
                  services={dashboard.topServices}
                  revenueCents={dashboard.revenue.cents}
                />
                <RecentActivity transactions={dashboard.recentActivity} />
              </div>
            </>
          ) : (
            <EmptyState title={DASHBOARD_EMPTY} />
          )}
        </div>
      )}
    </>
  );
}

function Figures({ dashboard }: { dashboard: Dashboard }) {
  const days = dashboard.periodDays;
  const { activeCleaners, leads } = dashboard;
  const rating =
    activeCleaners.averageRating === null
      ? "No rating yet"
      : `Average rating ${activeCleaners.averageRating.toFixed(1)} of 5`;
  const conversion = leads.conversionRate === null ? "—" : formatPercent(leads.conversionRate);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Total Revenue"
          value={formatMoney(dashboard.revenue.cents)}
          growth={dashboard.revenue.growth}
          periodDays={days}
          icon={BadgeDollarSign}
        />
        <StatCard
          title="Total Expenses"
          value={formatMoney(dashboard.expenses.cents)}
          growth={dashboard.expenses.growth}
          periodDays={days}
          icon={Receipt}
          higherIsBetter={false}
        />
        <StatCard
          title="Net Profit"
          value={formatMoney(dashboard.netProfit.cents)}
          growth={dashboard.netProfit.growth}
          periodDays={days}
          icon={TrendingUp}
        />
        <StatCard
          title="Active Cleaners"
          value={String(activeCleaners.count)}
          growth={activeCleaners.growth}
          periodDays={days}
          detail={rating}
          icon={Users}
        />
      </div>
      <dl className="grid gap-4 rounded-lg border border-line bg-white p-5 sm:grid-cols-2 dark:border-ivory/10 dark:bg-ink-raised">
        <div>
          <dt className="text-sm font-semibold text-ink-soft dark:text-mist">New leads</dt>
          <dd className="mt-1 font-display text-2xl font-medium tabular-nums">
            {leads.count.toLocaleString("en-AU")}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink-soft dark:text-mist">
            Quote-to-booking conversion
          </dt>
          <dd className="mt-1 font-display text-2xl font-medium tabular-nums">
            {conversion}
            <span className="ml-2 font-sans text-sm font-normal text-muted dark:text-mist">
              {leads.booked.toLocaleString("en-AU")} of {leads.count.toLocaleString("en-AU")} booked
            </span>
          </dd>
        </div>
      </dl>
    </>
  );
}
