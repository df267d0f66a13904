import { parse } from "csv-parse/sync";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { approvePayRun, buildPayRun, getPayRun } from "./pay-runs.service.server";
import { lineTotalCents } from "./pay-rules";
import { xeroBillsCsv } from "./payroll-export.server";
import { addCleaner, addJob, OWNER } from "./payroll.test-data";
import { adjustLine, approveLines, generateTimesheetLines } from "./timesheets.service.server";

// docs/decisions/0082-aba-bank-file.md: the bills CSV in the columns of Xero's bill import
// template, in its order, read back by a CSV parser and checked row by row against the run.

const XERO_TEMPLATE = [
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
];

describe.each(testDialects)("the Xero bills of a run on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("one bill per cleaner, a row per job at its total and withholding as a negative row", async () => {
    const db = database.db;
    const mei = await addCleaner(db, { name: "Mei Chen", rateCents: 4000 });
    const sam = await addCleaner(db, { name: "Sam Ray" });
    await addJob(db, { date: "2026-12-02", hours: 3, seats: [{ cleanerId: mei }] });
    await addJob(db, {
      date: "2026-12-04",
      hours: 2,
      seats: [{ cleanerId: mei }, { cleanerId: sam }],
    });
    await generateTimesheetLines(db);
    const lines = await db.selectFrom("timesheet_lines").select(["id", "cleaner_id"]).execute();
    const samLine = lines.find((line) => line.cleaner_id === sam)!;
    await adjustLine(
      db,
      { lineId: samLine.id, adjustment: 500, reason: "Parking", withholding: 900 },
      OWNER,
    );
    await approveLines(
      db,
      lines.map((line) => line.id),
      OWNER,
    );
    const run = await buildPayRun(
      db,
      { periodStart: "2026-11-30", periodEnd: "2026-12-06" },
      OWNER,
    );
    if (!run.ok) throw new Error(run.message);
    await approvePayRun(db, run.runId, OWNER, new Date("2026-12-08T01:00:00Z"));

    const csv = (await xeroBillsCsv(db, run.runId, new Date("2026-12-09T01:00:00Z")))!;
    const [header, ...rows] = parse(csv.body, { bom: true }) as string[][];
    expect(header).toEqual(XERO_TEMPLATE);
    const bills = rows.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i]!])));

    const { pays } = (await getPayRun(db, run.runId))!;
    const expected = pays.flatMap((pay) => [
      ...pay.lines.map((line) => ({
        name: pay.name,
        amount: (lineTotalCents(line) / 100).toFixed(2),
        account: "477",
      })),
      ...(pay.withholdingCents > 0
        ? [{ name: pay.name, amount: (-pay.withholdingCents / 100).toFixed(2), account: "825" }]
        : []),
    ]);
    expect(
      bills.map((bill) => ({
        name: bill["*ContactName"],
        amount: bill["*UnitAmount"],
        account: bill["*AccountCode"],
      })),
    ).toEqual(expected);
    for (const bill of bills) {
      expect(bill).toMatchObject({
        "*InvoiceDate": "08/12/2026",
        "*DueDate": "09/12/2026",
        "*Quantity": "1",
        "*TaxType": "BAS Excluded",
        Currency: "AUD",
      });
      expect(bill["*InvoiceNumber"]).toMatch(new RegExp(`^${run.reference}-\\d+$`));
    }
    // One bill number per cleaner, and a different one for each.
    const numberOf = new Map(bills.map((bill) => [bill["*ContactName"], bill["*InvoiceNumber"]]));
    expect(new Set(numberOf.values()).size).toBe(2);
    for (const bill of bills)
      expect(bill["*InvoiceNumber"]).toBe(numberOf.get(bill["*ContactName"]));
    expect(bills.find((bill) => bill["*AccountCode"] === "825")).toMatchObject({
      "*ContactName": "Sam Ray",
      EmailAddress: "sam.ray@example.com",
      Description: "Tax withheld",
    });
  });
});
