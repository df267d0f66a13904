import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectNoAxeViolations, gotoReady, test, waitForHydration } from "./fixtures";
import { openServerDatabase, serverDataDir } from "./server-database";

// The cleaner application wizard (docs/product/back-office.md#cleaner-application-wizard,
// docs/product/back-office.md#validation-rules, docs/product/back-office.md#messages): every
// step's messages, a real photo upload (and a renamed text file refused by its bytes), the masked
// review, success and the move home, the duplicate email, and what the database keeps
// (docs/decisions/0011-encrypted-bank-details.md). Each test sends at most two applications
// (docs/decisions/0026-abuse-protection.md).

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const TFN = "123456782";
const ACCOUNT = "9876543210";
const DUPLICATE = "This email is already registered. Please use a different email address.";

test.describe.configure({ timeout: 120_000 });

const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString("hex")}@example.com`;
const heading = (page: Page) => page.locator("#apply-step-heading");
const next = (page: Page) => page.getByRole("button", { name: "Next", exact: true });
const group = (page: Page, name: string) => page.getByRole("group", { name, exact: true });

async function headshot() {
  const buffer = await sharp({
    create: { width: 240, height: 300, channels: 3, background: { r: 176, g: 141, b: 87 } },
  })
    .jpeg()
    .toBuffer();
  return { name: "headshot.jpg", mimeType: "image/jpeg", buffer };
}

async function openWizard(page: Page) {
  await gotoReady(page, "/work-with-us");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Join Our Team");
  await expect(heading(page)).toHaveText("Personal Information");
}

async function fillPersonal(page: Page, email: string) {
  await page.getByLabel("Full Name").fill("Mia Rossi");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone Number").fill("0412 345 678");
}

async function fillExperience(page: Page) {
  await page.getByLabel("Cleaning Experience").selectOption({ label: "5+ years" });
  await page.getByLabel("Visa Status").selectOption({ label: "Working holiday visa" });
  await page.getByLabel("English Proficiency").selectOption({ label: "Fluent" });
}

async function fillAvailability(page: Page) {
  await group(page, "Availability").getByRole("button", { name: "Monday" }).click();
  await group(page, "Languages").getByRole("button", { name: "English" }).click();
}

/** From step 1 to the review, with only what is required. */
async function quickApplication(page: Page, email: string) {
  await fillPersonal(page, email);
  await next(page).click();
  await fillExperience(page);
  await next(page).click();
  await fillAvailability(page);
  await next(page).click();
  await next(page).click();
  await next(page).click();
  await expect(heading(page)).toHaveText("Review Your Application");
}

/** The raw bytes of the server's SQLite database and its write-ahead log, as text. */
function rawDatabase() {
  return ["app.db", "app.db-wal"]
    .map((file) => path.join(serverDataDir(), file))
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file).toString("latin1"))
    .join("");
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("an application with a photo goes through every step, is stored encrypted and goes home", async ({
    page,
    browserProblems,
  }) => {
    // The renamed text file is refused by the server (415), on purpose.
    browserProblems.allow(/POST .*\/work-with-us/);
    const email = uniqueEmail("mia");
    await openWizard(page);
    const progress = page.getByRole("progressbar", { name: "Application progress" });
    await expect(progress).toHaveAttribute("aria-valuetext", "Step 1 of 6: Personal");
    await expect(page.getByText("No photo")).toBeVisible();
    await expectNoAxeViolations(page);

    // Next on an empty step names each field and stays, focus on the first.
    await next(page).click();
    await expect(page.getByText("Please enter your full name.")).toBeVisible();
    await expect(page.getByText("Please enter your email address.")).toBeVisible();
    await expect(page.getByText("Please enter your phone number.")).toBeVisible();
    await expect(page.getByLabel("Full Name")).toBeFocused();
    await expect(heading(page)).toHaveText("Personal Information");
    await expectNoAxeViolations(page);

    // The photo: the browser's checks, then the server's check of the bytes, then a real one.
    const upload = page.getByLabel("Upload Photo");
    await upload.setInputFiles({
      name: "animation.gif",
      mimeType: "image/gif",
      buffer: Buffer.from("GIF89a"),
    });
    await expect(page.getByText("Please upload a JPEG, PNG, or WebP image")).toBeVisible();
    await upload.setInputFiles({
      name: "huge.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await expect(page.getByText("Image must be less than 5MB")).toBeVisible();
    await upload.setInputFiles({
      name: "notes.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("These are my notes, not a photo at all."),
    });
    await expect(page.getByText("Please upload a JPEG, PNG, or WebP image")).toBeVisible();
    await expect(page.getByText("No photo")).toBeVisible();
    await upload.setInputFiles(await headshot());
    const preview = page.getByRole("img", { name: "Your uploaded headshot" });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute("src", /^\/api\/uploads\//);
    await expect(page.getByText("Please upload a JPEG, PNG, or WebP image")).toBeHidden();

    await fillPersonal(page, "mia@");
    await expect(
      page.getByText("Please enter a valid email address, like name@example.com."),
    ).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await next(page).click();

    // Step 2: the three choices, the police check date and the ABN.
    await expect(heading(page)).toHaveText("Work Experience & Eligibility");
    await expect(heading(page)).toBeFocused();
    await expect(progress).toHaveAttribute("aria-valuetext", "Step 2 of 6: Experience");
    await next(page).click();
    await expect(page.getByText("Please select your cleaning experience.")).toBeVisible();
    await expect(page.getByText("Please select your visa status.")).toBeVisible();
    await expect(page.getByText("Please select your English level.")).toBeVisible();
    await expect(page.getByLabel("Cleaning Experience")).toBeFocused();
    await fillExperience(page);
    await page.getByLabel("I have a valid Police Check").check();
    await page.getByLabel("I have an ABN").check();
    const abn = page.getByLabel("ABN Number");
    await expect(abn).toHaveAttribute("placeholder", "11 digits");
    await abn.fill("51 824a753");
    await expect(abn).toHaveValue("51824753");
    await next(page).click();
    await expect(page.getByText("Please enter the date of your police check.")).toBeVisible();
    await expect(page.getByText("ABN must be exactly 11 digits")).toBeVisible();
    await expect(page.getByLabel("Date of Police Check")).toBeFocused();
    await expectNoAxeViolations(page);
    await page.getByLabel("Date of Police Check").fill("2026-03-14");
    await abn.fill("518247535561234");
    await expect(abn).toHaveValue("51824753556");
    await page.getByLabel("I have my own transport").check();
    await page.getByLabel("Preferred Areas").fill("Eastern Suburbs");

    // A refresh keeps every answer so far, the photo included.
    await page.reload();
    await waitForHydration(page);
    await expect(heading(page)).toHaveText("Work Experience & Eligibility");
    await expect(abn).toHaveValue("51824753556");
    await expect(page.getByLabel("Visa Status")).toHaveValue("working_holiday");
    await next(page).click();

    // Step 3: at least one day and one language.
    await expect(heading(page)).toHaveText("Availability & Languages");
    await next(page).click();
    await expect(page.getByText("Please select at least one day you are available.")).toBeVisible();
    await expect(page.getByText("Please select at least one language you speak.")).toBeVisible();
    await expect(group(page, "Availability").getByRole("button", { name: "Monday" })).toBeFocused();
    await fillAvailability(page);
    await group(page, "Availability").getByRole("button", { name: "Saturday" }).click();
    await group(page, "Languages").getByRole("button", { name: "Portuguese" }).click();
    await expect(group(page, "Languages").getByRole("button", { name: "English" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.getByLabel("Additional Information").fill("Weekends suit me best.");
    await next(page).click();

    // Step 4: the equipment grid appears once ticked.
    await expect(heading(page)).toHaveText("Cleaning Equipment");
    await page.getByLabel("I have my own cleaning equipment and supplies").check();
    await group(page, "Equipment you have").getByLabel("Vacuum cleaner").check();
    await group(page, "Equipment you have").getByLabel("Gloves").check();
    await expectNoAxeViolations(page);
    await next(page).click();

    // Step 5: digits only as typed, and the lengths the spec sets.
    await expect(heading(page)).toHaveText("Payment Details (Optional)");
    await page.getByLabel("Bank Name").fill("Harbour Bank");
    await page.getByLabel("Account Name").fill("M Rossi");
    await page.getByLabel("BSB").fill("06-200");
    await expect(page.getByLabel("BSB")).toHaveValue("06200");
    await page.getByLabel("Account Number").fill(`${ACCOUNT}99`);
    await expect(page.getByLabel("Account Number")).toHaveValue(ACCOUNT);
    await page.getByLabel("Tax File Number").fill("1234 5678");
    await next(page).click();
    await expect(page.getByText("BSB must be exactly 6 digits")).toBeVisible();
    await expect(page.getByText("Tax file number must be exactly 9 digits")).toBeVisible();
    await expect(page.getByLabel("BSB")).toBeFocused();
    await page.getByLabel("BSB").fill("062000");
    await page.getByLabel("Tax File Number").fill(TFN);
    await page.getByLabel("Superannuation Fund").fill("Coastal Super");
    await page.getByLabel("Super Member Number").fill("CS778812");
    await expectNoAxeViolations(page);
    await next(page).click();

    // Step 6: the review, the account number masked; nothing secret in sessionStorage.
    await expect(heading(page)).toHaveText("Review Your Application");
    const review = page.locator("form");
    for (const text of [
      "Uploaded",
      "Mia Rossi",
      "5+ years",
      "Working holiday visa",
      "Yes (Sat, 14 Mar 2026)",
      "51824753556",
      "Monday, Saturday",
      "English, Portuguese",
      "Vacuum cleaner, Gloves",
      "Harbour Bank",
      "062000",
      "••••••3210",
      "Weekends suit me best.",
    ]) {
      await expect(review.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(review).not.toContainText(ACCOUNT);
    await expect(review).not.toContainText(TFN);
    const stored = await page.evaluate(() => JSON.stringify({ ...window.sessionStorage }));
    expect(stored).toContain("Mia Rossi");
    expect(stored).not.toContain(ACCOUNT);
    expect(stored).not.toContain(TFN);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByText("Application Submitted!")).toBeVisible();
    await expect(
      page.getByText(
        "Thank you for your interest in joining our team. We'll review your application and contact you soon.",
      ),
    ).toBeVisible();
    await expect(page.getByText("Redirecting you to the homepage...")).toBeVisible();
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });

    // What the database keeps: a pending_review cleaner, bank and tax details only as ciphertext.
    const db = openServerDatabase();
    const row = db
      .prepare(
        "select status, services, photo, tfn_encrypted, account_number_encrypted, account_last4 from cleaners where email = ?",
      )
      .get(email) as Record<string, string>;
    db.close();
    expect(row).toMatchObject({
      status: "pending_review",
      services: JSON.stringify(["Residential", "Commercial"]),
      account_last4: "3210",
    });
    expect(row.photo).toMatch(/^\/api\/uploads\//);
    expect(row.tfn_encrypted).toMatch(/^v1\./);
    expect(row.account_number_encrypted).toMatch(/^v1\./);
    const raw = rawDatabase();
    expect(raw).toContain(email);
    expect(raw).not.toContain(TFN);
    expect(raw).not.toContain(ACCOUNT);
  });

  test("an email already registered is refused, and nothing typed is lost", async ({
    page,
    browserProblems,
  }) => {
    browserProblems.allow(/POST .*\/work-with-us/);
    const email = uniqueEmail("ava");
    await openWizard(page);
    await quickApplication(page, email);
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByText("Application Submitted!")).toBeVisible();
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });

    await openWizard(page);
    await quickApplication(page, email.toUpperCase());
    await page.getByRole("button", { name: "Submit Application" }).click();
    // The red banner, and the email's own message with focus on it, back on step 1.
    await expect(page.getByRole("alert").filter({ hasText: DUPLICATE })).toBeVisible();
    await expect(heading(page)).toHaveText("Personal Information");
    await expect(page.getByLabel("Email")).toBeFocused();
    await expect(page.getByLabel("Email")).toHaveValue(email.toUpperCase());
    await expect(page.getByLabel("Full Name")).toHaveValue("Mia Rossi");
    await expectNoAxeViolations(page);
  });

  test("two applications with one email at once store one cleaner", async ({ page }) => {
    const email = uniqueEmail("twin");
    await gotoReady(page, "/work-with-us");
    const origin = new URL(page.url()).origin;
    const form = {
      name: "Twin Applicant",
      email,
      phone: "0412 345 678",
      experience: "1-2",
      visaStatus: "citizen",
      englishProficiency: "native",
      "availability[0]": "Monday",
      "languages[0]": "English",
    };
    const responses = await Promise.all(
      [0, 1].map(() =>
        page.request.post("/work-with-us", {
          form,
          headers: { origin, accept: "application/json" },
          maxRedirects: 0,
        }),
      ),
    );
    expect(responses.map((response) => response.status()).sort()).toEqual([201, 409]);
    const db = openServerDatabase();
    const count = db.prepare("select count(*) as n from cleaners where email = ?").get(email) as {
      n: number;
    };
    db.close();
    expect(count.n).toBe(1);
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: DESKTOP });

  test("each step has no accessibility violations at 1280 px", async ({ page }) => {
    await openWizard(page);
    await expectNoAxeViolations(page);
    await fillPersonal(page, uniqueEmail("wide"));
    await next(page).click();
    await expectNoAxeViolations(page);
    await fillExperience(page);
    await next(page).click();
    await fillAvailability(page);
    await expectNoAxeViolations(page);
    await next(page).click();
    await page.getByLabel("I have my own cleaning equipment and supplies").check();
    await expectNoAxeViolations(page);
    await next(page).click();
    await expectNoAxeViolations(page);
    await page.getByLabel("Account Number").fill("12345678");
    await next(page).click();
    await expect(page.getByText("••••5678", { exact: true })).toBeVisible();
    await expect(page.getByText("Not provided").first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
