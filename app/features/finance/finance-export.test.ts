import { parse } from "csv-parse/sync";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { addTransaction } from "~/features/dashboard/dashboard.test-data";
import { recordTransaction } from "~/features/ledger/ledger.server";
import { amountCell, percentCell, safeCell, UTF8_BOM } from "./csv-cells";
import { financeCsvStream } from "./finance-export.server";
import { parseFinanceQuery } from "./finance.schema";
import { addPayableCleaner, TEST_KEY } from "./finance.test-data";
import { createPayout } from "./new-payout.service.server";

const now = new Date("2026-11-20T01:00:00.000Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

async function exportText(db: TestDatabase["db"], query: string) {
  const stream = financeCsvStream(db, parseFinanceQuery(new URLSearchParams(query)), {
    encryptionKey: TEST_KEY,
    now,
  });
  // Response.text() would drop a leading BOM: decode the bytes as they are, BOM kept.
  const bytes = await new Response(stream).arrayBuffer();
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

test("cells that a spreadsheet would read as a formula get a leading quote; others are left alone", () => {
  for (const cell of ["=SUM(A1)", "+61 400", "-1", "@cmd", "\tx", "\rx"]) {
    expect(safeCell(cell)).toBe(`'${cell}`);
  }
  expect(safeCell("Deep clean, 3 bedrooms")).toBe("Deep clean, 3 bedrooms");
  expect(safeCell("12.50")).toBe("12.50");
});

test("amounts and percentages are numbers, a loss or a fall included, never guarded", () => {
  expect(amountCell(-1_250)).toBe("-12.50");
  expect(amountCell(117_500)).toBe("1175.00");
  expect(percentCell(-32.1)).toBe("-32.1");
  expect(percentCell(50)).toBe("50");
});

const rowsOf = (text: string) => parse(text, { bom: true }) as string[][];

describe.each(testDialects)("the finance export on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("the transactions CSV holds exactly the filtered rows in the table's order, quoted and defused", async () => {
    const db = database.db;
    await recordTransaction(db, {
      id: "t-1",
      reference_id: '=HYPERLINK("http://evil")',
      description: 'Deep clean, "3 bed"\nsecond line',
      type: "payment",
      amount_cents: 123_456,
      category: "Residential",
      status: "completed",
      payment_id: null,
      payout_id: null,
      created_at: "2026-11-19T23:30:00.000Z",
    });
    await addTransaction(db, { type: "payment", cents: 5_000, at: daysAgo(3), status: "failed" });
    await addTransaction(db, { type: "payout", cents: 7_000, at: daysAgo(2), status: "pending" });
    await addTransaction(db, { type: "payment", cents: 9_900, at: daysAgo(40) });

    const text = await exportText(db, "view=transactions&period=month&type=payment");
    const rows = rowsOf(text);
    expect(rows).toEqual([
      ["Reference", "Description", "Type", "Amount (AUD)", "Status", "Date"],
      [
        '\'=HYPERLINK("http://evil")',
        'Deep clean, "3 bed"\nsecond line',
        "Payment",
        "1234.56",
        "Completed",
        "2026-11-20 10:30",
      ],
      [
        expect.stringMatching(/^REF-/),
        "payment 5000",
        "Payment",
        "50.00",
        "Failed",
        "2026-11-17 12:00",
      ],
    ]);
    // Quotes doubled, the field quoted, as RFC 4180 has it.
    expect(text).toContain('"Deep clean, ""3 bed""\nsecond line"');

    const byAmount = rowsOf(
      await exportText(db, "view=transactions&period=year&sort=amount&dir=asc"),
    );
    expect(byAmount.slice(1).map((row) => row[3])).toEqual(["50.00", "70.00", "99.00", "1234.56"]);
  });

  test("an empty export still has its header, and the payouts CSV shows the masked account only", async () => {
    const db = database.db;
    // The UTF-8 BOM first, once, so Excel on Windows reads the file as UTF-8.
    expect(await exportText(db, "view=transactions&period=week")).toBe(
      `${UTF8_BOM}Reference,Description,Type,Amount (AUD),Status,Date\n`,
    );
    const cleanerId = await addPayableCleaner(db, {
      name: "Ana Lima",
      accountNumber: "1234567890",
      bankName: "Harbour Bank",
    });
    const form = new FormData();
    form.set("cleanerId", cleanerId);
    form.set("amount", "320");
    form.set("periodStart", "2026-11-09");
    form.set("periodEnd", "2026-11-15");
    form.set("reference", "PO-TEST-1");
    form.set("reasonKind", "bonus");
    await createPayout(db, form, { staffId: "owner", ip: null }, now);

    const text = await exportText(db, "view=payouts");
    expect(text).not.toContain("1234567890");
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    expect(text.indexOf(UTF8_BOM, 1)).toBe(-1);
    expect(rowsOf(text)).toEqual([
      [
        "Cleaner",
        "Amount (AUD)",
        "Status",
        "Bank Account",
        "Payout Date",
        "Reference",
        "For",
        "Note",
      ],
      [
        "Ana Lima",
        "320.00",
        "Pending",
        "Harbour Bank ••••••7890",
        "2026-11-20",
        "PO-TEST-1",
        "Bonus",
        "",
      ],
    ]);
  });

  test("the payouts CSV says what each payment is for, with its note quoted and defused", async () => {
    const db = database.db;
    const cleanerId = await addPayableCleaner(db, { name: "Ana Lima" });
    const record = async (fields: Record<string, string>, at: Date) => {
      const form = new FormData();
      form.set("cleanerId", cleanerId);
      form.set("periodStart", "2026-11-09");
      form.set("periodEnd", "2026-11-15");
      for (const [key, value] of Object.entries(fields)) form.set(key, value);
      const result = await createPayout(db, form, { staffId: "owner", ip: null }, at);
      if (!result.ok) throw new Error(JSON.stringify(result));
    };
    // A payout from before other payments: no reason stored.
    await db
      .insertInto("cleaner_payouts")
      .values({
        id: "payout-before",
        cleaner_id: cleanerId,
        amount_cents: 33_600,
        status: "completed",
        payout_date: "2026-11-16",
        reference: "PO-BEFORE",
        created_by: null,
        created_at: daysAgo(5),
        updated_at: daysAgo(5),
        period_start: "2026-11-09",
        period_end: "2026-11-15",
        adjustment_reason: null,
        reason_kind: null,
        reason_note: null,
      })
      .execute();
    await record(
      {
        amount: "12.50",
        reference: "PO-PARKING",
        reasonKind: "reimbursement",
        reasonNote: 'Parking, "Mosman" job',
      },
      new Date(now.getTime() - 2 * 86_400_000),
    );
    await record(
      { amount: "40", reference: "PO-OTHER", reasonKind: "other", reasonNote: "=1+1 keys cut" },
      now,
    );

    const rows = rowsOf(await exportText(db, "view=payouts"));
    // Newest first, as the table lists them; For and Note are the last two columns.
    expect(rows.map((row) => [row[5], row[1], row[6], row[7]])).toEqual([
      ["Reference", "Amount (AUD)", "For", "Note"],
      ["PO-OTHER", "40.00", "Other", "'=1+1 keys cut"],
      ["PO-PARKING", "12.50", "Reimbursement", 'Parking, "Mosman" job'],
      ["PO-BEFORE", "336.00", "Work (before pay runs)", ""],
    ]);
  });

  test("the overview CSV has the figures of the period", async () => {
    const db = database.db;
    await addTransaction(db, { type: "payment", cents: 11_000, at: daysAgo(1) });
    const rows = rowsOf(await exportText(db, "view=overview&period=week"));
    expect(rows[0]).toEqual(["Figure", "Amount (AUD)", "Change on previous period (%)"]);
    expect(rows).toContainEqual(["Total Revenue", "110.00", "New"]);
    expect(rows).toContainEqual(["GST Collected", "10.00", ""]);
    expect(rows).toContainEqual(["Revenue by category: Residential", "110.00", ""]);
  });

  test("a loss and a fall are written as numbers, not guarded as text", async () => {
    const db = database.db;
    await addTransaction(db, { type: "payment", cents: 100_000, at: daysAgo(10) });
    await addTransaction(db, { type: "payout", cents: 10_000, at: daysAgo(10) });
    await addTransaction(db, { type: "payment", cents: 67_800, at: daysAgo(2) });
    await addTransaction(db, { type: "payout", cents: 80_000, at: daysAgo(2) });
    await addTransaction(db, { type: "refund", cents: 22_000, at: daysAgo(1) });
    // A category is text the business typed: after our label it cannot start a formula.
    await addTransaction(db, {
      type: "payment",
      cents: 100,
      at: daysAgo(1),
      category: "=HYPERLINK()",
    });
    const text = await exportText(db, "view=overview&period=week");
    expect(text).not.toContain("'");
    const rows = rowsOf(text);
    expect(rows).toContainEqual(["Total Revenue", "679.00", "-32.1"]);
    expect(rows).toContainEqual(["Total Expenses", "1020.00", "920"]);
    expect(rows).toContainEqual(["Net Profit", "-341.00", "-137.9"]);
    // GST on payments less GST on the refund: (679 - 220) / 11.
    expect(rows).toContainEqual(["GST Collected", "41.73", ""]);
    expect(rows).toContainEqual(["Revenue by category: =HYPERLINK()", "1.00", ""]);
  });
});
