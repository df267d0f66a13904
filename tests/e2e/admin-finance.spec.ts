import { readFile } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import { parse } from "csv-parse/sync";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { openServerDatabase } from "./server-database";

// Finance (docs/product/back-office.md#finance): an owner reads the overview, pages and filters
// the demo business's transactions, exports what a view shows, records a payout and marks it
// paid (after a confirmation); every view passes axe; staff are refused the whole screen.

test("an owner reads the overview for each period, with its charts", async ({ page, signInAs }) => {
  await signInAs({ role: "owner", label: "finance" });
  await page.goto("/admin/finance");
  await expect(page.getByRole("heading", { level: 1, name: "Finance" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Overview" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  for (const name of ["Total Revenue", "Total Expenses", "Net Profit", "Projected Revenue"]) {
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByText("GST collected")).toBeVisible();
  await expect(page.getByRole("figure", { name: "Revenue and expenses over time" })).toBeVisible();
  await expect(page.getByRole("figure", { name: "Revenue by service category" })).toBeVisible();
  await expect(page.getByText("vs previous 30 days").first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Period").selectOption("year");
  await expect(page).toHaveURL(/[?&]period=year\b/);
  await expect(page.getByText("vs previous 365 days").first()).toBeVisible();
  await page.getByText("Show the numbers").first().click();
  await expect(page.getByRole("table", { name: "Revenue and expenses over time" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("transactions filter by type, sort by amount and page on", async ({ page, signInAs }) => {
  await signInAs({ role: "owner", label: "finance" });
  await page.goto("/admin/finance?view=transactions&period=year");
  const table = page.getByRole("table", { name: "Transactions" });
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader")).toHaveText([
    "Reference",
    "Description",
    "Type",
    "Amount",
    "Status",
    "Date",
    // Owners may refund a booking's payment from its row.
    "Actions",
  ]);
  await expectNoAxeViolations(page);

  await page.getByLabel("Type").selectOption("payout");
  await expect(page).toHaveURL(/[?&]type=payout\b/);
  // The address changes before the filtered rows are drawn, so the rows are waited for.
  const types = () => table.locator("tbody tr td:nth-child(3)").allTextContents();
  await expect.poll(async () => [...new Set(await types())]).toEqual(["Payout"]);

  await page.getByLabel("Type").selectOption("all");
  await table.getByRole("link", { name: "Amount" }).click();
  await expect(page).toHaveURL(/[?&]sort=amount\b/);
  await expect(table.getByRole("columnheader", { name: "Amount" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  // Whole rows, not references: a pay run's lines share its reference and may span two pages.
  const rows = () => table.locator("tbody tr").allTextContents();
  const firstPage = await rows();
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/[?&]after=/);
  // The address changes before the next page is drawn, so the rows are waited for.
  await expect
    .poll(async () => (await rows()).filter((row) => firstPage.includes(row)))
    .toEqual([]);
  await expect(page.getByRole("link", { name: "Back to the first page" })).toBeVisible();
});

test("Export downloads the CSV of the view as filtered", async ({ page, signInAs }) => {
  await signInAs({ role: "owner", label: "finance" });
  await page.goto("/admin/finance?view=transactions&period=month&type=payment");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^finance-transactions-month-payment-.*\.csv$/);
  const text = await readFile((await file.path())!, "utf8");
  // The UTF-8 BOM, so Excel on Windows reads the file as UTF-8.
  expect(text.startsWith("\uFEFF")).toBe(true);
  const rows = parse(text, { bom: true }) as string[][];
  expect(rows[0]).toEqual(["Reference", "Description", "Type", "Amount (AUD)", "Status", "Date"]);
  expect(rows.length).toBeGreaterThan(1);
  expect(new Set(rows.slice(1).map((row) => row[2]))).toEqual(new Set(["Payment"]));
});

test("an owner records a payout and marks it paid once; the bank account stays masked", async ({
  page,
  signInAs,
}) => {
  test.slow(); // two axe passes, a recorded payout and a confirmed payment on a shared machine
  await signInAs({ role: "owner", label: "finance" });
  await page.goto("/admin/finance?view=payouts");
  const table = page.getByRole("table", { name: "Other payments" });
  await expect(table).toBeVisible();
  const accounts = await table.locator("tbody tr td:nth-child(4)").allTextContents();
  for (const account of accounts) expect(account).not.toMatch(/\d{5,}/);
  expect(accounts.some((account) => account.includes("••••"))).toBe(true);
  await expectNoAxeViolations(page);

  const reference = `PO-E2E-${randomBytes(3).toString("hex").toUpperCase()}`;
  await page.getByRole("button", { name: "New other payment" }).click();
  const dialog = page.getByRole("dialog", { name: "New other payment" });
  await dialog.getByLabel("Cleaner").selectOption({ index: 1 });
  await dialog.getByLabel("What is it for?").selectOption({ label: "Reimbursement" });
  await dialog.getByLabel("Note").fill("Parking at the Mosman job");
  // Last week, as the dialog starts: an other payment is never refused for a week already paid,
  // and its amount is typed, never suggested (docs/decisions/0092-pay-basis-and-other-payments.md).
  await expect(dialog.getByText(/Suggested:/)).toHaveCount(0);
  await dialog.getByLabel("Amount (AUD)").fill("123.45");
  await dialog.getByLabel("Reference").fill(reference);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Record payment" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Payment recorded: ${reference}`, { exact: true })).toBeVisible();
  const row = table.getByRole("row").filter({ hasText: reference });
  await expect(row).toContainText("Pending");
  await expect(row).toContainText("$123.45");
  await expect(row).toContainText("Reimbursement: Parking at the Mosman job");

  await row.getByRole("button", { name: /^Mark paid/ }).click();
  const confirm = page.getByRole("alertdialog", { name: `Mark payout ${reference} paid?` });
  await expect(confirm).toContainText("$123.45");
  await confirm.getByRole("button", { name: "Mark paid" }).click();
  await expect(page.getByText("Payout marked as paid", { exact: true })).toBeVisible();
  await expect(row).toContainText("Completed");
  await expect(row.getByRole("button", { name: /^Mark paid/ })).toHaveCount(0);

  // The export says what it was for, and the note.
  const exported = await page.request.get("/admin/finance/export.csv?view=payouts");
  const line = (await exported.text()).split("\n").find((text) => text.includes(reference));
  expect(line).toMatch(/,Reimbursement,Parking at the Mosman job$/);

  const db = openServerDatabase();
  const ledger = db
    .prepare(
      `select t.type, t.status, t.amount_cents from transactions t
       join cleaner_payouts p on p.id = t.payout_id where p.reference = ?`,
    )
    .all(reference);
  db.close();
  expect(ledger).toEqual([{ type: "payout", status: "completed", amount_cents: 12_345 }]);
});

test("staff are refused the finance screen and its export", async ({
  page,
  signInAs,
  browserProblems,
}) => {
  browserProblems.allow(/\/admin\/finance/);
  await signInAs({ role: "staff", label: "finance" });
  const refused = await page.goto("/admin/finance?view=payouts");
  expect(refused?.status()).toBe(403);
  await expect(page.getByText("No access")).toBeVisible();
  const exported = await page.request.get("/admin/finance/export.csv?view=payouts");
  expect(exported.status()).toBe(403);
  const posted = await page.request.post("/admin/finance", {
    form: { intent: "mark-paid", payoutId: "any" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(posted.status()).toBe(403);
  await expectNoAxeViolations(page);
});

test("every view passes axe in the dark theme at 390 px", async ({ page, signInAs }) => {
  await signInAs({ role: "owner", label: "finance", theme: "dark" });
  await page.setViewportSize({ width: 390, height: 844 });
  const views = { overview: "Overview", transactions: "Transactions", payouts: "Other payments" };
  for (const [view, label] of Object.entries(views)) {
    await page.goto(`/admin/finance?view=${view}`);
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(page.getByRole("link", { name: label, exact: false }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  }
});
