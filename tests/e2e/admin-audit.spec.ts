import { randomUUID } from "node:crypto";
import { expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";
import { openServerDatabase } from "./server-database";

// docs/decisions/0055-cleaner-edits-and-audit-log.md: owners read the audit log at
// /admin/audit, filtered by action, who, dates and the thing changed, in keyset pages; staff are
// refused by the server and see no link. Each test's entries name a subject of its own, so
// entries other journeys write meanwhile never disturb its pages.

const PAGE_SIZE = 50;

/** `count` entries about one cleaner, all at one Sydney weekday noon, and that cleaner's id. */
function seedEntries(actorId: string, count: number, action = "cleaner.status_changed") {
  const subjectId = randomUUID();
  const at = new Date().toISOString();
  const db = openServerDatabase({ write: true });
  try {
    db.prepare(
      `insert into cleaners (id, name, email, phone, location, services, availability, languages,
         specialties, status, rating, active_bookings, completed_jobs, has_abn, has_transport,
         source, created_at, updated_at)
       values (?, 'Audit Subject', ?, '0412 345 678', 'Mosman', '["Residential"]', '["Monday"]',
         '["English"]', '[]', 'offline', 0, 0, 0, 0, 0, 'admin', ?, ?)`,
    ).run(subjectId, `${subjectId}@example.com`, at, at);
    const insert = db.prepare(
      `insert into audit_log (id, actor_type, actor_id, action, subject_type, subject_id, details, ip, created_at)
       values (?, 'staff', ?, ?, 'cleaner', ?, ?, '203.0.113.9', ?)`,
    );
    // Monday 2 November 2026, 12:00 in Sydney; every entry at the same moment.
    for (let index = 0; index < count; index += 1) {
      insert.run(
        randomUUID(),
        actorId,
        action,
        subjectId,
        JSON.stringify({ from: "available", to: "offline", n: index, tokenHash: "secret-hash" }),
        "2026-11-02T01:00:00.000Z",
      );
    }
  } finally {
    db.close();
  }
  return subjectId;
}

for (const width of [390, 1280]) {
  test(`an owner filters the audit log and pages through it at ${width} px`, async ({
    page,
    signInAs,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const owner = await signInAs({ role: "owner", label: `audit-${width}` });
    const subject = seedEntries(owner.id, PAGE_SIZE + 3);
    await gotoReady(page, "/admin/dashboard");
    if (width < 1024) await page.getByRole("button", { name: "Menu" }).click();
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Audit log" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel("Action").selectOption({ label: "Cleaner's status changed" });
    await page.getByLabel("Who").selectOption({ label: owner.name });
    await page.getByLabel("Thing changed").fill(subject);
    await page.getByLabel("From").fill("2026-11-02");
    await page.getByLabel("To", { exact: true }).fill("2026-11-02");
    await page.getByRole("button", { name: "Show entries" }).click();
    await expect(page).toHaveURL(/subject=/);

    const table = page.getByRole("table");
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(PAGE_SIZE);
    const first = rows.first();
    await expect(first).toContainText("Mon, 2 Nov 2026, 12:00:00 PM");
    await expect(first).toContainText(owner.name);
    await expect(first).toContainText("Cleaner's status changed");
    await expect(first).toContainText("From: available");
    await expect(table).not.toContainText("secret-hash");
    await expect(table).not.toContainText("203.0.113.9");
    await expectNoAxeViolations(page);

    const firstPage = await rows.evaluateAll((all) => all.map((row) => row.textContent));
    expect(firstPage).toHaveLength(PAGE_SIZE);
    await page.getByRole("link", { name: "Older entries" }).click();
    await expect(rows).toHaveCount(3);
    await expect(page.getByRole("link", { name: "Older entries" })).toHaveCount(0);
    await page.getByRole("link", { name: "Back to the newest" }).click();
    await expect(rows).toHaveCount(PAGE_SIZE);

    await rows.first().getByRole("link", { name: "Cleaner Audit Subject" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/cleaners/${subject}$`));
  });
}

test("entries at one moment are neither repeated nor skipped across pages", async ({
  page,
  signInAs,
}) => {
  const owner = await signInAs({ role: "owner", label: "audit-keyset" });
  const count = PAGE_SIZE + 7;
  const subject = seedEntries(owner.id, count);
  /** The entries' numbers on the page shown, from their "N: …" detail. */
  const numbers = () =>
    page
      .locator("tbody tr")
      .evaluateAll((rows) =>
        rows.map((row) => Number(/N: (\d+)/.exec(row.textContent ?? "")?.[1] ?? -1)),
      );
  await page.goto(`/admin/audit?subject=${subject}`);
  await expect(page.locator("tbody tr")).toHaveCount(PAGE_SIZE);
  const first = await numbers();
  await page.getByRole("link", { name: "Older entries" }).click();
  await expect(page.locator("tbody tr")).toHaveCount(count - PAGE_SIZE);
  const seen = [...first, ...(await numbers())];
  expect(new Set(seen).size).toBe(count);
  expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, n) => n));
});

test("a filter that is not one says why beside the field, with a 400", async ({
  page,
  signInAs,
}) => {
  await signInAs({ role: "owner", label: "audit-bad-filter" });
  const response = await page.goto("/admin/audit?from=2026-11-20&to=2026-11-02");
  expect(response?.status()).toBe(400);
  await expect(page.getByText("The end date must be on or after the start date.")).toBeVisible();
  await expect(page.getByLabel("To", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("table")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("staff see no Audit log link and the server refuses them", async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs({ role: "staff", label: "audit-staff" });
  await page.goto("/admin/dashboard");
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit log" }),
  ).toHaveCount(0);
  const refused = await page.goto("/admin/audit");
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "No access" })).toBeVisible();
});
