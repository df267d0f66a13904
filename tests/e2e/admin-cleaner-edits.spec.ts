import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { encryptField } from "../../app/lib/crypto.server";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { openServerDatabase, serverDataDir } from "./server-database";
import { sydneyDatePlus } from "./sydney-dates";
import { createStaffAccount, sessionCookieHeader } from "./staff-sessions";

// docs/decisions/0055-cleaner-edits-and-audit-log.md: on a cleaner's profile,
// staff edit the contact details and services, and owners the bank details, whose numbers are
// never shown back; a refused field says why beside it; each change is audited by field name.
// Staff have no bank form, and the server refuses their post.

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
    await page.goto(`/admin/cleaners/${cleaner.id}`);
    await page.waitForLoadState("networkidle");
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

test("staff edit contact details but have no bank form, and the server refuses their bank post", async ({
  page,
  signInAs,
  playwright,
  baseURL,
}) => {
  const cleaner = seedCleaner("Staff Edit");
  await signInAs({ role: "staff", label: "edits-staff" });
  await page.goto(`/admin/cleaners/${cleaner.id}`);
  await page.waitForLoadState("networkidle");
  await expect(
    page.getByRole("region", { name: "Edit contact details and services" }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Edit bank details" })).toHaveCount(0);

  const staff = await createStaffAccount({ role: "staff", label: "bank-refused" });
  const api = await playwright.request.newContext({ baseURL });
  const refused = await api.post(`/admin/cleaners/${cleaner.id}`, {
    headers: { cookie: await sessionCookieHeader(staff), origin: baseURL! },
    form: { intent: "bank", bankName: "Evil Bank", bsb: "111111", accountNumber: "99999999" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
  await api.dispose();
  expect(auditOf(cleaner.id)).toEqual([]);
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
  await page.goto(`/admin/cleaners/${cleaner.id}`);
  await page.waitForLoadState("networkidle");
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
