import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { encryptField } from "../../app/lib/crypto.server";
import { expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";
import { openServerDatabase, serverDataDir } from "./server-database";
import { createStaffAccount, sessionCookieHeader } from "./staff-sessions";

// Cleaners in the back office (docs/product/back-office.md#cleaner-directory): the directory's filters, sorting and Applications view
// in the URL, Add Cleaner, an applicant accepted with a welcome email, the profile's errors, and
// the payment details revealed to an owner (audited) but refused to staff. Every test's cleaners
// carry a tag of their own in their suburb, so tests running beside it never disturb its lists.

type Seeded = {
  name: string;
  status?: string;
  rating?: number;
  jobs?: number;
  services?: string[];
  bank?: boolean;
  /** A police check far ahead unless false (docs/decisions/0042-who-is-free-for-a-job.md) */
  policeCheck?: boolean;
};

/** The key the server generated into its data folder (app/server/config.server.ts). */
function serverEncryptionKey() {
  const file = path.join(serverDataDir(), "secrets.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { DATA_ENCRYPTION_KEY: string })
    .DATA_ENCRYPTION_KEY;
}

function seedCleaners(tag: string, cleaners: Seeded[]) {
  const db = openServerDatabase({ write: true });
  const at = new Date().toISOString();
  const ids: string[] = [];
  try {
    const insert = db.prepare(
      `insert into cleaners (id, name, email, phone, location, services, availability, languages,
         specialties, status, rating, active_bookings, completed_jobs, has_abn, has_transport,
         bank_name, account_name, bsb_encrypted, account_number_encrypted, account_last4,
         tfn_encrypted, source, police_check_expires_on, created_at, updated_at)
       values (?, ?, ?, '0412 345 678', ?, ?, '["Monday"]', '["English"]', '[]', ?, ?, 0, ?, 0, 0,
         ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const cleaner of cleaners) {
      const id = randomUUID();
      ids.push(id);
      const key = cleaner.bank ? serverEncryptionKey() : null;
      insert.run(
        id,
        cleaner.name,
        `${id}@example.com`,
        `Tagville ${tag}`,
        JSON.stringify(cleaner.services ?? ["Residential"]),
        cleaner.status ?? "available",
        cleaner.rating ?? 0,
        cleaner.jobs ?? 0,
        cleaner.bank ? "Westpac" : null,
        cleaner.bank ? cleaner.name : null,
        key ? encryptField(key, "032000") : null,
        key ? encryptField(key, "12345678") : null,
        cleaner.bank ? "5678" : null,
        key ? encryptField(key, "123456782") : null,
        cleaner.status === "pending_review" ? "application" : "admin",
        cleaner.policeCheck === false ? null : "2099-12-31",
        at,
        at,
      );
    }
  } finally {
    db.close();
  }
  return ids;
}

function cardNames(page: Page) {
  return page
    .getByRole("list", { name: "Cleaners" })
    .getByRole("heading", { level: 2 })
    .allTextContents();
}

const newTag = () => randomBytes(4).toString("hex");

test.describe("the cleaner directory", () => {
  test("searches, filters and sorts in the URL; the back button walks the filters", async ({
    page,
    signInAs,
  }) => {
    await signInAs("staff");
    const tag = newTag();
    seedCleaners(tag, [
      { name: "Alba Ng", rating: 4.9, jobs: 5, services: ["Residential", "Commercial"] },
      { name: "Bo Diaz", rating: 4.1, jobs: 30, status: "busy", services: ["Commercial"] },
      { name: "Cy Park", rating: 3.2, jobs: 12, services: ["House Keeping"] },
    ]);
    await page.goto(`/admin/cleaners?q=${tag}`);
    expect(await cardNames(page)).toEqual(["Alba Ng", "Bo Diaz", "Cy Park"]);
    await expectNoAxeViolations(page);

    // Rating is the default order, highest first; the toggle turns it round.
    await page.getByRole("link", { name: /change to ascending/ }).click();
    await expect(page).toHaveURL(/dir=asc/);
    // The address changes before the new list is drawn, so the list is waited for.
    await expect.poll(() => cardNames(page)).toEqual(["Cy Park", "Bo Diaz", "Alba Ng"]);

    await page.getByLabel("Sort by").selectOption("jobs");
    await expect(page).toHaveURL(/sort=jobs/);
    await expect.poll(() => cardNames(page)).toEqual(["Alba Ng", "Cy Park", "Bo Diaz"]);

    await page.getByLabel("Status").selectOption("busy");
    await expect(page).toHaveURL(/status=busy/);
    await expect.poll(() => cardNames(page)).toEqual(["Bo Diaz"]);

    await page.goBack();
    await expect.poll(() => cardNames(page)).toEqual(["Alba Ng", "Cy Park", "Bo Diaz"]);

    await page.goto(`/admin/cleaners?q=${tag}&service=Commercial&sort=name&dir=asc`);
    expect(await cardNames(page)).toEqual(["Alba Ng", "Bo Diaz"]);

    await page.goto(`/admin/cleaners?q=nobody-${tag}`);
    await expect(page.getByText("No cleaners found matching your criteria")).toBeVisible();

    await page.goto(`/admin/cleaners?q=${tag}`);
    await page.getByRole("link", { name: "View Profile: Bo Diaz" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Bo Diaz" })).toBeVisible();
  });

  test("the Applications view lists applicants awaiting review, with their count", async ({
    page,
    signInAs,
  }) => {
    await signInAs("staff");
    const tag = newTag();
    seedCleaners(tag, [
      { name: "Dee Applicant", status: "pending_review" },
      { name: "Eli Working", status: "available" },
    ]);
    await page.goto(`/admin/cleaners?q=${tag}`);
    const views = page.getByRole("navigation", { name: "Cleaner views" });
    const applications = views.getByRole("link", { name: /Applications/ });
    await expect(applications).toContainText(/[1-9]\d* awaiting review/);
    await applications.click();
    await expect(page).toHaveURL(/status=pending_review/);
    await expect(applications).toHaveAttribute("aria-current", "page");
    expect(await cardNames(page)).toEqual(["Dee Applicant"]);
  });
});

test.describe("adding a cleaner", () => {
  test("the modal checks each field, refuses a taken email, and adds an offline cleaner until their police check is recorded", async ({
    page,
    signInAs,
    browserProblems,
  }) => {
    // The refused posts answer 400 and 409 with their messages.
    browserProblems.allow(/\/admin\/cleaners/);
    await signInAs("staff");
    const tag = newTag();
    const [takenId] = seedCleaners(tag, [{ name: "Taken Email" }]);
    await gotoReady(page, "/admin/cleaners");
    await page.getByRole("button", { name: "Add Cleaner" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Cleaner" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);

    await dialog.getByRole("button", { name: "Add Cleaner" }).click();
    await expect(dialog.getByText("Please enter the cleaner's name.")).toBeVisible();
    await expect(dialog.getByText("Please enter the cleaner's location.")).toBeVisible();

    await dialog.getByLabel("Name").fill("Fay Newcomer");
    await dialog.getByLabel("Email").fill(`${takenId}@example.com`);
    await dialog.getByLabel("Phone").fill("0412 345 678");
    await dialog.getByLabel("Location", { exact: true }).fill(`Tagville ${tag}`);
    await dialog.getByLabel("Photo URL").fill("not a link");
    await dialog.getByRole("checkbox", { name: "Commercial" }).check();
    await dialog.getByRole("checkbox", { name: "Tuesday" }).check();
    await dialog.getByRole("checkbox", { name: "Arabic" }).check();
    await dialog.getByRole("checkbox", { name: "Window Cleaning" }).check();
    await dialog.getByRole("button", { name: "Add Cleaner" }).click();
    await expect(dialog.getByText("Please enter a valid URL", { exact: false })).toBeVisible();

    await dialog.getByLabel("Photo URL").fill("");
    await dialog.getByRole("button", { name: "Add Cleaner" }).click();
    await expect(
      dialog.getByText("A cleaner with this email address already exists."),
    ).toBeVisible();

    await dialog.getByLabel("Email").fill(`fay-${tag}@example.com`);
    await dialog.getByRole("button", { name: "Add Cleaner" }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page
        .getByRole("region", { name: "Messages (F8)" })
        .getByText("Fay Newcomer was added to the team."),
    ).toBeVisible();

    await page.goto(`/admin/cleaners?q=${tag}&sort=name&dir=asc`);
    expect(await cardNames(page)).toEqual(["Fay Newcomer", "Taken Email"]);
    const db = openServerDatabase();
    try {
      const row = db
        .prepare(
          "select status, rating, completed_jobs, services, availability, languages, specialties from cleaners where email = ?",
        )
        .get(`fay-${tag}@example.com`);
      expect(row).toEqual({
        status: "offline",
        rating: 0,
        completed_jobs: 0,
        services: '["Commercial"]',
        availability: '["Tuesday"]',
        languages: '["Arabic"]',
        specialties: '["Window Cleaning"]',
      });
    } finally {
      db.close();
    }
  });
});

test.describe("the cleaner profile", () => {
  test("an applicant accepted from the status menu becomes available and is emailed a welcome", async ({
    page,
    signInAs,
  }) => {
    await signInAs("staff");
    const [id] = seedCleaners(newTag(), [{ name: "Gia Hopeful", status: "pending_review" }]);
    await gotoReady(page, `/admin/cleaners/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Gia Hopeful" })).toBeVisible();
    for (const tile of ["Completed Jobs", "Active Bookings", "Rating", "Languages"]) {
      await expect(page.getByText(tile, { exact: true }).first()).toBeVisible();
    }
    await expectNoAxeViolations(page);

    await page.getByLabel("Status", { exact: true }).selectOption("available");
    await page.getByRole("button", { name: "Change status" }).click();
    await expect(
      page.getByRole("region", { name: "Messages (F8)" }).getByText("Status changed to Available."),
    ).toBeVisible();
    await expect(page.locator("header span").filter({ hasText: /^Available$/ })).toBeVisible();

    const db = openServerDatabase();
    try {
      expect(db.prepare("select status from cleaners where id = ?").get(id)).toEqual({
        status: "available",
      });
      const emails = db
        .prepare("select topic from outbox_messages where subject_id = ? and kind = 'email'")
        .all(id);
      expect(emails).toEqual([{ topic: "cleaner.accepted" }]);
      const audit = db
        .prepare(
          "select details from audit_log where subject_id = ? and action = 'cleaner.status_changed'",
        )
        .all(id);
      expect(audit).toEqual([
        { details: JSON.stringify({ from: "pending_review", to: "available" }) },
      ]);
    } finally {
      db.close();
    }
  });

  test("a cleaner without a police check cannot be made Available until one is recorded", async ({
    page,
    signInAs,
    browserProblems,
  }) => {
    // The refused status change answers 409 with its message.
    browserProblems.allow(/\/admin\/cleaners\//);
    await signInAs("staff");
    const [id] = seedCleaners(newTag(), [
      { name: "Hugo Unchecked", status: "offline", policeCheck: false },
    ]);
    await gotoReady(page, `/admin/cleaners/${id}`);
    const status = page.getByLabel("Status", { exact: true });
    await expect(status).toHaveAccessibleDescription(
      "No police check on record: they cannot be made Available until a current check is recorded.",
    );
    await expectNoAxeViolations(page);

    await status.selectOption("available");
    await page.getByRole("button", { name: "Change status" }).click();
    await expect(
      page
        .locator("form")
        .filter({ has: status })
        .getByText("A cleaner needs a current police check to be Available.", { exact: false }),
    ).toBeVisible();

    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(
      new Date(),
    );
    await page.getByLabel("Date of the check").fill(today);
    await page.getByRole("button", { name: "Record police check" }).click();
    await expect(
      page.getByRole("region", { name: "Messages (F8)" }).getByText("Police check recorded."),
    ).toBeVisible();
    await expect(status).not.toHaveAccessibleDescription(/police check/);

    await status.selectOption("available");
    await page.getByRole("button", { name: "Change status" }).click();
    await expect(
      page.getByRole("region", { name: "Messages (F8)" }).getByText("Status changed to Available."),
    ).toBeVisible();
  });

  test("the public profile's edits, an uploaded photo included, show on /provider at once", async ({
    page,
    signInAs,
    browserProblems,
  }) => {
    // The refused price answers 400 with its message.
    browserProblems.allow(/\/admin\/cleaners\//);
    await signInAs("staff");
    const [id] = seedCleaners(newTag(), [{ name: "Iris Public" }]);
    await gotoReady(page, `/admin/cleaners/${id}`);
    const form = page.getByRole("region", { name: "Public profile" });
    await form.getByLabel("About").fill("Calm, careful and quick with stone benchtops.");
    await form.getByLabel("Working hours").fill("7am-3pm");
    await form.getByLabel("Price per day (AUD)").fill("a lot");
    await form.getByRole("button", { name: "Save public profile" }).click();
    await expect(
      form.getByText("Please enter a price per day in dollars", { exact: false }),
    ).toBeVisible();
    await form.getByLabel("Price per day (AUD)").fill("320");
    const png = await sharp({
      create: { width: 400, height: 400, channels: 3, background: "#b08d57" },
    })
      .png()
      .toBuffer();
    await form.getByLabel("Upload Photo").setInputFiles({
      name: "iris.png",
      mimeType: "image/png",
      buffer: png,
    });
    await expect(form.getByRole("img", { name: "The cleaner, as uploaded" })).toBeVisible();
    await form.getByRole("button", { name: "Save public profile" }).click();
    await expect(
      page.getByRole("region", { name: "Messages (F8)" }).getByText("Public profile saved."),
    ).toBeVisible();

    await page.goto(`/provider/${id}`);
    await expect(page.getByText("Calm, careful and quick with stone benchtops.")).toBeVisible();
    await expect(page.getByText("7am-3pm")).toBeVisible();
    await expect(page.getByRole("img", { name: "Iris P." })).toBeVisible();
  });

  test("an unknown id says Cleaner not found, with a way back to Cleaners", async ({
    page,
    signInAs,
  }) => {
    await signInAs("staff");
    const response = await page.goto("/admin/cleaners/no-such-cleaner");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("alert")).toContainText("Cleaner not found");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Back to Cleaners" }).click();
    await expect(page).toHaveURL(/\/admin\/cleaners$/);
  });

  test("an owner reveals the payment details, which is audited; staff cannot", async ({
    page,
    signInAs,
    playwright,
    baseURL,
  }) => {
    const [id] = seedCleaners(newTag(), [{ name: "Hal Banked", bank: true }]);
    const owner = await signInAs({ role: "owner", label: "reveal" });
    await gotoReady(page, `/admin/cleaners/${id}`);
    const payment = page.getByRole("region", { name: "Payment details" });
    await expect(payment).toContainText("••••5678");
    await expect(payment).not.toContainText("12345678");
    await payment.getByRole("button", { name: "Reveal payment details" }).click();
    await expect(payment).toContainText("12345678");
    await expect(payment).toContainText("032000");
    await expect(payment).toContainText("123456782");
    const db = openServerDatabase();
    try {
      const audit = db
        .prepare(
          "select actor_id from audit_log where subject_id = ? and action = 'cleaner.payment_details_revealed'",
        )
        .all(id);
      expect(audit).toEqual([{ actor_id: owner.id }]);
    } finally {
      db.close();
    }

    // Staff see no Reveal, and the server refuses their post.
    const staff = await createStaffAccount({ role: "staff", label: "no-reveal" });
    const api = await playwright.request.newContext({ baseURL });
    const refused = await api.post(`/admin/cleaners/${id}`, {
      headers: { cookie: await sessionCookieHeader(staff), origin: baseURL! },
      form: { intent: "reveal" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).not.toContain("12345678");
    await api.dispose();
  });
});
