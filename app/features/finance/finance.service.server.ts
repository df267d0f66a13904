import type { Kysely } from "kysely";
import { decodeCursor, encodeCursor } from "~/components/kit/keyset";
import {
  figure,
  readMoneyTotals,
  UNCATEGORISED,
  type MoneyFigure,
} from "~/features/dashboard/dashboard.service.server";
import { failure } from "~/lib/result";
import type { Database, TransactionStatus, TransactionType } from "~/server/database";
import { type PaymentsContext } from "~/features/payments/payments.service.server";
import {
  refundBookingPayment,
  type RefundResult,
} from "~/features/payments/refunds.service.server";
import {
  findBookingOfTransaction,
  findRefundableCents,
  findTransactionsPage,
  type TransactionPageQuery,
} from "./finance.repository.server";
import {
  FINANCE_TEXT,
  PERIOD_DAYS,
  transactionTypeOf,
  type FinancePeriod,
  type FinanceQuery,
} from "./finance.schema";
import { chartBuckets, DAY_MS, rollingPeriod } from "./finance-time";

// docs/product/back-office.md#finance with docs/decisions/0021-one-definition-of-money-figures.md:
// the figures are the dashboard's (readMoneyTotals), over rolling weeks, months and years.

/** docs/product/back-office.md#business-constants-and-limits: projected revenue is revenue x 1.1 */
export const PROJECTION_FACTOR = 1.1;
export const TRANSACTIONS_PAGE_SIZE = 50;

export type FinanceOverview = {
  period: FinancePeriod;
  periodDays: number;
  from: string;
  to: string;
  revenue: MoneyFigure;
  expenses: MoneyFigure;
  netProfit: MoneyFigure;
  projectedRevenue: MoneyFigure;
  /** revenue / completed payments; null without payments */
  averageBookingValue: { cents: number | null; growth: MoneyFigure["growth"] };
  /** GST on the period's payments less GST on its refunds, the dashboard's definition */
  gstCollectedCents: number;
  /** Revenue and expenses per Sydney day (week, month) or month (year), oldest first */
  overTime: { key: string; revenueCents: number; expensesCents: number }[];
  /** The period's revenue per service category, largest first */
  byCategory: { category: string; revenueCents: number }[];
};

export async function getFinanceOverview(
  db: Kysely<Database>,
  { period, now = new Date() }: { period: FinancePeriod; now?: Date },
): Promise<FinanceOverview> {
  const periodDays = PERIOD_DAYS[period];
  const { start, end, previousStart } = rollingPeriod(now, periodDays);
  const buckets = chartBuckets(start, end, period === "year" ? "month" : "day");
  const [current, previous, ...bars] = await readMoneyTotals(
    db,
    [
      { from: start, to: end },
      { from: previousStart, to: start },
      ...buckets.map((bucket) => ({ from: bucket.from, to: bucket.to })),
    ],
    end,
  );
  const projected = (cents: number) => Math.round(cents * PROJECTION_FACTOR);
  return {
    period,
    periodDays,
    from: new Date(start).toISOString(),
    to: new Date(end).toISOString(),
    revenue: figure(current!.revenueCents, previous!.revenueCents),
    expenses: figure(current!.expensesCents, previous!.expensesCents),
    netProfit: figure(current!.netProfitCents, previous!.netProfitCents),
    projectedRevenue: figure(projected(current!.revenueCents), projected(previous!.revenueCents)),
    averageBookingValue: {
      cents: current!.averageBookingValueCents,
      growth: figure(
        current!.averageBookingValueCents ?? 0,
        previous!.averageBookingValueCents ?? 0,
      ).growth,
    },
    gstCollectedCents: current!.gstCollectedCents,
    overTime: buckets.map((bucket, index) => ({
      key: bucket.key,
      revenueCents: bars[index]!.revenueCents,
      expensesCents: bars[index]!.expensesCents,
    })),
    byCategory: [...current!.revenueByCategory]
      .map(([category, revenueCents]) => ({
        category: category === "" ? UNCATEGORISED : category,
        revenueCents,
      }))
      .filter((row) => row.revenueCents > 0)
      .sort((a, b) => b.revenueCents - a.revenueCents || a.category.localeCompare(b.category)),
  };
}

export type FinanceTransaction = {
  id: string;
  reference: string;
  description: string;
  type: TransactionType;
  amountCents: number;
  status: TransactionStatus;
  createdAt: string;
  /** A booking's payment that is still paid: owners may refund it from here */
  refundable: boolean;
  /** What is left to refund of it: paid less already refunded (0 when not refundable) */
  refundableCents: number;
};

