import { randomBytes, randomUUID } from "node:crypto";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { openServerDatabase } from "./server-database";

// Other payments (docs/decisions/0092-pay-basis-and-other-payments.md): a second one to a
// cleaner for the same week is recorded like the first, with no suggested amount and no overlap
// refusal, while the same form posted twice is one payment; a failed payout is sent again with
// Retry (docs/decisions/0043-payouts-and-refunds.md).

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

test("two other payments to one cleaner for the same week are both recorded, each with what it is for", async ({
  page,
  signInAs,
}) => {
  const cleaner = addCleaner();
  const bonus = reference("BONUS");
  const parking = reference("PARKING");
  await signInAs({ role: "owner", label: "payouts" });
  await page.goto("/admin/finance?view=payouts");
  const dialog = page.getByRole("dialog", { name: "New other payment" });
  const record = async (payment: { ref: string; kind: string; note?: string; amount: string }) => {
    await page.getByRole("button", { name: "New other payment" }).click();
    await dialog.getByLabel("Cleaner").selectOption({ label: cleaner.name });
    await dialog.getByLabel("What is it for?").selectOption({ label: payment.kind });
    if (payment.note) await dialog.getByLabel("Note").fill(payment.note);
    await dialog.getByLabel("Amount (AUD)").fill(payment.amount);
    await dialog.getByLabel("Reference").fill(payment.ref);
    // The amount is the office's to type: nothing is suggested from the work.
    await expect(dialog.getByText(/Suggested:/)).toHaveCount(0);
    await dialog.getByRole("button", { name: "Record payment" }).click();
    await expect(page.getByText(`Payment recorded: ${payment.ref}`, { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
  };
  await record({ ref: bonus, kind: "Bonus", amount: "336.00" });
  await record({ ref: parking, kind: "Reimbursement", note: "Parking at Mosman", amount: "12.50" });

  const table = page.getByRole("table", { name: "Other payments" });
  await expect(table.getByRole("row").filter({ hasText: bonus })).toContainText("Bonus");
  await expect(table.getByRole("row").filter({ hasText: parking })).toContainText(
    "Reimbursement: Parking at Mosman",
  );
  await expectNoAxeViolations(page);

  const db = openServerDatabase();
  try {
    const stored = db
      .prepare(
        `select reference, amount_cents, reason_kind, reason_note, period_start, period_end
         from cleaner_payouts where cleaner_id = ? order by amount_cents`,
      )
      .all(cleaner.id) as { period_start: string; period_end: string }[];
    expect(stored).toMatchObject([
      { reference: parking, amount_cents: 1250, reason_kind: "reimbursement" },
      { reference: bonus, amount_cents: 33600, reason_kind: "bonus", reason_note: null },
    ]);
    expect(stored[0]!.period_start).toBe(stored[1]!.period_start);
    expect(stored[0]!.period_end).toBe(stored[1]!.period_end);
  } finally {
    db.close();
  }
});

test("the same form posted twice, with no reference typed, records one payment; the next opening is a new one", async ({
  page,
  signInAs,
}) => {
  const cleaner = addCleaner();
  await signInAs({ role: "owner", label: "payouts" });
  await page.goto("/admin/finance?view=payouts");
  const dialog = page.getByRole("dialog", { name: "New other payment" });
  const formReference = dialog.locator('input[name="formReference"]');
  await page.getByRole("button", { name: "New other payment" }).click();
  await dialog.getByLabel("Cleaner").selectOption({ label: cleaner.name });
  await dialog.getByLabel("What is it for?").selectOption({ label: "Bonus" });
  await dialog.getByLabel("Amount (AUD)").fill("75.00");
  const key = await formReference.inputValue();
  expect(key).toMatch(/^PO-[A-Z2-9]{10}$/);

  // The browser resending the form without JavaScript: two plain posts of the same fields.
  const fields = {
    intent: "create-payout",
    cleanerId: cleaner.id,
    reasonKind: "bonus",
    reasonNote: "",
    periodStart: await dialog.getByLabel("Period from").inputValue(),
    periodEnd: await dialog.getByLabel("Period to").inputValue(),
    amount: "75.00",
    reference: "",
    formReference: key,
  };
  const origin = new URL(page.url()).origin;
  /** The cleaner's payouts, each with how many payout.created entries it has. */
  const storedPayouts = () => {
    const db = openServerDatabase();
    try {
      return db
        .prepare(
          `select p.reference, p.amount_cents,
             (select count(*) from audit_log a
               where a.action = 'payout.created' and a.subject_id = p.id) audited
           from cleaner_payouts p where p.cleaner_id = ?`,
        )
        .all(cleaner.id);
    } finally {
      db.close();
    }
  };
  const one = [{ reference: key, amount_cents: 7500, audited: 1 }];
  for (let post = 0; post < 2; post++) {
    const answer = await page.request.post("/admin/finance?view=payouts", {
      form: fields,
      headers: { origin },
    });
    expect(answer.status()).toBe(200);
    expect(storedPayouts()).toEqual(one);
  }
  // And the dialog's own post of that form is answered with the same payment.
  await dialog.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText(`Payment recorded: ${key}`, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(storedPayouts()).toEqual(one);

  await page.getByRole("button", { name: "New other payment" }).click();
  await expect(formReference).toHaveValue(/^PO-[A-Z2-9]{10}$/);
  expect(await formReference.inputValue()).not.toBe(key);
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
