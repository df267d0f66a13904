import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectNoAxeViolations, gotoReady, test, waitForHydration } from "./fixtures";
import { openServerDatabase, refuseQuotesFor } from "./server-database";

// The post-construction request (docs/product/public-site.md#post-construction-flow, docs/product/public-site.md#entities-and-fields, docs/product/public-site.md#validation-rules, docs/product/public-site.md#calls-and-webhooks and docs/product/public-site.md#messages): the property form with a
// photo, the contact step, the thank-you page; values kept across a refresh and a server failure;
// axe on every step at 390 px and 1280 px. Each test sends at most two public forms (docs/decisions/0026-abuse-protection.md).

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const FAILED = "Failed to submit form. Please try again.";
const PROMISE = "Our team will review your project and send you a quote within 24 hours.";

// Axe on every step on the shared 2-core machine can pass the default 30 s.
test.describe.configure({ timeout: 90_000 });

/** A small PNG made here, so no test loads a photo from anywhere else. */
async function png(name: string) {
  const buffer = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 180, g: 160, b: 120 } },
  })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString("hex")}@example.com`;
const group = (page: Page, name: string) => page.getByRole("group", { name, exact: true });
const continueButton = (page: Page) =>
  page.getByRole("button", { name: "Continue to Contact Info" });

async function openForm(page: Page) {
  await gotoReady(page, "/post-construction-form");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Post-Construction Cleaning");
  await expect(page.getByText("Step 1 of 2")).toBeVisible();
}

/** The spec's required answers: property type, size, floors, kitchen and clean type. */
async function fillRequired(page: Page) {
  await group(page, "Property type").getByRole("radio", { name: "House", exact: true }).check();
  await group(page, "Property size")
    .getByRole("radio", { name: /Medium/ })
    .check();
  await group(page, "Floors").getByRole("radio", { name: "2", exact: true }).check();
  await group(page, "Is there a kitchen?").getByRole("radio", { name: "Yes", exact: true }).check();
  await group(page, "Clean type")
    .getByRole("radio", { name: /Final clean/ })
    .check();
}

async function fillContact(page: Page, email: string) {
  await page.getByLabel("Full name").fill("Liam Nguyen");
  await page.getByLabel("Phone").fill("0412 345 678");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Property address").fill("12 Harbour Street, Mosman NSW 2088");
}

function expectFitsPhone(page: Page) {
  return expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(PHONE.width);
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("a request with a photo goes from the form to the thank-you page and is stored", async ({
    page,
  }) => {
    await openForm(page);
    await expectNoAxeViolations(page);

    // Continue on an empty form names what is missing and goes nowhere.
    await continueButton(page).click();
    await expect(page.getByText("Please check the highlighted fields:")).toBeVisible();
    await expect(page.getByText("Please choose the type of property.").first()).toBeVisible();
    await expect(
      group(page, "Property type").getByRole("radio", { name: "House", exact: true }),
    ).toBeFocused();
    await expect(page).toHaveURL(/\/post-construction-form$/);
    await expectNoAxeViolations(page);

    await fillRequired(page);
    await expect(page.getByText("Please check the highlighted fields:")).toBeHidden();

    // docs/product/public-site.md#validation-rules: number inputs never go below 0
    const rooms = page.getByLabel("Rooms", { exact: true });
    await expect(page.getByRole("button", { name: "Fewer rooms" })).toBeDisabled();
    await rooms.fill("-3");
    await expect(rooms).toHaveValue("0");
    for (let i = 0; i < 4; i++) await page.getByRole("button", { name: "More rooms" }).click();
    await expect(rooms).toHaveValue("4");
    await page.getByRole("button", { name: "More bathrooms" }).click();
    await page.getByRole("button", { name: "More bathrooms" }).click();
    await page.getByRole("button", { name: "Fewer bathrooms" }).click();
    await expect(page.getByLabel("Bathrooms", { exact: true })).toHaveValue("1");

    await group(page, "Services you need")
      .getByLabel(/Windows, frames and tracks/)
      .check();
    await group(page, "Floor types").getByLabel("Timber").check();
    await page.getByLabel(/need scaffolding or a tall ladder/).check();
    await page.getByLabel("Project details").fill("Renovated kitchen; new oak floors upstairs.");
    await group(page, "What matters most to you")
      .getByLabel(/handover date/)
      .check();
    await page.getByLabel("Add photos").setInputFiles(await png("living.png"));
    const preview = page.getByRole("img", { name: "Your property, view 1" });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute("src", /^\/api\/uploads\//);
    await page.getByLabel("Additional notes").fill("Builders finish on Friday.");
    await expectNoAxeViolations(page);
    await expectFitsPhone(page);

    // A refresh of the form keeps every answer, the photo included.
    await page.reload();
    await waitForHydration(page);
    await expect(rooms).toHaveValue("4");
    await expect(preview).toBeVisible();
    await expect(page.getByLabel("Additional notes")).toHaveValue("Builders finish on Friday.");

    await continueButton(page).click();
    await expect(page).toHaveURL(/\/post-construction-contact$/);
    await expect(page.getByText("Step 2 of 2")).toBeVisible();
    await expectNoAxeViolations(page);

    // Company fields appear only for a company; an ABN, when given, is 11 digits.
    await expect(page.getByLabel("ABN")).toHaveCount(0);
    const email = uniqueEmail("pc-journey");
    await fillContact(page, email);
    await group(page, "Are you requesting as an individual or a company?")
      .getByRole("radio", { name: "A company", exact: true })
      .check();
    await page.getByLabel("Company name").fill("Nguyen Building Group");
    await page.getByLabel("ABN").fill("1234");
    await page.getByRole("button", { name: "Request my quote" }).click();
    await expect(page.getByLabel("ABN")).toHaveAccessibleDescription(/An ABN has 11 digits/);
    await expect(page.getByLabel("ABN")).toBeFocused();
    await expectNoAxeViolations(page);
    await page.getByLabel("ABN").fill("51 824 753 556");
    await page.getByLabel("Notes", { exact: true }).fill("Access from the lane.");

    // A refresh mid-way loses nothing: this step's values and the form behind it.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel("Full name")).toHaveValue("Liam Nguyen");
    await expect(page.getByRole("radio", { name: "A company", exact: true })).toBeChecked();
    await expect(page.getByLabel("ABN")).toHaveValue("51 824 753 556");
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await page.getByRole("link", { name: "Back to the property" }).click();
    await expect(page.getByLabel("Rooms", { exact: true })).toHaveValue("4");
    await expect(page.getByRole("img", { name: "Your property, view 1" })).toBeVisible();
    await continueButton(page).click();
    await expect(page.getByLabel("Notes", { exact: true })).toHaveValue("Access from the lane.");
    await expectFitsPhone(page);

    await page.getByRole("button", { name: "Request my quote" }).click();
    await expect(page).toHaveURL(/\/post-construction-thank-you\?ref=HG-[A-Z2-9]{10}$/);
    await expect(page.getByText(PROMISE)).toBeVisible();
    const reference = new URL(page.url()).searchParams.get("ref")!;
    await expect(page.getByText(reference)).toBeVisible();
    await expectNoAxeViolations(page);
    await expectFitsPhone(page);

    const db = openServerDatabase();
    try {
      const quote = db
        .prepare(
          `select id, reference, service_type, status, lead_status, lead_source, client_name,
             client_phone, space_details from quotes where client_email = ?`,
        )
        .get(email) as Record<string, string>;
      expect(quote).toMatchObject({
        reference,
        service_type: "post-construction",
        status: "pending_quote",
        lead_status: "new",
        lead_source: "website",
        client_name: "Liam Nguyen",
        client_phone: "0412 345 678",
      });
      const space = JSON.parse(quote.space_details!) as Record<string, unknown>;
      expect(space).toMatchObject({
        type: "post-house",
        requestType: "company",
        companyName: "Nguyen Building Group",
        abn: "51824753556",
        propertySize: "medium",
        floors: "2",
        rooms: 4,
        bathrooms: 1,
        hasKitchen: true,
        cleanType: "final",
        services: ["windows"],
        floorTypes: ["timber"],
        needsScaffolding: true,
        clientPriorities: ["handover-date"],
      });
      expect(space.images).toHaveLength(1);
      const claimed = db
        .prepare("select count(*) as n from uploads where quote_id = ? and claimed_at is not null")
        .get(quote.id) as { n: number };
      expect(claimed.n).toBe(1);

      const webhook = db
        .prepare("select payload from outbox_messages where topic = ? and subject_id = ?")
        .get("post_construction.created", quote.id) as { payload: string };
      expect(JSON.parse(webhook.payload)).toMatchObject({
        route: "test_then_production",
        body: {
          postConstruction: {
            clientName: "Liam Nguyen",
            clientEmail: email,
            requestType: "company",
            abn: "51824753556",
            address: "12 Harbour Street, Mosman NSW 2088",
            propertyType: "house",
            rooms: 4,
            cleanType: "final",
            additionalNotes: "Builders finish on Friday.\n\nAccess from the lane.",
            quoteId: quote.id,
          },
        },
      });
    } finally {
      db.close();
    }

    // The request is stored, so the tab starts afresh: the contact step sends back to the form.
    await page.goto("/post-construction-contact");
    await expect(page).toHaveURL(/\/post-construction-form$/);
    await expect(page.getByText("Please tell us about the property first.")).toBeVisible();
    await expect(
      group(page, "Property type").getByRole("radio", { name: "House", exact: true }),
    ).not.toBeChecked();
  });

  test("when the server cannot store the request, the spec's message shows and nothing typed is lost", async ({
    page,
    browserProblems,
  }) => {
    // The refused submit answers 503, on purpose.
    browserProblems.allow(/POST .*\/post-construction-contact/);
    const email = uniqueEmail("pc-refused");
    // The database refuses this one visitor's row, as a full disk or a lost connection would.
    const accept = refuseQuotesFor(email);
    try {
      await openForm(page);
      await fillRequired(page);
      await continueButton(page).click();
      await expect(page).toHaveURL(/\/post-construction-contact$/);
      await fillContact(page, email);
      await page.getByLabel("Notes", { exact: true }).fill("Please call after 3 pm.");
      await page.getByRole("button", { name: "Request my quote" }).click();

      await expect(page.getByRole("alert").filter({ hasText: FAILED })).toBeVisible();
      await expect(page).toHaveURL(/\/post-construction-contact$/);
      await expect(page.getByLabel("Full name")).toHaveValue("Liam Nguyen");
      await expect(page.getByLabel("Email")).toHaveValue(email);
      await expect(page.getByLabel("Phone")).toHaveValue("0412 345 678");
      await expect(page.getByLabel("Property address")).toHaveValue(
        "12 Harbour Street, Mosman NSW 2088",
      );
      await expect(page.getByLabel("Notes", { exact: true })).toHaveValue(
        "Please call after 3 pm.",
      );
      await expectNoAxeViolations(page);
    } finally {
      accept();
    }

    // Once the database accepts it again, the same values go through.
    await page.getByRole("button", { name: "Request my quote" }).click();
    await expect(page).toHaveURL(/\/post-construction-thank-you\?ref=/);
    await expect(page.getByText(PROMISE)).toBeVisible();
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: DESKTOP });

  test("every step passes axe, and the contact step without a form goes back to it", async ({
    page,
  }) => {
    await gotoReady(page, "/post-construction-contact");
    await expect(page).toHaveURL(/\/post-construction-form$/);
    await expect(page.getByText("Please tell us about the property first.")).toBeVisible();
    await expectNoAxeViolations(page);

    await fillRequired(page);
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/post-construction-contact$/);
    await group(page, "Are you requesting as an individual or a company?")
      .getByRole("radio", { name: "A company", exact: true })
      .check();
    await page.getByRole("button", { name: "Request my quote" }).click();
    for (const message of [
      "Please enter your full name.",
      "Please enter your phone number.",
      "Please enter your email address.",
      "Please enter the property address.",
    ]) {
      await expect(page.getByText(message).first()).toBeVisible();
    }
    await expect(page.getByLabel("Full name")).toBeFocused();
    await expectNoAxeViolations(page);

    await gotoReady(page, "/post-construction-thank-you?ref=HG-ABCDEFGHJK");
    await expect(page.getByText(PROMISE)).toBeVisible();
    await expect(page.getByText("HG-ABCDEFGHJK")).toBeVisible();
    await expectNoAxeViolations(page);
    // Anything but a reference in the address is never shown.
    await gotoReady(page, "/post-construction-thank-you?ref=Liam%20Nguyen%200412");
    await expect(page.getByText("Liam Nguyen")).toHaveCount(0);
    await expect(page.getByText("Your reference")).toHaveCount(0);
  });
});

test.describe("before and without JavaScript", () => {
  test("the form is in the server's HTML, so the page shows it from the first paint", async ({
    page,
  }) => {
    const html = await (await page.request.get("/post-construction-form")).text();
    expect(html).toContain("Continue to Contact Info");
    await openForm(page);
    await expect(page.getByText("needs JavaScript")).toBeHidden();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    // Chromium reports the blocked module scripts as failed requests.
    test.beforeEach(({ browserProblems }) => browserProblems.allow(/\/assets\/.+\.js/));

    test("the page says the request needs JavaScript and offers the phone and the contact form", async ({
      page,
    }) => {
      await page.goto("/post-construction-form");
      await expect(
        page.getByText("Our online post-construction request needs JavaScript"),
      ).toBeVisible();
      await expect(page.getByText("Step 1 of 2")).toBeHidden();
      await expect(page.getByRole("link", { name: "contact form" })).toHaveAttribute(
        "href",
        "/contact",
      );
    });
  });
});