type TransactionFilter = Pick<FinanceQuery, "period" | "type" | "sort" | "dir">;

function pageQuery(
  filter: TransactionFilter,
  after: TransactionPageQuery["after"],
  limit: number,
  now: Date,
): TransactionPageQuery {
  return {
    from: new Date(now.getTime() - PERIOD_DAYS[filter.period] * DAY_MS).toISOString(),
    type: transactionTypeOf(filter.type),
    sort: filter.sort === "amount" ? "amount_cents" : "created_at",
    direction: filter.dir,
    after,
    limit,
  };
}

/** A cursor from the URL as the sort's value: amounts are whole numbers, dates are text. */
function readCursor(filter: TransactionFilter, text: string | undefined) {
  const cursor = decodeCursor(text);
  if (!cursor) return null;
  if (filter.sort !== "amount") return cursor;
  const value = Number(cursor.value);
  return Number.isSafeInteger(value) ? { value, id: cursor.id } : null;
}

/**
 * One keyset page of the ledger for the filters (docs/product/back-office.md#finance), and the
 * cursor of the next page when there is one.
 */
export async function getTransactionsPage(
  db: Kysely<Database>,
  filter: TransactionFilter & { after?: string },
  { now = new Date(), limit = TRANSACTIONS_PAGE_SIZE }: { now?: Date; limit?: number } = {},
) {
  const rows = await findTransactionsPage(
    db,
    pageQuery(filter, readCursor(filter, filter.after), limit + 1, now),
  );
  const page = rows.slice(0, limit);
  const refundable = await findRefundableCents(
    db,
    page.flatMap((row) => (row.type === "payment" && row.payment_id ? [row.payment_id] : [])),
  );
  const shown = page.map((row) => {
    const cents = (row.type === "payment" && row.payment_id && refundable.get(row.payment_id)) || 0;
    return { ...toTransaction(row), refundable: cents > 0, refundableCents: cents };
  });
  const last = shown.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({
          value: filter.sort === "amount" ? String(last.amountCents) : last.createdAt,
          id: last.id,
        })
      : null;
  return { transactions: shown, nextCursor };
}

/**
 * Every transaction the filters select, in the table's order, in keyset batches: what the export
 * streams. Only one batch is held at a time.
 */
export async function* transactionsForExport(
  db: Kysely<Database>,
  filter: TransactionFilter,
  { now = new Date(), batch = 5000 }: { now?: Date; batch?: number } = {},
): AsyncGenerator<FinanceTransaction[]> {
  let after: TransactionPageQuery["after"] = null;
  for (;;) {
    const rows = await findTransactionsPage(db, pageQuery(filter, after, batch, now));
    if (rows.length === 0) return;
    yield rows.map(toTransaction);
    if (rows.length < batch) return;
    const last = rows.at(-1)!;
    after = { value: filter.sort === "amount" ? last.amount_cents : last.created_at, id: last.id };
  }
}

function toTransaction(row: Awaited<ReturnType<typeof findTransactionsPage>>[number]) {
  return {
    id: row.id,
    reference: row.reference_id,
    description: row.description,
    type: row.type,
    amountCents: row.amount_cents,
    status: row.status,
    createdAt: row.created_at,
    refundable: false,
    refundableCents: 0,
  } satisfies FinanceTransaction;
}

/**
 * Refund from the Transactions view (docs/product/back-office.md#finance): all or part of the
 * booking's payment goes back through the provider that took it, which writes the refund ledger
 * line (docs/decisions/0007-payments-through-a-provider.md,
 * docs/decisions/0043-payouts-and-refunds.md). Refunding twice refunds once.
 */
export async function refundTransaction(
  db: Kysely<Database>,
  input: {
    transactionId: string;
    staffId: string;
    ip?: string | null;
    /** Cents to refund; all that is left when not given */
    amountCents?: number;
    reason?: string;
    /** What was left to refund when the form was shown: see refundBookingPayment */
    expectedRefundableCents?: number;
  },
  ctx: PaymentsContext,
): Promise<RefundResult> {
  const bookingId = await findBookingOfTransaction(db, input.transactionId);
  // A payout or a refund line: only a booking's payment is refunded here.
  if (!bookingId) return failure("invalid", FINANCE_TEXT.refundNotBookingPayment);
  return refundBookingPayment(
    db,
    {
      bookingId,
      actor: { type: "staff", id: input.staffId, ip: input.ip },
      amountCents: input.amountCents,
      reason: input.reason,
      expectedRefundableCents: input.expectedRefundableCents,
    },
    ctx,
  );
}
