import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { encryptField } from "../../app/lib/crypto.server";
import { expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";
import { openServerDatabase, serverDataDir } from "./server-database";
import { sydneyDatePlus } from "./sydney-dates";
import { createStaffAccount, sessionCookieHeader } from "./staff-sessions";

// docs/decisions/0055-cleaner-edits-and-audit-log.md: on a cleaner's profile,
// staff edit the contact details and services, and owners the bank details, whose numbers are
// never shown back; a refused field says why beside it; each change is audited by field name.
// Staff have no bank form, and the server refuses their post. The pay basis form is owners' too
// (docs/decisions/0092-pay-basis-and-other-payments.md): its TFN is never shown back either.

function serverEncryptionKey() {
  const file = path.join(serverDataDir(), "secrets.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { DATA_ENCRYPTION_KEY: string })
    .DATA_ENCRYPTION_KEY;
}

/** A cleaner with bank details (BSB 032000, account 12345678), and their email. */
function seedCleaner(name: string) {
  const id = randomUUID();
  const email = `${id}@example.com`;
  const key = serverEncryptionKey();
  const at = new Date().toISOString();
  const db = openServerDatabase({ write: true });
  try {
    db.prepare(
      `insert into cleaners (id, name, email, phone, location, services, availability, languages,
         specialties, status, rating, active_bookings, completed_jobs, has_abn, has_transport,
         bank_name, account_name, bsb_encrypted, account_number_encrypted, account_last4,
         source, police_check_expires_on, created_at, updated_at)
       values (?, ?, ?, '0412 345 678', 'Mosman', '["Residential"]', '["Monday"]', '["English"]',
         '[]', 'available', 0, 0, 0, 0, 0, 'Westpac', ?, ?, ?, '5678', 'admin', '2099-12-31', ?, ?)`,
    ).run(
      id,
      name,
      email,
      name,
      encryptField(key, "032000"),
      encryptField(key, "12345678"),
      at,
      at,
    );
  } finally {
    db.close();
  }
  return { id, email };
}

function auditOf(cleanerId: string) {
  const db = openServerDatabase();
  try {
    return db
      .prepare(
        "select action, actor_id, details from audit_log where subject_id = ? and action like 'cleaner.%changed' order by created_at",
      )
      .all(cleanerId) as { action: string; actor_id: string; details: string }[];
  } finally {
    db.close();
  }
}

for (const width of [390, 1280]) {
  test(`an owner edits a cleaner's contact details, services and bank details at ${width} px`, async ({
    page,
    signInAs,
    browserProblems,
  }) => {
    // The refused saves below answer 400 by design.
    browserProblems.allow(/\/admin\/cleaners\//);
    await page.setViewportSize({ width, height: 900 });
    const cleaner = seedCleaner(`Edit Me ${width}`);
    const other = seedCleaner(`Taken ${width}`);
    const owner = await signInAs({ role: "owner", label: `edits-${width}` });
    await gotoReady(page, `/admin/cleaners/${cleaner.id}`);
    const toasts = page.getByRole("region", { name: "Messages (F8)" });

    const details = page.getByRole("region", { name: "Edit contact details and services" });
    await details.getByLabel("Phone").fill("12");
    await details.getByLabel("Email").fill(other.email.toUpperCase());
    await details.getByRole("button", { name: "Save contact details" }).click();
    await expect(details.getByText("Please enter a phone number we can call")).toBeVisible();
    await expect(details.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);

    // The browser's checks pass; only the server knows the address is another cleaner's.
    await details.getByLabel("Phone").fill("0491 570 157");
    await details.getByRole("button", { name: "Save contact details" }).click();
    await expect(
      details.getByText("A cleaner with this email address already exists."),
    ).toBeVisible();

    await details.getByLabel("Email").fill(cleaner.email);
    await details.getByLabel("Preferred areas").fill("Lower North Shore");
    await details.getByRole("checkbox", { name: "End of Lease" }).check();
    await details.getByRole("button", { name: "Save contact details" }).click();
    await expect(toasts.getByText("Contact details and services saved.")).toBeVisible();
    const contact = page.getByRole("region", { name: "Contact information" });
    await expect(contact).toContainText("0491 570 157");
    await expect(page.getByRole("region", { name: "Services", exact: true })).toContainText(
      "End of Lease",
    );

    const bank = page.getByRole("region", { name: "Edit bank details" });
    await expect(bank.getByLabel("BSB")).toHaveValue("");
    await expect(bank).toContainText("Leave blank to keep ••••5678.");
    await bank.getByLabel("BSB").fill("0620");
    await bank.getByRole("button", { name: "Save bank details" }).click();
    await expect(bank.getByText("BSB must be exactly 6 digits")).toBeVisible();
    await bank.getByLabel("BSB").fill("062-000");
    await bank.getByLabel("Account number").fill("87654321");
    await bank.getByRole("button", { name: "Save bank details" }).click();
    await expect(toasts.getByText("Bank details saved.", { exact: false })).toBeVisible();
    const payment = page.getByRole("region", { name: "Payment details" });
    await expect(payment).toContainText("••••4321");
    await expect(bank.getByLabel("Account number")).toHaveValue("");
    await expect(page.locator("body")).not.toContainText("87654321");
    await expectNoAxeViolations(page);

    expect(auditOf(cleaner.id)).toEqual([
      {
        action: "cleaner.details_changed",
        actor_id: owner.id,
        details: JSON.stringify({ fields: ["phone", "preferredAreas", "services"] }),
      },
      {
        action: "cleaner.bank_details_changed",
        actor_id: owner.id,
        details: JSON.stringify({ fields: ["bsb", "accountNumber"] }),
      },
    ]);
  });
}

function payBasisOf(cleanerId: string) {
  const db = openServerDatabase();
  try {
    return db
      .prepare(
        "select employment_type, tfn_encrypted, pay_rate_cents, service_pay_rates from cleaners where id = ?",
      )
      .get(cleanerId) as {
      employment_type: string;
      tfn_encrypted: string | null;
      pay_rate_cents: number | null;
      service_pay_rates: string | null;
    };
  } finally {
    db.close();
  }
}

test("an owner sets an employee's pay basis with a TFN and a commercial rate at 390 px; the TFN is never shown back", async ({
  page,
  signInAs,
  browserProblems,
}) => {
  // The refused save below (an employee without a TFN) answers 4xx by design.
  browserProblems.allow(/\/admin\/cleaners\//);
  await page.setViewportSize({ width: 390, height: 844 });
  const cleaner = seedCleaner("Pay Basis");
  const owner = await signInAs({ role: "owner", label: "pay-basis" });
  await gotoReady(page, `/admin/cleaners/${cleaner.id}`);
  const form = page.getByRole("region", { name: "Pay basis", exact: true });
  const save = form.getByRole("button", { name: "Save pay basis" });
  const tfn = form.getByLabel("Tax file number (employees)");
  const abn = form.getByLabel("ABN (contractors)");
  await expect(form).toContainText("No tax is calculated here");

  // A contractor's ABN fails the ATO's checksum, named beside it.
  await form.getByLabel("Engaged as").selectOption({ label: "Contractor (ABN)" });
  await abn.fill("12 345 678 901");
  await save.click();
  await expect(abn).toHaveAttribute("aria-invalid", "true");
  await expect(abn).toHaveAccessibleDescription(/This ABN is not valid\. Check the 11 digits\./);

  // An employee needs a TFN: none is on file, so the server asks for it beside the field.
  await form.getByLabel("Engaged as").selectOption({ label: "Employee (TFN)" });
  await save.click();
  await expect(tfn).toHaveAccessibleDescription(/Enter the employee's tax file number/);
  await tfn.fill("12345");
  await save.click();
  await expect(tfn).toHaveAttribute("aria-invalid", "true");
  await expect(tfn).toHaveAccessibleDescription(/Tax file number must be exactly 9 digits/);
  await expectNoAxeViolations(page);

  await tfn.fill("123 456 782");
  await form.getByLabel("Commercial").fill("38.50");
  await save.click();
  const toasts = page.getByRole("region", { name: "Messages (F8)" });
  await expect(
    toasts.getByText("Pay basis saved. The change was recorded in the audit log."),
  ).toBeVisible();
  // The typed TFN leaves the screen; the blank field says one is stored.
  await expect(tfn).toHaveValue("");
  await expect(form).toContainText("Leave blank to keep •••••••••.");
  await expect(page.locator("body")).not.toContainText("123 456 782");
  await expect(page.locator("body")).not.toContainText("123456782");
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(tfn).toHaveValue("");
  await expect(form).toContainText("Leave blank to keep •••••••••.");
  await expect(form.getByLabel("Engaged as")).toHaveValue("employee");
  await expect(form.getByLabel("Commercial")).toHaveValue("38.50");
  expect(await page.content()).not.toContain("123456782");

  const stored = payBasisOf(cleaner.id);
  expect(stored).toMatchObject({ employment_type: "employee", pay_rate_cents: null });
  expect(JSON.parse(stored.service_pay_rates!)).toEqual({ commercial: 3850 });
  expect(stored.tfn_encrypted).not.toBeNull();
  expect(stored.tfn_encrypted).not.toContain("123456782");
  expect(auditOf(cleaner.id)).toEqual([
    {
      action: "cleaner.pay_basis_changed",
      actor_id: owner.id,
      details: JSON.stringify({ fields: ["employmentType", "tfn", "commercialRate"] }),
    },
  ]);
});

test("staff edit contact details but have no bank or pay basis form, and the server refuses both posts", async ({
  page,
  signInAs,
  playwright,
  baseURL,
}) => {
  const cleaner = seedCleaner("Staff Edit");
  await signInAs({ role: "staff", label: "edits-staff" });
  await gotoReady(page, `/admin/cleaners/${cleaner.id}`);
  await expect(
    page.getByRole("region", { name: "Edit contact details and services" }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Edit bank details" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Pay basis", exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Tax file number (employees)")).toHaveCount(0);

  const staff = await createStaffAccount({ role: "staff", label: "bank-refused" });
  const api = await playwright.request.newContext({ baseURL });
  const refused = await api.post(`/admin/cleaners/${cleaner.id}`, {
    headers: { cookie: await sessionCookieHeader(staff), origin: baseURL! },
    form: { intent: "bank", bankName: "Evil Bank", bsb: "111111", accountNumber: "99999999" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
  const payBasis = await api.post(`/admin/cleaners/${cleaner.id}`, {
    headers: { cookie: await sessionCookieHeader(staff), origin: baseURL! },
    form: { intent: "pay-basis", employmentType: "employee", tfn: "123456782", hourlyRate: "99" },
    maxRedirects: 0,
  });
  expect(payBasis.status()).toBe(403);
  await api.dispose();
  expect(auditOf(cleaner.id)).toEqual([]);
  expect(payBasisOf(cleaner.id)).toMatchObject({ tfn_encrypted: null, pay_rate_cents: null });
  await page.reload();
  await expect(page.getByRole("region", { name: "Payment details" })).toContainText("Westpac");
  await expect(page.getByRole("region", { name: "Payment details" })).toContainText("••••5678");
});

test("staff add time off on a cleaner's profile and remove it again", async ({
  page,
  signInAs,
}) => {
  const cleaner = seedCleaner("Time Off");
  await signInAs({ role: "staff", label: "time-off" });
  await gotoReady(page, `/admin/cleaners/${cleaner.id}`);
  const first = sydneyDatePlus(10);
  const last = sydneyDatePlus(12);
  await page.getByLabel("First day off").fill(first);
  await page.getByLabel("Last day off").fill(last);
  await page.getByRole("button", { name: "Add time off" }).click();
  const spells = page.getByRole("list", { name: "Time off ahead" });
  await expect(spells.getByRole("listitem")).toHaveCount(1);
  await expectNoAxeViolations(page);

  await spells.getByRole("button", { name: /^Remove time off / }).click();
  await expect(page.getByText("No time off ahead.")).toBeVisible();
  await page.reload();
  await expect(page.getByText("No time off ahead.")).toBeVisible();
});
