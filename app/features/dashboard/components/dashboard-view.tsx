import { LoaderCircle, Users } from "lucide-react";
import { EmptyState } from "~/components/kit/empty-state";
import { ErrorState } from "~/components/kit/error-state";
import { PageHeader } from "~/components/kit/page-header";
import type { DashboardPeriod } from "../dashboard.schema";
import type { Dashboard } from "../dashboard.service.server";
import { formatPercent } from "../dashboard-format";
import { PeriodForm } from "./period-form";
import { RecentActivity } from "./recent-activity";
import { RevenueOverview } from "./revenue-overview";
import { FigureList, MoneyStatCards, StatCard } from "./stat-card";
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
      <MoneyStatCards
        revenue={dashboard.revenue}
        expenses={dashboard.expenses}
        netProfit={dashboard.netProfit}
        periodDays={days}
      >
        <StatCard
          title="Active Cleaners"
          value={String(activeCleaners.count)}
          growth={activeCleaners.growth}
          periodDays={days}
          detail={rating}
          icon={Users}
        />
      </MoneyStatCards>
      <FigureList
        figures={[
          { term: "New leads", value: leads.count.toLocaleString("en-AU") },
          {
            term: "Quote-to-booking conversion",
            value: conversion,
            note: `${leads.booked.toLocaleString("en-AU")} of ${leads.count.toLocaleString("en-AU")} booked`,
          },
        ]}
      />
    </>
  );
}
