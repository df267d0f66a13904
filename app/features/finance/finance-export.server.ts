import type { Kysely } from "kysely";
import { stringify } from "csv-stringify/sync";
import type { Database } from "~/server/database";
import { safeCell } from "./csv-cells";
import { getFinanceOverview, transactionsForExport } from "./finance.service.server";
import { statusLabel, TRANSACTION_TYPE_LABELS } from "./finance-labels";
import type { FinanceQuery } from "./finance.schema";
import { payoutsForExport } from "./payouts.service.server";
import { formatCsvDateTime, formatPlainAmount } from "~/lib/format";

// Export (docs/decisions/0014-buttons-that-work.md): a CSV of exactly what the current view and
// filters show, streamed batch by batch (each a keyset page of the same query), so a million rows
// never sit in memory at once: the stream pulls the next batch only when the client has read
// the last.

type ExportOptions = { encryptionKey: string; now?: Date };

// Cells are made safe where they are built: the text that comes from the database goes through
// safeCell; the cells this module writes itself (labels, amounts, dates) never start with one of
// its characters, and skipping them spares a million rows four checks and a copy each.
function csv(rows: string[][], header: string[] | null) {
  return stringify(rows, { header: header !== null, columns: header ?? undefined });
}

async function* csvChunks(
  header: string[],
  batches: AsyncIterable<string[][]>,
): AsyncGenerator<string> {
  let first = true;
  for await (const rows of batches) {
    yield csv(rows, first ? header : null);
    first = false;
  }
  if (first) yield csv([], header);
}

async function* transactionRows(db: Kysely<Database>, query: FinanceQuery, now?: Date) {
  for await (const batch of transactionsForExport(db, query, { now })) {
    yield batch.map((t) => [
      safeCell(t.reference),
      safeCell(t.description),
      TRANSACTION_TYPE_LABELS[t.type],
      formatPlainAmount(t.amountCents),
      statusLabel(t.status),
      formatCsvDateTime(t.createdAt),
    ]);
  }
}

async function* payoutRows(db: Kysely<Database>, encryptionKey: string) {
  for await (const batch of payoutsForExport(db, { encryptionKey })) {
    yield batch.map((p) => [
      safeCell(p.cleanerName),
      formatPlainAmount(p.amountCents),
      statusLabel(p.status),
      safeCell(p.bankAccount),
      p.payoutDate,
      safeCell(p.reference),
    ]);
  }
}

/** The overview's figures: every cell made safe (a loss is negative, categories are text). */
async function* overviewRows(db: Kysely<Database>, query: FinanceQuery, now?: Date) {
  for await (const rows of overviewFigures(db, query, now)) {
    yield rows.map((row) => row.map(safeCell));
  }
}

async function* overviewFigures(db: Kysely<Database>, query: FinanceQuery, now?: Date) {
  const overview = await getFinanceOverview(db, { period: query.period, now });
  const change = (growth: { kind: string; value?: number }) =>
    growth.kind === "percent" ? `${growth.value}%` : growth.kind === "new" ? "New" : "";
  yield [
    ["Total Revenue", formatPlainAmount(overview.revenue.cents), change(overview.revenue.growth)],
    [
      "Total Expenses",
      formatPlainAmount(overview.expenses.cents),
      change(overview.expenses.growth),
    ],
    ["Net Profit", formatPlainAmount(overview.netProfit.cents), change(overview.netProfit.growth)],
    [
      "Projected Revenue",
      formatPlainAmount(overview.projectedRevenue.cents),
      change(overview.projectedRevenue.growth),
    ],
    [
      "Average Booking Value",
      overview.averageBookingValue.cents === null
        ? ""
        : formatPlainAmount(overview.averageBookingValue.cents),
      change(overview.averageBookingValue.growth),
    ],
    ["GST Collected", formatPlainAmount(overview.gstCollectedCents), ""],
    ...overview.overTime.flatMap((bar) => [
      [`Revenue ${bar.key}`, formatPlainAmount(bar.revenueCents), ""],
      [`Expenses ${bar.key}`, formatPlainAmount(bar.expensesCents), ""],
    ]),
    ...overview.byCategory.map((row) => [
      `Revenue by category: ${row.category}`,
      formatPlainAmount(row.revenueCents),
      "",
    ]),
  ];
}

export const EXPORT_HEADERS = {
  overview: ["Figure", "Amount (AUD)", "Change on previous period"],
  transactions: ["Reference", "Description", "Type", "Amount (AUD)", "Status", "Date"],
  payouts: ["Cleaner", "Amount (AUD)", "Status", "Bank Account", "Payout Date", "Reference"],
} as const;

/** The export's chunks of CSV text for the view and its filters, one batch at a time. */
export function financeCsvChunks(
  db: Kysely<Database>,
  query: FinanceQuery,
  { encryptionKey, now }: ExportOptions,
): AsyncGenerator<string> {
  const header = [...EXPORT_HEADERS[query.view]];
  if (query.view === "transactions") return csvChunks(header, transactionRows(db, query, now));
  if (query.view === "payouts") return csvChunks(header, payoutRows(db, encryptionKey));
  return csvChunks(header, overviewRows(db, query, now));
}

/** The same as a byte stream for a Response: the next batch is read only when it is pulled. */
export function financeCsvStream(
  db: Kysely<Database>,
  query: FinanceQuery,
  options: ExportOptions,
): ReadableStream<Uint8Array> {
  const chunks = financeCsvChunks(db, query, options);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** finance-transactions-month-all-2026-11-25.csv */
export function exportFileName(query: FinanceQuery, today: string) {
  const parts = ["finance", query.view];
  if (query.view !== "payouts") parts.push(query.period);
  if (query.view === "transactions") parts.push(query.type);
  return `${parts.join("-")}-${today}.csv`;
}
