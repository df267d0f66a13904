import { randomBytes, randomUUID } from "node:crypto";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { openServerDatabase } from "./server-database";

// Payouts for a period already paid (docs/decisions/0043-payouts-and-refunds.md):
// a second payout to a cleaner for the same week is refused next to the period and recorded only
// as an adjustment with a reason; a failed payout is sent again with Retry.

/** A cleaner of this test's own, so no other journey's payouts overlap its weeks. */
function addCleaner() {
  const id = randomUUID();
  const name = `Payee ${randomBytes(3).toString("hex")}`;
  const at = new Date().toISOString();
  const db = openServerDatabase({ write: true });
  try {
    db.prepare(
      `insert into cleaners (id, name, email, phone, services, availability, languages,
        specialties, status, rating, active_bookings, completed_jobs, source, created_at, updated_at)
       values (?, ?, ?, '0491 570 157', '["Residential"]', '["Monday"]', '["English"]', '[]',
        'active', 4.8, 0, 0, 'admin', ?, ?)`,
    ).run(id, name, `${id}@example.com`, at, at);
  } finally {
    db.close();
  }
  return { id, name };
}

const reference = (label: string) => `PO-${label}-${randomBytes(3).toString("hex").toUpperCase()}`;

test("a second payout for the same week is refused, then recorded as an adjustment with its reason", async ({
  page,
  signInAs,
  browserProblems,
}) => {
  test.slow(); // two payouts recorded, one refused twice, and an axe pass
  browserProblems.allow(/\/admin\/finance/); // the period's refusal, 409
  const cleaner = addCleaner();
  const first = reference("FIRST");
  const second = reference("ADJ");
  await signInAs({ role: "owner", label: "payouts" });
  await page.goto("/admin/finance?view=payouts");
  const dialog = page.getByRole("dialog", { name: "New other payment" });
  const fillPayout = async (ref: string) => {
    await page.getByRole("button", { name: "New other payment" }).click();
    await dialog.getByLabel("Cleaner").selectOption({ label: cleaner.name });
    await dialog.getByLabel("What is it for?").selectOption({ label: "Bonus" });
    await dialog.getByLabel("Amount (AUD)").fill("336.00");
    await dialog.getByLabel("Reference").fill(ref);
  };
  await fillPayout(first);
  await dialog.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText(`Payment recorded: ${first}`, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  await fillPayout(second);
  await expect(dialog.getByText(/less \$336\.00 already paid for this period/)).toBeVisible();
  const overlapAnswer = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && response.url().includes("/admin/finance"),
  );
  await dialog.getByRole("button", { name: "Record payment" }).click();
  // A period already paid conflicts with what is stored: 409.
  expect((await overlapAnswer).status()).toBe(409);
  const refusal = `This cleaner already has a payout for this period: ${first} ($336.00).`;
  await expect(dialog.getByLabel("Period from")).toHaveAccessibleDescription(
    new RegExp(refusal.replace(/[.$()]/g, "\\$&")),
  );
  const adjust = dialog.getByRole("button", { name: "Record as an adjustment" });
  await adjust.click();
  await expect(dialog.getByText("Give the reason for this adjustment")).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel("Reason for the adjustment").fill("Missed the Friday job");
  await adjust.click();
  await expect(page.getByText(`Adjustment recorded: ${second}`, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page
    .getByRole("table", { name: "Other payments" })
    .getByRole("row")
    .filter({ hasText: second });
  await expect(row).toContainText("Adjustment: Missed the Friday job");

  const db = openServerDatabase();
  try {
    const stored = db
      .prepare(
        "select reference, adjustment_reason from cleaner_payouts where cleaner_id = ? order by created_at",
      )
      .all(cleaner.id);
    expect(stored).toEqual([
      { reference: first, adjustment_reason: null },
      { reference: second, adjustment_reason: "Missed the Friday job" },
    ]);
  } finally {
    db.close();
  }
});

test("a failed payout is sent again with Retry, then marked paid after a confirmation", async ({
  page,
  signInAs,
}) => {
  const cleaner = addCleaner();
  const failed = reference("FAILED");
  const at = new Date().toISOString();
  const db = openServerDatabase({ write: true });
  try {
    db.prepare(
      `insert into cleaner_payouts (id, cleaner_id, amount_cents, status, payout_date, reference,
        created_by, created_at, updated_at, period_start, period_end)
       values (?, ?, 33600, 'failed', '2026-11-20', ?, null, ?, ?, '2026-11-09', '2026-11-15')`,
    ).run(randomUUID(), cleaner.id, failed, at, at);
  } finally {
    db.close();
  }
  await signInAs({ role: "owner", label: "payouts" });
  await page.goto("/admin/finance?view=payouts");
  const row = page
    .getByRole("table", { name: "Other payments" })
    .getByRole("row")
    .filter({ hasText: failed });
  await expect(row).toContainText("$336.00");
  await expect(row).toContainText("Failed");
  await row.getByRole("button", { name: `Retry: ${failed}, ${cleaner.name}` }).click();
  await expect(page.getByText("Payout sent again", { exact: true })).toBeVisible();
  await expect(row).toContainText("Pending");
  await expect(row.getByRole("button", { name: /^Retry/ })).toHaveCount(0);

  await row.getByRole("button", { name: /^Mark paid/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Mark paid" }).click();
  await expect(row).toContainText("Completed");
  await expectNoAxeViolations(page);
});
