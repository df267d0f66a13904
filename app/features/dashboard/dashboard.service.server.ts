import type { Kysely } from "kysely";
import type { Database, TransactionStatus, TransactionType } from "~/server/database";
import { can } from "~/features/auth/permissions";
import { NO_CATEGORY } from "~/features/ledger/ledger.server";
import { findRecentTransactions } from "./dashboard.repository.server";
import { periodRanges, sydneyMonthsBetween } from "./dashboard-time";
import { ledgerBefore, ledgerBetween } from "./ledger-figures.server";
import { moneyGrowthOf, type Growth } from "./growth";
import { getOperationsDashboard, type OperationsDashboard } from "./operations-dashboard.server";
import {
  readActiveCleaners,
  readLeadFigures,
  type ActiveCleaners,
  type LeadFigures,
} from "./team-and-lead-figures.server";
import {
  followUpConversion,
  type FollowUpFigures,
} from "~/features/quote-follow-ups/follow-ups.service.server";

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

/** What an owner sees: the money figures of docs/decisions/0021-one-definition-of-money-figures.md. */
export type Dashboard = {
  kind: "money";
  periodDays: number;
  /** The period, [from, to) as ISO-8601 UTC */
  from: string;
  to: string;
  revenue: MoneyFigure;
  expenses: MoneyFigure;
  netProfit: MoneyFigure;
  /** GST on the period's payments less GST on its refunds (gstCollectedCents) */
  gstCollectedCents: number;
  activeCleaners: ActiveCleaners;
  leads: LeadFigures;
  /** Quotes first followed up in the period and how many were booked (docs/decisions/0077-quote-follow-ups.md) */
  followUps: FollowUpFigures;
  /** The period's revenue by Sydney month, oldest first (the first and last months partial) */
  revenueByMonth: { month: string; revenueCents: number }[];
  topServices: { category: string; revenueCents: number }[];
  recentActivity: RecentTransaction[];
  /** False when the period has neither a transaction nor a lead */
  hasData: boolean;
};

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
  /** Completed refunds, which are also among the expenses */
  refundsCents: number;
  /** GST on the payments less GST on the refunds (gstCollectedCents) */
  gstCollectedCents: number;
  /** Completed tips: the crew's money, neither revenue nor taxed (docs/decisions/0078-tips-go-to-the-crew.md) */
  tipsCents: number;
  /** Revenue less expenses, with the tips paid in added back: payouts carry them out again */
  netProfitCents: number;
  /** The number of completed payments */
  completedPayments: number;
  /** revenue / completed payments, in whole cents; null without payments */
  averageBookingValueCents: number | null;
  /** Revenue per category ('' for none), from the same rows */
  revenueByCategory: Map<string, number>;
};

/** Prices are GST-inclusive (docs/decisions/0009-sydney-time-and-money.md): GST is 1/11 of them */
export const GST_SHARE = 1 / 11;

/**
 * GST collected: the GST in what customers paid less the GST in what was given back. The one
 * definition the dashboard, the finance screen and its export share
 * (docs/decisions/0044-figures-by-permission.md).
 */
export function gstCollectedCents(paymentsCents: number, refundsCents: number) {
  return Math.round((paymentsCents - refundsCents) * GST_SHARE);
}

const isPayment = (type: TransactionType) => type === "payment";
const isRefund = (type: TransactionType) => type === "refund";
const isExpense = (type: TransactionType) => type === "payout" || type === "refund";
const isTip = (type: TransactionType) => type === "tip";

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
    const refundsCents = sumOf(ledgerBetween(ledger, from, to, isRefund), "cents");
    const completedPayments = sumOf(payments, "count");
    const tipsCents = sumOf(ledgerBetween(ledger, from, to, isTip), "cents");
    const revenueByCategory = new Map<string, number>();
    for (const [category, total] of payments) {
      if (total.cents !== 0) revenueByCategory.set(category, total.cents);
    }
    return {
      revenueCents,
      expensesCents,
      refundsCents,
      gstCollectedCents: gstCollectedCents(revenueCents, refundsCents),
      tipsCents,
      // A payout includes the cleaner's tips, which were never revenue: adding the tips back
      // leaves the business's profit as if tips had passed straight to the crew
      // (docs/decisions/0078-tips-go-to-the-crew.md).
      netProfitCents: revenueCents - expensesCents + tipsCents,
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

/** The dashboard `role` may see: the money figures with finance.view, the operational ones without. */
export async function getDashboardFor(
  db: Kysely<Database>,
  input: { role: string; periodDays: number; now?: Date },
): Promise<Dashboard | OperationsDashboard> {
  // docs/decisions/0044-figures-by-permission.md: the money is owner-only, as Finance is; the
  // figures of the other dashboard are never read, so they cannot leak to the page.
  return can(input.role, "finance.view")
    ? getDashboard(db, input)
    : getOperationsDashboard(db, input);
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

  const [money, leads, recent, activeCleaners, followUps] = await Promise.all([
    readMoneyTotals(
      db,
      [
        { from: startMs, to: endMs },
        { from: previousMs, to: startMs },
        ...months.map((month) => ({ from: month.start.getTime(), to: month.end.getTime() })),
      ],
      endMs,
    ),
    readLeadFigures(db, startMs, endMs, endMs),
    findRecentTransactions(db, from, to, RECENT_ACTIVITY),
    readActiveCleaners(db, from),
    followUpConversion(db, { from: start, to: end }),
  ]);
  const [current, previous, ...byMonth] = money as [MoneyTotals, MoneyTotals, ...MoneyTotals[]];

  return {
    kind: "money",
    periodDays,
    from,
    to,
    revenue: figure(current.revenueCents, previous.revenueCents),
    expenses: figure(current.expensesCents, previous.expensesCents),
    netProfit: figure(current.netProfitCents, previous.netProfitCents),
    gstCollectedCents: current.gstCollectedCents,
    activeCleaners,
    leads,
    followUps,
    revenueByMonth: months.map((month, index) => ({
      month: month.key,
      revenueCents: byMonth[index]!.revenueCents,
    })),
    topServices: topServicesOf(current.revenueByCategory),
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
    hasData: recent.length > 0 || leads.count > 0,
  };
}

function topServicesOf(revenueByCategory: Map<string, number>) {
  return [...revenueByCategory]
    .map(([category, revenueCents]) => ({
      category: category === NO_CATEGORY ? UNCATEGORISED : category,
      revenueCents,
    }))
    .filter((service) => service.revenueCents > 0)
    .sort((a, b) => b.revenueCents - a.revenueCents || a.category.localeCompare(b.category))
    .slice(0, TOP_SERVICES);
}

/**
 * A money figure with its growth on the preceding period of the same length; a base near zero
 * gives no percentage (moneyGrowthOf).
 */
export function figure(cents: number, previousCents: number): MoneyFigure {
  return { cents, previousCents, growth: moneyGrowthOf(cents, previousCents) };
}
