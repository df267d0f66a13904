import type { Kysely } from "kysely";
import type { Database, TransactionStatus, TransactionType } from "~/server/database";
import { statusAt } from "./cleaner-status-history";
import {
  countBookedLeads,
  countLeads,
  findCleanerStatusesAt,
  findPaymentCategories,
  findRecentTransactions,
  summariseAvailableCleaners,
  sumCompletedAmounts,
  type MoneySum,
} from "./dashboard.repository.server";
import { periodRanges, sydneyMonthsBetween } from "./dashboard-time";
import { growthOf, type Growth } from "./growth";

// spec back-office 2.5 and 9, with D21's one definition of the money figures.
export const TOP_SERVICES = 3;
export const RECENT_ACTIVITY = 5;
/** How payments without a category appear among the top services. */
export const UNCATEGORISED = "Uncategorised";

export type MoneyFigure = { cents: number; previousCents: number; growth: Growth };

export type RecentTransaction = {
  id: string;
  reference: string;
  description: string;
  type: TransactionType;
  amountCents: number;
  category: string | null;
  status: TransactionStatus;
  createdAt: string;
};

export type Dashboard = {
  periodDays: number;
  /** The period, [from, to) as ISO-8601 UTC */
  from: string;
  to: string;
  revenue: MoneyFigure;
  expenses: MoneyFigure;
  netProfit: MoneyFigure;
  activeCleaners: {
    count: number;
    /** Available when the period began, from the cleaners' status history */
    countAtStart: number;
    growth: Growth;
    /** Over cleaners available now; null when there are none */
    averageRating: number | null;
  };
  leads: {
    count: number;
    booked: number;
    /** booked / count as a percentage with one decimal; null without leads */
    conversionRate: number | null;
  };
  /** The period's revenue by Sydney month, oldest first (the first and last months partial) */
  revenueByMonth: { month: string; revenueCents: number }[];
  topServices: { category: string; revenueCents: number }[];
  recentActivity: RecentTransaction[];
  /** False when the period has neither a transaction nor a lead */
  hasData: boolean;
};

type Interval = { from: number; to: number };

/**
 * Cuts [previous period start, now) at every boundary the dashboard reports on (the period, each
 * Sydney month in it), so each ledger row falls in exactly one interval and is summed once.
 */
function elementaryIntervals(boundaries: number[], now: number): Interval[] {
  const points = [...new Set(boundaries.filter((point) => point <= now))].sort((a, b) => a - b);
  const intervals: Interval[] = [];
  for (let i = 0; i + 1 < points.length; i++)
    intervals.push({ from: points[i]!, to: points[i + 1]! });
  return intervals;
}

const iso = (ms: number) => new Date(ms).toISOString();

export async function getDashboard(
  db: Kysely<Database>,
  { periodDays, now = new Date() }: { periodDays: number; now?: Date },
): Promise<Dashboard> {
  const { start, end, previousStart } = periodRanges(now, periodDays);
  // spec back-office 7: the dashboard reads the period's transactions; its bars are the
  // period's revenue by Sydney month (one or two bars for 7 days, four for 90).
  const months = sydneyMonthsBetween(start, end);
  const [startMs, endMs, previousMs] = [start.getTime(), end.getTime(), previousStart.getTime()];
  const from = start.toISOString();
  const to = end.toISOString();

  const intervals = elementaryIntervals(
    [previousMs, startMs, endMs, ...months.map((month) => month.start.getTime())],
    endMs,
  );
  const current = intervals.filter((interval) => interval.from >= startMs);
  const before = intervals.filter((interval) => interval.from < startMs);

  const categories = await findPaymentCategories(db);
  const groups: (string | null)[] = [...categories, null];

  // Payments in the period are summed per category (the top services need it); earlier ones as
  // one total per interval. Expenses need only the period and the one before.
  const sums: MoneySum[] = [];
  const currentAt = current.map((interval) =>
    groups.map((category) => {
      sums.push({ type: "payment", category, from: iso(interval.from), to: iso(interval.to) });
      return sums.length - 1;
    }),
  );
  const beforeAt = before.map((interval) => {
    sums.push({ type: "payment", from: iso(interval.from), to: iso(interval.to) });
    return sums.length - 1;
  });
  const expenseAt = (["payout", "refund"] as const).map((type) => {
    sums.push({ type, from, to });
    sums.push({ type, from: previousStart.toISOString(), to: from });
    return [sums.length - 2, sums.length - 1] as const;
  });

  const [totals, leads, booked, recent, available, cleanersAtStart] = await Promise.all([
    sumCompletedAmounts(db, sums),
    countLeads(db, from, to),
    countBookedLeads(db, from, to),
    findRecentTransactions(db, from, to, RECENT_ACTIVITY),
    summariseAvailableCleaners(db),
    findCleanerStatusesAt(db, from),
  ]);

  const intervalRevenue = new Map<Interval, number>();
  current.forEach((interval, i) =>
    intervalRevenue.set(
      interval,
      currentAt[i]!.reduce((sum, at) => sum + totals[at]!, 0),
    ),
  );
  before.forEach((interval, i) => intervalRevenue.set(interval, totals[beforeAt[i]!]!));
  const revenueWithin = (fromMs: number, toMs: number) =>
    intervals
      .filter((interval) => interval.from >= fromMs && interval.to <= toMs)
      .reduce((sum, interval) => sum + intervalRevenue.get(interval)!, 0);

  const revenue = revenueWithin(startMs, endMs);
  const previousRevenue = revenueWithin(previousMs, startMs);
  const expenses = expenseAt.reduce((sum, [now]) => sum + totals[now]!, 0);
  const previousExpenses = expenseAt.reduce((sum, [, previous]) => sum + totals[previous]!, 0);

  const topServices = groups
    .map((category, g) => ({
      category: category ?? UNCATEGORISED,
      revenueCents: currentAt.reduce((sum, ats) => sum + totals[ats[g]!]!, 0),
    }))
    .filter((service) => service.revenueCents > 0)
    .sort((a, b) => b.revenueCents - a.revenueCents || a.category.localeCompare(b.category))
    .slice(0, TOP_SERVICES);

  const countAtStart = cleanersAtStart.filter((row) => statusAt(row) === "available").length;

  return {
    periodDays,
    from,
    to,
    revenue: figure(revenue, previousRevenue),
    expenses: figure(expenses, previousExpenses),
    netProfit: figure(revenue - expenses, previousRevenue - previousExpenses),
    activeCleaners: {
      count: available.count,
      countAtStart,
      growth: growthOf(available.count, countAtStart),
      averageRating:
        available.averageRating === null ? null : Math.round(available.averageRating * 10) / 10,
    },
    leads: {
      count: leads,
      booked,
      conversionRate: leads === 0 ? null : Math.round((booked / leads) * 1000) / 10,
    },
    revenueByMonth: months.map((month) => ({
      month: month.key,
      revenueCents: revenueWithin(month.start.getTime(), month.end.getTime()),
    })),
    topServices,
    recentActivity: recent.map((row) => ({
      id: row.id,
      reference: row.reference_id,
      description: row.description,
      type: row.type,
      amountCents: Number(row.amount_cents),
      category: row.category,
      status: row.status,
      createdAt: row.created_at,
    })),
    hasData: recent.length > 0 || leads > 0,
  };
}

function figure(cents: number, previousCents: number): MoneyFigure {
  return { cents, previousCents, growth: growthOf(cents, previousCents) };
}
