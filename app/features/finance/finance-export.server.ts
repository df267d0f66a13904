import type { Kysely } from "kysely";
import { stringify } from "csv-stringify/sync";
import type { Database } from "~/server/database";
import { amountCell, percentCell, safeCell, UTF8_BOM } from "./csv-cells";
import { getFinanceOverview, transactionsForExport } from "./finance.service.server";
import { statusLabel, TRANSACTION_TYPE_LABELS } from "./finance-labels";
import type { FinanceQuery } from "./finance.schema";
import { payoutsForExport } from "./payouts.service.server";

type Growth = MoneyFigure["growth"];
import { formatCsvDateTime } from "~/lib/format";
import type { MoneyFigure } from "~/features/dashboard/dashboard.service.server";

// Export (docs/decisions/0014-buttons-that-work.md): a CSV of exactly what the current view and
// filters show, streamed batch by batch (each a keyset page of the same query), so a million rows
// never sit in memory at once: the stream pulls the next batch only when the client has read
// the last.

type ExportOptions = { encryptionKey: string; now?: Date };

// Cells are made safe where they are built: the text that comes from the database goes through
// safeCell; amounts and percentages are numbers (csv-cells.ts); the labels, statuses and dates
// this module writes itself never start with a formula character, and skipping them spares a
// million rows four checks and a copy each. The first chunk starts with the UTF-8 BOM, so Excel
// on Windows shows "••••7890" and not mojibake.
function csv(rows: string[][], header: string[] | null) {
  const text = stringify(rows, { header: header !== null, columns: header ?? undefined });
  return header === null ? text : `${UTF8_BOM}${text}`;
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
      amountCell(t.amountCents),
      statusLabel(t.status),
      formatCsvDateTime(t.createdAt),
    ]);
  }
}

async function* payoutRows(db: Kysely<Database>, encryptionKey: string) {
  for await (const batch of payoutsForExport(db, { encryptionKey })) {
    yield batch.map((p) => [
      safeCell(p.cleanerName),
      amountCell(p.amountCents),
      statusLabel(p.status),
      safeCell(p.bankAccount),
      p.payoutDate,
      safeCell(p.reference),
      // docs/decisions/0092-pay-basis-and-other-payments.md: what it is for is one of our labels;
      // the note is typed by the office.
      p.reasonLabel,
      safeCell(p.reasonNote ?? ""),
    ]);
  }
}

/** A change on the previous period: a number of percent, or a word for the other kinds. */
function changeCell(growth: Growth) {
  if (growth.kind === "percent") return percentCell(growth.value);
  if (growth.kind === "new") return "New";
  return growth.kind === "not-comparable" ? "n/a" : "";
}

/**
 * The overview's figures: a label, the amount as a number and the change. Every label starts
 * with a word of ours (a category's name comes after "Revenue by category: "), so none needs
 * the guard.
 */
async function* overviewRows(db: Kysely<Database>, query: FinanceQuery, now?: Date) {
  const overview = await getFinanceOverview(db, { period: query.period, now });
  const figure = (label: string, cents: number | null, growth?: Growth) => [
    label,
    cents === null ? "" : amountCell(cents),
    growth ? changeCell(growth) : "",
  ];
  yield [
    figure("Total Revenue", overview.revenue.cents, overview.revenue.growth),
    figure("Total Expenses", overview.expenses.cents, overview.expenses.growth),
    figure("Net Profit", overview.netProfit.cents, overview.netProfit.growth),
    figure("Projected Revenue", overview.projectedRevenue.cents, overview.projectedRevenue.growth),
    figure(
      "Average Booking Value",
      overview.averageBookingValue.cents,
      overview.averageBookingValue.growth,
    ),
    figure("GST Collected", overview.gstCollectedCents),
    ...overview.overTime.flatMap((bar) => [
      figure(`Revenue ${bar.key}`, bar.revenueCents),
      figure(`Expenses ${bar.key}`, bar.expensesCents),
    ]),
    ...overview.byCategory.map((row) =>
      figure(`Revenue by category: ${row.category}`, row.revenueCents),
    ),
  ];
}

export const EXPORT_HEADERS = {
  overview: ["Figure", "Amount (AUD)", "Change on previous period (%)"],
  transactions: ["Reference", "Description", "Type", "Amount (AUD)", "Status", "Date"],
  payouts: [
    "Cleaner",
    "Amount (AUD)",
    "Status",
    "Bank Account",
    "Payout Date",
    "Reference",
    "For",
    "Note",
  ],
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
