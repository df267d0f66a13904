import { LoaderCircle } from "lucide-react";
import { EmptyState } from "~/components/kit/empty-state";
import { ErrorState } from "~/components/kit/error-state";
import { PageHeader } from "~/components/kit/page-header";
import { formatMoney } from "~/lib/format";
import type { DashboardPeriod } from "../dashboard.schema";
import type { Dashboard } from "../dashboard.service.server";
import { GST_COLLECTED_NOTE } from "../dashboard-format";
import type { OperationsDashboard } from "../operations-dashboard.server";
import {
  ActiveCleanersCard,
  conversionFigure,
  count,
  followUpFigure,
  OperationsFigures,
} from "./operations-figures";
import { PeriodForm } from "./period-form";
import { RecentActivity } from "./recent-activity";
import { RevenueOverview } from "./revenue-overview";
import { FigureList, MoneyStatCards } from "./stat-card";
import { TopServices } from "./top-services";

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
  /** The money figures for those with finance.view, the operational ones for the rest */
  dashboard: Dashboard | OperationsDashboard | null;
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
          {dashboard.kind === "money" ? (
            <MoneyFigures dashboard={dashboard} />
          ) : (
            <OperationsFigures dashboard={dashboard} />
          )}
          {!dashboard.hasData ? (
            <EmptyState title={DASHBOARD_EMPTY} />
          ) : (
            dashboard.kind === "money" && (
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
            )
          )}
        </div>
      )}
    </>
  );
}

function MoneyFigures({ dashboard }: { dashboard: Dashboard }) {
  const days = dashboard.periodDays;
  return (
    <>
      <MoneyStatCards
        revenue={dashboard.revenue}
        expenses={dashboard.expenses}
        netProfit={dashboard.netProfit}
        periodDays={days}
      >
        <ActiveCleanersCard cleaners={dashboard.activeCleaners} periodDays={days} />
      </MoneyStatCards>
      <FigureList
        figures={[
          { term: "New leads", value: count(dashboard.leads.count) },
          conversionFigure(dashboard.leads),
          followUpFigure(dashboard.followUps),
          {
            term: "GST collected",
            value: formatMoney(dashboard.gstCollectedCents),
            note: GST_COLLECTED_NOTE,
          },
        ]}
      />
    </>
  );
}
