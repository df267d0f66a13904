import type { Kysely } from "kysely";
import type { Database, TransactionStatus, TransactionType } from "~/server/database";
import { statusAt } from "./cleaner-status-history";
import { NO_CATEGORY } from "~/features/ledger/ledger.server";
import {
  countLeadsBetween,
  countLeadsInHours,
  findCleanerStatusesAt,
  findDailyRollups,
  findHourlyRollups,
  findRecentTransactions,
  summariseAvailableCleaners,
  sumCompletedAmounts,
  type MoneySum,
} from "./dashboard.repository.server";
import { edgePoint, hourRanges, periodRanges, sydneyMonthsBetween } from "./dashboard-time";
import { growthOf, type Growth } from "./growth";

// docs/product/back-office.md#dashboard and docs/product/back-office.md#business-constants-and-limits, with docs/decisions/0021-one-definition-of-money-figures.md's one definition of the money figures.
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
    /** Leads with a paid or completed booking (docs/decisions/0030-conversion-rate.md) */
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

const iso = (ms: number) => new Date(ms).toISOString();

/** A rollup key: type and category ('' for none) */
const keyOf = (type: TransactionType, category: string) => `${type}|${category}`;

/** Per key, the completed amounts of the ledger before an instant (counted from the first day). */
type Cumulative = Map<string, number>;

/**
 * The ledger's completed amounts before each instant, per type and category: the daily rollups
 * of the whole Sydney days before it, plus or minus whole UTC hours of its own day from the
 * hourly rollups, plus or minus the part of its own hour that is read from the ledger. Any sum
 * over [a, b) is then the difference of two of them, exactly as a sum over the rows would be,
 * but the rows read are only those of a few part hours.
 */
async function ledgerBefore(db: Kysely<Database>, instants: number[], now: number) {
  const points = [...new Set(instants)].map((at) => edgePoint(at, now));
  const days = points.map((point) => point.day).sort();
  const [daily, hourly] = await Promise.all([
    findDailyRollups(db, days[0]!, days.at(-1)!),
    findHourlyRollups(
      db,
      points.flatMap((point) => [
        ...(point.hours ? [point.hours] : []),
        ...(point.part ? [{ first: point.part.hour, last: point.part.hour }] : []),
      ]),
    ),
  ]);

  // Part hours: only the keys that have completed rows in that hour (its rollup says which).
  const sums: MoneySum[] = [];
  const partAt = points.map((point) => {
    const at: { key: string; sum: number }[] = [];
    if (!point.part) return at;
    for (const row of hourly) {
      if (row.utc_hour !== point.part.hour) continue;
      sums.push({
        type: row.type,
        category: row.category === NO_CATEGORY ? null : row.category,
        from: iso(point.part.from),
        to: iso(point.part.to),
      });
      at.push({ key: keyOf(row.type, row.category), sum: sums.length - 1 });
    }
    return at;
  });
  const totals = await sumCompletedAmounts(db, sums);

  const before = new Map<number, Cumulative>();
  points.forEach((point, p) => {
    const cumulative: Cumulative = new Map();
    const add = (key: string, cents: number) =>
      cumulative.set(key, (cumulative.get(key) ?? 0) + cents);
    const hours = point.hours;
    // The day itself counts whole when its later hours are taken away below.
    for (const row of daily) {
      if (row.sydney_date < point.day || (row.sydney_date === point.day && hours?.side === "after"))
        add(keyOf(row.type, row.category), row.amount_cents);
    }
    if (hours) {
      const sign = hours.side === "before" ? 1 : -1;
      for (const row of hourly) {
        if (row.utc_hour >= hours.first && row.utc_hour <= hours.last)
          add(keyOf(row.type, row.category), sign * row.amount_cents);
      }
    }
    for (const { key, sum } of partAt[p]!) {
      add(key, (point.part!.side === "before" ? 1 : -1) * totals[sum]!);
    }
    before.set(point.at, cumulative);
  });
  return before;
}

/** Live leads and converted leads created in [from, to): whole UTC hours counted, part hours read. */
async function leadsBetween(db: Kysely<Database>, from: number, to: number) {
  const { hours, parts } = hourRanges(from, to);
  const counts = await Promise.all([
    ...(hours ? [countLeadsInHours(db, hours.from, hours.to)] : []),
    ...parts.map((part) => countLeadsBetween(db, iso(part.from), iso(part.to))),
  ]);
  return counts.reduce(
    (sum, count) => ({ leads: sum.leads + count.leads, booked: sum.booked + count.booked }),
    { leads: 0, booked: 0 },
  );
}

export async function getDashboard(
  db: Kysely<Database>,
  { periodDays, now = new Date() }: { periodDays: number; now?: Date },
): Promise<Dashboard> {
  const { start, end, previousStart } = periodRanges(now, periodDays);
  // docs/product/back-office.md#calls: the dashboard reads the period's transactions; its bars are the
  // period's revenue by Sydney month (one or two bars for 7 days, four for 90).
  const months = sydneyMonthsBetween(start, end);
  const [startMs, endMs, previousMs] = [start.getTime(), end.getTime(), previousStart.getTime()];
  const from = start.toISOString();
  const to = end.toISOString();

  const [ledger, leadCounts, recent, available, cleanersAtStart] = await Promise.all([
    ledgerBefore(
      db,
      [previousMs, startMs, endMs, ...months.map((month) => month.start.getTime())],
      endMs,
    ),
    leadsBetween(db, startMs, endMs),
    findRecentTransactions(db, from, to, RECENT_ACTIVITY),
    summariseAvailableCleaners(db),
    findCleanerStatusesAt(db, from),
  ]);

  /** Completed amounts of [fromMs, toMs) per rollup key, for the keys `wanted` accepts. */
  const between = (fromMs: number, toMs: number, wanted: (type: TransactionType) => boolean) => {
    const [early, late] = [ledger.get(fromMs)!, ledger.get(toMs)!];
    const result = new Map<string, number>();
    for (const key of new Set([...early.keys(), ...late.keys()])) {
      const [type, category] = key.split("|") as [TransactionType, string];
      if (!wanted(type)) continue;
      const cents = (late.get(key) ?? 0) - (early.get(key) ?? 0);
      if (cents !== 0) result.set(category, (result.get(category) ?? 0) + cents);
    }
    return result;
  };
  const total = (amounts: Map<string, number>) =>
    [...amounts.values()].reduce((sum, cents) => sum + cents, 0);
  const isPayment = (type: TransactionType) => type === "payment";
  const isExpense = (type: TransactionType) => type === "payout" || type === "refund";

  const revenueByCategory = between(startMs, endMs, isPayment);
  const revenue = total(revenueByCategory);
  const previousRevenue = total(between(previousMs, startMs, isPayment));
  const expenses = total(between(startMs, endMs, isExpense));
  const previousExpenses = total(between(previousMs, startMs, isExpense));
  const leads = leadCounts.leads;
  const booked = leadCounts.booked;

  const topServices = [...revenueByCategory]
    .map(([category, revenueCents]) => ({
      category: category === NO_CATEGORY ? UNCATEGORISED : category,
      revenueCents,
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
      revenueCents: total(between(month.start.getTime(), month.end.getTime(), isPayment)),
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
