import type { Kysely } from "kysely";
import type { Database, TransactionStatus, TransactionType } from "~/server/database";
import { statusAt } from "./cleaner-status-history";
import { NO_CATEGORY } from "~/features/ledger/ledger.server";
import {
  countLeadsBetween,
  countLeadsInHours,
  findCleanerStatusesAt,
  findRecentTransactions,
  summariseAvailableCleaners,
} from "./dashboard.repository.server";
import { hourRanges, periodRanges, sydneyMonthsBetween } from "./dashboard-time";
import { ledgerBefore, ledgerBetween } from "./ledger-figures.server";
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

/** A range of time, [from, to) in epoch milliseconds. */
export type TimeRange = { from: number; to: number };

/**
 * The money figures of a range as docs/decisions/0021-one-definition-of-money-figures.md
 * defines them, the one definition the dashboard and the finance screen share.
 */
export type MoneyTotals = {
  /** Completed payments */
  revenueCents: number;
  /** Completed payouts and refunds */
  expensesCents: number;
  netProfitCents: number;
  /** The number of completed payments */
  completedPayments: number;
  /** revenue / completed payments, in whole cents; null without payments */
  averageBookingValueCents: number | null;
  /** Revenue per category ('' for none), from the same rows */
  revenueByCategory: Map<string, number>;
};

const isPayment = (type: TransactionType) => type === "payment";
const isExpense = (type: TransactionType) => type === "payout" || type === "refund";

/**
 * The money figures of each range, in the order given, read from the rollups
 * (docs/decisions/0029-dashboard-rollups.md) in one pass, so many ranges (a period, the one
 * before, the bars of a chart) cost about what one does. `now` is the end of the readings: the
 * ledger holds almost nothing after it.
 */
export async function readMoneyTotals(
  db: Kysely<Database>,
  ranges: TimeRange[],
  now: number,
): Promise<MoneyTotals[]> {
  const ledger = await ledgerBefore(
    db,
    ranges.flatMap((range) => [range.from, range.to]),
    now,
  );
  return ranges.map(({ from, to }) => {
    const payments = ledgerBetween(ledger, from, to, isPayment);
    const expenses = ledgerBetween(ledger, from, to, isExpense);
    const revenueCents = sumOf(payments, "cents");
    const expensesCents = sumOf(expenses, "cents");
    const completedPayments = sumOf(payments, "count");
    const revenueByCategory = new Map<string, number>();
    for (const [category, total] of payments) {
      if (total.cents !== 0) revenueByCategory.set(category, total.cents);
    }
    return {
      revenueCents,
      expensesCents,
      netProfitCents: revenueCents - expensesCents,
      completedPayments,
      averageBookingValueCents:
        completedPayments === 0 ? null : Math.round(revenueCents / completedPayments),
      revenueByCategory,
    };
  });
}

function sumOf(totals: Map<string, { cents: number; count: number }>, field: "cents" | "count") {
  let sum = 0;
  for (const total of totals.values()) sum += total[field];
  return sum;
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

  const [money, leadCounts, recent, available, cleanersAtStart] = await Promise.all([
    readMoneyTotals(
      db,
      [
        { from: startMs, to: endMs },
        { from: previousMs, to: startMs },
        ...months.map((month) => ({ from: month.start.getTime(), to: month.end.getTime() })),
      ],
      endMs,
    ),
    leadsBetween(db, startMs, endMs),
    findRecentTransactions(db, from, to, RECENT_ACTIVITY),
    summariseAvailableCleaners(db),
    findCleanerStatusesAt(db, from),
  ]);
  const [current, previous, ...byMonth] = money as [MoneyTotals, MoneyTotals, ...MoneyTotals[]];
  const leads = leadCounts.leads;
  const booked = leadCounts.booked;

  const topServices = [...current.revenueByCategory]
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
    revenue: figure(current.revenueCents, previous.revenueCents),
    expenses: figure(current.expensesCents, previous.expensesCents),
    netProfit: figure(current.netProfitCents, previous.netProfitCents),
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
    revenueByMonth: months.map((month, index) => ({
      month: month.key,
      revenueCents: byMonth[index]!.revenueCents,
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

/** A figure with its growth on the preceding period of the same length. */
export function figure(cents: number, previousCents: number): MoneyFigure {
  return { cents, previousCents, growth: growthOf(cents, previousCents) };
}
