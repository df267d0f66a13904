import { parse } from "csv-parse/sync";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { addTransaction } from "~/features/dashboard/dashboard.test-data";
import { recordTransaction } from "~/features/ledger/ledger.server";
import { safeCell } from "./csv-cells";
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
  return new Response(stream).text();
}

test("cells that a spreadsheet would read as a formula get a leading quote; others are left alone", () => {
  for (const cell of ["=SUM(A1)", "+61 400", "-1", "@cmd", "\tx", "\rx"]) {
    expect(safeCell(cell)).toBe(`'${cell}`);
  }
  expect(safeCell("Deep clean, 3 bedrooms")).toBe("Deep clean, 3 bedrooms");
  expect(safeCell("12.50")).toBe("12.50");
});

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
    const rows = parse(text) as string[][];
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

    const byAmount = parse(
      await exportText(db, "view=transactions&period=year&sort=amount&dir=asc"),
    ) as string[][];
    expect(byAmount.slice(1).map((row) => row[3])).toEqual(["50.00", "70.00", "99.00", "1234.56"]);
  });

  test("an empty export still has its header, and the payouts CSV shows the masked account only", async () => {
    const db = database.db;
    expect(await exportText(db, "view=transactions&period=week")).toBe(
      "Reference,Description,Type,Amount (AUD),Status,Date\n",
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
    await createPayout(db, form, { staffId: "owner", ip: null }, now);

    const text = await exportText(db, "view=payouts");
    expect(text).not.toContain("1234567890");
    expect(parse(text)).toEqual([
      ["Cleaner", "Amount (AUD)", "Status", "Bank Account", "Payout Date", "Reference"],
      ["Ana Lima", "320.00", "Pending", "Harbour Bank ••••••7890", "2026-11-20", "PO-TEST-1"],
    ]);
  });

  test("the overview CSV has the figures of the period", async () => {
    const db = database.db;
    await addTransaction(db, { type: "payment", cents: 11_000, at: daysAgo(1) });
    const rows = parse(await exportText(db, "view=overview&period=week")) as string[][];
    expect(rows[0]).toEqual(["Figure", "Amount (AUD)", "Change on previous period"]);
    expect(rows).toContainEqual(["Total Revenue", "110.00", "New"]);
    expect(rows).toContainEqual(["GST Collected", "10.00", ""]);
    expect(rows).toContainEqual(["Revenue by category: Residential", "110.00", ""]);
  });
});
