import { stringify } from "csv-stringify/sync";
import type { Kysely } from "kysely";
import { amountCell, safeCell, UTF8_BOM } from "~/features/finance/csv-cells";
import { sydneyDate } from "~/lib/sydney-time";
import type { Database } from "~/server/database";
import { hoursOf } from "./pay-run-summary";
import { lineTotalCents, superCents } from "./pay-rules";
import { getPayRun } from "./pay-runs.service.server";
import { loadingLabel } from "./payroll-labels";

// The accountant's exports of a pay run (docs/decisions/0082-aba-bank-file.md): its lines as CSV,
// and a CSV of bills, one per cleaner per run, in the column layout of Xero's bill import
// template (Xero Central, "Import bills"; starred columns are required by Xero). Both are the
// wages: tips passed on in a run are not the business's cost
// (docs/decisions/0085-tips-ride-in-pay-runs.md).

export const XERO_BILL_COLUMNS = [
  "*ContactName",
  "EmailAddress",
  "POAddressLine1",
  "POAddressLine2",
  "POAddressLine3",
  "POAddressLine4",
  "POCity",
  "PORegion",
  "POPostalCode",
  "POCountry",
  "*InvoiceNumber",
  "*InvoiceDate",
  "*DueDate",
  "InventoryItemCode",
  "Description",
  "*Quantity",
  "*UnitAmount",
  "*AccountCode",
  "*TaxType",
  "TrackingName1",
  "TrackingOption1",
  "TrackingName2",
  "TrackingOption2",
  "Currency",
] as const;

// Xero's Australian chart of accounts: 477 Wages and Salaries, 825 PAYG Withholdings Payable.
// Pay is outside GST ("BAS Excluded"). The accountant may map them otherwise on import.
const WAGES_ACCOUNT = "477";
const WITHHOLDING_ACCOUNT = "825";
const NO_GST = "BAS Excluded";

/** "2026-12-03" -> "03/12/2026": the Australian date Xero reads. */
const xeroDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

const RUN_COLUMNS = [
  "Run",
  "Period start",
  "Period end",
  "Status",
  "Cleaner",
  "Pay basis",
  "Job",
  "Date",
  "Service",
  "Hours",
  "Estimated",
  "Rate",
  "Loading",
  "Earned",
  "Adjustment",
  "Adjustment reason",
  "Total",
  "Withheld",
  "Paid to cleaner",
  "Super",
];

export async function payRunCsv(db: Kysely<Database>, runId: string) {
  const details = await getPayRun(db, runId);
  if (!details) return null;
  const { run, pays } = details;
  const rows = pays.flatMap((pay) =>
    pay.lines.map((line) => [
      run.reference,
      run.period_start,
      run.period_end,
      run.status,
      safeCell(pay.name),
      pay.employmentType,
      line.booking_reference,
      line.work_date,
      line.service_type,
      hoursOf(line.minutes),
      line.estimated ? "yes" : "no",
      amountCell(line.rate_cents),
      loadingLabel(line.loading_kind, line.loading_percent),
      amountCell(line.base_cents),
      amountCell(line.adjustment_cents),
      safeCell(line.adjustment_reason ?? ""),
      amountCell(lineTotalCents(line)),
      amountCell(line.withholding_cents),
      amountCell(lineTotalCents(line) - line.withholding_cents),
      amountCell(superCents(pay.employmentType, line)),
    ]),
  );
  return {
    fileName: `${run.reference}-lines.csv`,
    body: UTF8_BOM + stringify(rows, { header: true, columns: RUN_COLUMNS }),
  };
}

export async function xeroBillsCsv(db: Kysely<Database>, runId: string, now = new Date()) {
  const details = await getPayRun(db, runId);
  if (!details) return null;
  const { run, pays } = details;
  const issued = xeroDate(
    run.approved_at ? sydneyDate(new Date(run.approved_at)) : sydneyDate(now),
  );
  const due = xeroDate(run.paid_at ? sydneyDate(new Date(run.paid_at)) : sydneyDate(now));
  const bill = (pay: (typeof pays)[number]) => ({
    contact: safeCell(pay.name),
    email: safeCell(pay.email),
    number: `${run.reference}-${pays.indexOf(pay) + 1}`,
  });
  const row = (b: ReturnType<typeof bill>, description: string, cents: number, account: string) => {
    const cells: Record<(typeof XERO_BILL_COLUMNS)[number], string> = Object.fromEntries(
      XERO_BILL_COLUMNS.map((column) => [column, ""]),
    ) as Record<(typeof XERO_BILL_COLUMNS)[number], string>;
    cells["*ContactName"] = b.contact;
    cells.EmailAddress = b.email;
    cells["*InvoiceNumber"] = b.number;
    cells["*InvoiceDate"] = issued;
    cells["*DueDate"] = due;
    cells.Description = safeCell(description);
    cells["*Quantity"] = "1";
    cells["*UnitAmount"] = amountCell(cents);
    cells["*AccountCode"] = account;
    cells["*TaxType"] = NO_GST;
    cells.Currency = "AUD";
    return XERO_BILL_COLUMNS.map((column) => cells[column]);
  };
  const rows = pays.flatMap((pay) => {
    const b = bill(pay);
    const lines = pay.lines.map((line) =>
      row(
        b,
        `Job ${line.booking_reference} on ${line.work_date}: ${hoursOf(line.minutes)} h${line.adjustment_reason ? `; ${line.adjustment_reason}` : ""}`,
        lineTotalCents(line),
        WAGES_ACCOUNT,
      ),
    );
    if (pay.withholdingCents > 0) {
      lines.push(row(b, "Tax withheld", -pay.withholdingCents, WITHHOLDING_ACCOUNT));
    }
    return lines;
  });
  return {
    fileName: `${run.reference}-xero-bills.csv`,
    body: UTF8_BOM + stringify(rows, { header: true, columns: [...XERO_BILL_COLUMNS] }),
  };
}
