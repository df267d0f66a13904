import { CalendarCheck, ClipboardList, UserRoundX, Users } from "lucide-react";
import type { ActiveCleaners, LeadFigures } from "../team-and-lead-figures.server";
import type { OperationsDashboard } from "../operations-dashboard.server";
import { formatPercent } from "../dashboard-format";
import { FigureList, StatCard } from "./stat-card";
import type { FollowUpFigures } from "~/features/quote-follow-ups/follow-ups.service.server";

// The figures of the dashboard that are not money: the whole dashboard for staff without
// finance.view, and the team and leads for owners (docs/decisions/0044-figures-by-permission.md).

export const count = (value: number) => value.toLocaleString("en-AU");

export function ActiveCleanersCard({
  cleaners,
  periodDays,
}: {
  cleaners: ActiveCleaners;
  periodDays: number;
}) {
  const rating =
    cleaners.averageRating === null
      ? "No rating yet"
      : `Average rating ${cleaners.averageRating.toFixed(1)} of 5`;
  return (
    <StatCard
      title="Active Cleaners"
      value={count(cleaners.count)}
      growth={cleaners.growth}
      periodDays={periodDays}
      detail={rating}
      icon={Users}
    />
  );
}

export function conversionFigure(leads: LeadFigures) {
  return {
    term: "Quote-to-booking conversion",
    value: leads.conversionRate === null ? "—" : formatPercent(leads.conversionRate),
    note: `${count(leads.booked)} of ${count(leads.count)} booked`,
  };
}

/** docs/decisions/0077-quote-follow-ups.md: how many followed-up quotes were then booked. */
export function followUpFigure(followUps: FollowUpFigures) {
  return {
    term: "Followed-up quotes booked",
    value: followUps.conversionRate === null ? "—" : formatPercent(followUps.conversionRate),
    note: `${count(followUps.booked)} of ${count(followUps.followedUp)} followed up`,
  };
}

/** Bookings, new leads, jobs without a cleaner and active cleaners, then the conversion. */
export function OperationsFigures({ dashboard }: { dashboard: OperationsDashboard }) {
  const days = dashboard.periodDays;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Bookings"
          value={count(dashboard.bookings.count)}
          growth={dashboard.bookings.growth}
          periodDays={days}
          detail="Made in the period, not cancelled"
          icon={CalendarCheck}
        />
        <StatCard
          title="New Leads"
          value={count(dashboard.leads.count)}
          growth={dashboard.leadsGrowth}
          periodDays={days}
          icon={ClipboardList}
        />
        <StatCard
          title="Jobs Without a Cleaner"
          value={count(dashboard.jobsWithoutCleaner)}
          periodDays={days}
          detail="Confirmed jobs from today on with no accepted cleaner"
          icon={UserRoundX}
        />
        <ActiveCleanersCard cleaners={dashboard.activeCleaners} periodDays={days} />
      </div>
      <FigureList
        figures={[conversionFigure(dashboard.leads), followUpFigure(dashboard.followUps)]}
      />
    </>
  );
}
