import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import type { WizardState } from "../../app/features/quote/components/wizard-state";
import { expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";
import { refuseQuotesFor } from "./server-database";

// The quote wizard (docs/product/public-site.md#quote-wizard and docs/product/public-site.md#validation-rules, docs/decisions/0018-sydney-suburbs.md, docs/decisions/0025-floor-area-in-square-metres.md): residential and commercial journeys to
// a stored quote, the four-photo limit, a refresh mid-wizard, and axe on every step. Phones
// first (docs/brand.md#forms): every test runs at 390 px.

test.use({ viewport: { width: 390, height: 844 } });
// A journey runs axe on every step: on the shared 2-core machine that can pass 30 s.
test.describe.configure({ timeout: 60_000 });

const lead = { name: "Olivia Chen", email: "olivia@example.com", phone: "0412 345 678" };

/** A small JPEG made here, so no test loads a photo from anywhere else. */
async function jpeg(name: string) {
  const buffer = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 170, b: 110 } },
  })
    .jpeg()
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

const next = (page: Page) => page.getByRole("button", { name: "Next", exact: true });
/** Why Next is disabled: shown above it and tied to it by aria-describedby. */
const reason = (page: Page) => page.locator("#quote-next-reason");
const NOT_YET = "Answer the questions above to continue.";

async function expectStep(page: Page, number: number, title: string) {
  await expect(page.getByText(`Step ${number} of 6`)).toBeVisible();
  const heading = page.getByRole("heading", { level: 2, name: title });
  await expect(heading).toBeFocused();
  await expect(page.locator('[aria-current="step"]')).toContainText(title);
  await expectNoAxeViolations(page);
}

async function residentialSpace(page: Page) {
  await gotoReady(page, "/services/1");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Get a residential quote" }).click();
  await expectStep(page, 1, "Space type and details");

  await expect(next(page)).toBeDisabled();
  // No error before the customer has touched the step, only a hint.
  await expect(reason(page)).toHaveText(NOT_YET);
  await expect(page.getByText("Choose the type of space")).toHaveCount(0);
  await page.getByLabel("Apartment").check();
  await expect(next(page)).toBeDisabled();
  await expect(reason(page)).toHaveText("Add at least one bedroom or bathroom");
  // steppers stop at 0
  await expect(page.getByRole("button", { name: "Fewer bathrooms" })).toBeDisabled();
  await page.getByRole("button", { name: "More bedrooms" }).click();
  await page.getByRole("button", { name: "More bedrooms" }).click();
  await page.getByRole("button", { name: "More bathrooms" }).click();
  await expect(page.getByLabel("Bedrooms", { exact: true })).toHaveValue("2");

  // docs/decisions/0018-sydney-suburbs.md: the suburb type-ahead, by keyboard
  const suburb = page.getByRole("combobox", { name: "Suburb or address" });
  await suburb.fill("Mosm");
  await expect(suburb).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("option", { name: /Mosman/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await suburb.press("ArrowDown");
  await expect(suburb).toHaveAttribute("aria-activedescendant", /.+/);
  await suburb.press("Enter");
  await expect(suburb).toHaveValue("Mosman NSW 2088");
  await expect(suburb).toHaveAttribute("aria-expanded", "false");

  await expect(next(page)).toBeEnabled();
  await next(page).click();
}

async function level(page: Page, name: string) {
  await expectStep(page, 2, "Cleaning level");
  await expect(next(page)).toBeDisabled();
  await expect(reason(page)).toHaveText(NOT_YET);
  await page.getByRole("radio", { name }).check();
  await next(page).click();
}

async function preferences(page: Page, time: string) {
  await expectStep(page, 3, "Preferences and conditions");
  await expect(next(page)).toBeDisabled();
  await page.getByLabel(time).check();
  await page.getByLabel("Use eco-friendly products (+10% to the price)").check();
  await next(page).click();
}

async function contact(page: Page) {
  await expectStep(page, 5, "Contact information");
  await expect(next(page)).toBeDisabled();
  await page.getByLabel("Full name").fill(lead.name);
  await page.getByLabel("Email").fill("olivia@");
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription(
    /Enter a valid email address, like name@example.com/,
  );
  await page.getByLabel("Email").fill(lead.email);
  await page.getByLabel("Phone").fill(lead.phone);
  await next(page).click();
}

/**
 * A residential visit saved in the browser with every step answered, as residentialSpace, level,
 * preferences (without photos) and contact leave it. Journeys whose point is a later step start
 * from it; the full journeys above walk every step through the page, axe on each.
 */
function residentialDraft(changes: Partial<WizardState> = {}): WizardState {
  return {
    step: 6,
    serviceType: "residential",
    spaceDetails: {
      type: "apartment",
      bedrooms: 2,
      bathrooms: 1,
      floors: 1,
      businessName: "",
      address: "Mosman NSW 2088",
    },
    cleaningLevel: "deep",
    preferences: {
      timePreference: "morning",
      providesEquipment: false,
      ecoFriendly: true,
      isEndOfLease: false,
      houseKeepingLevel: "none",
      securityAccess: false,
      afterHoursService: false,
      regularSchedule: false,
    },
    conditions: {
      dirtLevel: "normal",
      hasHighAreas: false,
      hasParking: false,
      urgentService: false,
    },
    photos: [],
    photosWaived: true,
    leadInfo: { ...lead },
    ...changes,
  };
}

/** Opens /services/1 at `step` on a saved visit (docs/decisions/0050-wizard-history-and-suburbs.md). */
async function openDraft(page: Page, draft: WizardState, step: number) {
  await page.goto("/services/1");
  await page.evaluate(
    (kept) => sessionStorage.setItem("hg:quote-wizard:1", kept),
    JSON.stringify({ ...draft, step }),
  );
  await gotoReady(page, `/services/1?step=${step}`);
  await expect(page.getByText(`Step ${step} of 6`)).toBeVisible();
}

async function generate(page: Page) {
  await expectStep(page, 6, "Review");
  await expect(page.getByText(lead.email)).toBeVisible();
  // hold the action a moment so the pending label can be seen
  await page.route(/\/services\/\d\.data/, async (route) => {
    if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await page.getByRole("button", { name: "Generate Quote" }).click();
  await expect(page.getByRole("button", { name: "Analyzing Space..." })).toBeVisible();
  await expect(page).toHaveURL(/\/quote-result\?ref=/);
  await expect(page.getByTestId("quote-hours")).toHaveText(/\d+(\.5)? hours/);
  await expect(page.getByTestId("quote-total")).toHaveText(/\$\d/);
}

test("a residential quote from the service choice to the result", async ({ page }) => {
  await residentialSpace(page);
  await level(page, "Deep Clean");
  await preferences(page, "Morning (8AM-12PM)");

  await expectStep(page, 4, "Photos");
  await expect(next(page)).toBeDisabled();
  await page.getByLabel("Add photos").setInputFiles(await jpeg("lounge.jpg"));
  const preview = page.getByRole("img", { name: "Your space, view 1" });
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute("src", /^\/api\/uploads\//);
  await expectNoAxeViolations(page);
  await next(page).click();

  await contact(page);
  await expect(page.getByText("1 added")).toBeVisible();
  // nothing wider than the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await generate(page);
});

test("a commercial quote from /services/2 asks for the floor area in m²", async ({ page }) => {
  await gotoReady(page, "/services/2");
  await expectNoAxeViolations(page);
  await expect(page.getByText("Step 1 of 6")).toBeVisible();
  await page.getByLabel("Business name").fill("Harbour Legal");
  await page.getByLabel("Office").check();
  await expect(next(page)).toBeDisabled();
  await expect(reason(page)).toHaveText("Enter the floor area in m² (more than 0)");
  await page.getByLabel("Floor area (m²)").fill("250");
  await next(page).click();

  await level(page, "Basic Clean");
  await expectStep(page, 3, "Preferences and conditions");
  // docs/decisions/0040-business-hours-bound-bookings.md: online booking keeps to opening hours.
  const outOfHours = page.getByText(/For an evening or after-hours clean, send your quote/);
  await expect(outOfHours).toBeHidden();
  await page.getByLabel("Clean after business hours").check();
  await expect(outOfHours).toBeVisible();
  await page.getByLabel("Evening (4PM-8PM)").check();
  await expectNoAxeViolations(page);
  await next(page).click();

  await expectStep(page, 4, "Photos");
  await page.getByLabel(/Continue without photos/).check();
  await next(page).click();
  await contact(page);
  await expect(page.getByText("250 m²")).toBeVisible();
  await generate(page);
});

test("a Generate Quote that finds a step unfinished goes back to it, focus on the first field to fix", async ({
  page,
}) => {
  // The kept answers lack the name, as an older tab's state could: the review cannot know.
  await openDraft(page, residentialDraft({ leadInfo: { ...lead, name: "" } }), 6);
  await page.getByRole("button", { name: "Generate Quote" }).click();

  await expect(page.getByText("Step 5 of 6")).toBeVisible();
  await expect(
    page.getByRole("alert").filter({ hasText: "Please complete all required fields" }),
  ).toBeVisible();
  const name = page.getByLabel("Full name");
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription(/Enter your name/);
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await name.fill(lead.name);
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
});

test("when the quote cannot be stored, the review step says so in a red box and nothing is lost", async ({
  page,
  browserProblems,
}) => {
  // The refused generation answers 500, on purpose.
  browserProblems.allow(/POST .*\/services\/2/);
  const email = `refused-${randomBytes(4).toString("hex")}@example.com`;
  // The database refuses this one visitor's quote, as a full disk or a lost connection would.
  const accept = refuseQuotesFor(email);
  try {
    await gotoReady(page, "/services/2");
    await page.getByLabel("Business name").fill("Harbour Legal");
    await page.getByLabel("Office").check();
    await page.getByLabel("Floor area (m²)").fill("150");
    await next(page).click();
    await level(page, "Basic Clean");
    await expectStep(page, 3, "Preferences and conditions");
    await page.getByLabel("Morning (8AM-12PM)").check();
    await next(page).click();
    await expectStep(page, 4, "Photos");
    await page.getByLabel(/Continue without photos/).check();
    await next(page).click();
    await expectStep(page, 5, "Contact information");
    await page.getByLabel("Full name").fill(lead.name);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Phone").fill(lead.phone);
    await next(page).click();
    await expectStep(page, 6, "Review");
    await page.getByRole("button", { name: "Generate Quote" }).click();

    await expect(
      page.getByRole("alert").filter({ hasText: "Failed to generate quote. Please try again." }),
    ).toBeVisible();
    // Still on the review step, in the URL too (docs/decisions/0050-wizard-history-and-suburbs.md).
    await expect(page).toHaveURL(/\/services\/2\?step=6$/);
    await expect(page.getByText("Step 6 of 6")).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText("150 m²")).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    accept();
  }

  // Once the database accepts it again, the same answers give a quote.
  await page.getByRole("button", { name: "Generate Quote" }).click();
  await expect(page).toHaveURL(/\/quote-result\?ref=/);
});

test("a refresh mid-wizard keeps the step and the answers", async ({ page }) => {
  await residentialSpace(page);
  await level(page, "Deep Clean");
  await expectStep(page, 3, "Preferences and conditions");
  await page.getByLabel("Evening (4PM-8PM)").check();

  await page.reload();
  await expect(page.getByText("Step 3 of 6")).toBeVisible();
  await expect(page.getByLabel("Evening (4PM-8PM)")).toBeChecked();
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByRole("radio", { name: "Deep Clean" })).toBeChecked();
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByLabel("Bedrooms", { exact: true })).toHaveValue("2");
  await expect(page.getByRole("combobox", { name: "Suburb or address" })).toHaveValue(
    "Mosman NSW 2088",
  );
});

test("the quote start is in the server's HTML, so nothing on the page moves when it hydrates", async ({
  page,
}) => {
  const html = await (await page.request.get("/services/1")).text();
  expect(html).toContain("Choose your service");
  // The page's layout shifts (CLS) from its first paint, as the browser reports them.
  await page.addInitScript(() => {
    const page = window as unknown as { layoutShift: number };
    page.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        page.layoutShift += (entry as { value?: number }).value ?? 0;
    }).observe({ type: "layout-shift", buffered: true });
  });
  // A quiet network, not only hydration: the browser reports a shift after the frame it happened
  // in, and a late one (a font, an image) is as much a move as one hydration makes.
  await page.goto("/services/1", { waitUntil: "networkidle" });
  await expect(page.getByRole("button", { name: "Get a residential quote" })).toBeVisible();
  const shifted = await page.evaluate(
    () => (window as unknown as { layoutShift: number }).layoutShift,
  );
  expect(shifted).toBe(0);
  // Hydrated: the choice works.
  await page.getByRole("button", { name: "Get a residential quote" }).click();
  await expect(page.getByText("Step 1 of 6")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  // Chromium reports the blocked module scripts as failed requests.
  test.beforeEach(({ browserProblems }) => browserProblems.allow(/\/assets\/.+\.js/));

  test("the page says the quote needs JavaScript and offers the phone and the contact form", async ({
    page,
  }) => {
    await page.goto("/services/1");
    await expect(page.getByText("Our instant online quote needs JavaScript")).toBeVisible();
    await expect(page.getByRole("link", { name: "contact form" })).toHaveAttribute(
      "href",
      "/contact",
    );
    await expect(page.locator("main a[href^='tel:']").first()).toBeVisible();
  });
});

test("GET /api/suburbs answers at most 8 suburbs with their postcodes", async ({ request }) => {
  const response = await request.get("/api/suburbs?q=bo");
  expect(response.status()).toBe(200);
  const suburbs = (await response.json()) as { suburb: string; postcode: string }[];
  expect(suburbs.length).toBeGreaterThan(0);
  expect(suburbs.length).toBeLessThanOrEqual(8);
  for (const s of suburbs) {
    expect(s.suburb.toLowerCase().startsWith("bo")).toBe(true);
    expect(s.postcode).toMatch(/^\d{4}$/);
  }
  expect(await (await request.get("/api/suburbs?q=b")).json()).toEqual([]);
});

// docs/decisions/0050-wizard-history-and-suburbs.md, on a phone and on a desktop.
for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the browser's Back and Forward move between steps and keep the answers", async ({
      page,
    }) => {
      await residentialSpace(page);
      await level(page, "Deep Clean");
      await expectStep(page, 3, "Preferences and conditions");
      await expect(page).toHaveURL(/\/services\/1\?step=3$/);

      await page.goBack();
      await expectStep(page, 2, "Cleaning level");
      await expect(page.getByRole("radio", { name: "Deep Clean" })).toBeChecked();
      await page.goBack();
      await expectStep(page, 1, "Space type and details");
      await expect(page.getByLabel("Bedrooms", { exact: true })).toHaveValue("2");
      await expect(page.getByRole("combobox", { name: "Suburb or address" })).toHaveValue(
        "Mosman NSW 2088",
      );
      await page.goBack();
      await expect(page).toHaveURL(/\/services\/1$/);
      await expect(page.getByRole("button", { name: "Get a residential quote" })).toBeVisible();

      await page.goForward();
      await expectStep(page, 1, "Space type and details");
      await page.goForward();
      await expectStep(page, 2, "Cleaning level");
      await expect(page.getByRole("radio", { name: "Deep Clean" })).toBeChecked();
      await expect(page).toHaveURL(/\?step=2$/);

      // A reload keeps the step the URL names and the answers; Back still goes one step back.
      await page.reload();
      await expect(page.getByText("Step 2 of 6")).toBeVisible();
      await expect(page.getByRole("radio", { name: "Deep Clean" })).toBeChecked();
      await page.goBack();
      await expect(page.getByText("Step 1 of 6")).toBeVisible();
      await expect(page.getByLabel("Bedrooms", { exact: true })).toHaveValue("2");
    });

    test("choosing five photos at once adds the first four and says why the fifth was left", async ({
      page,
    }) => {
      await openDraft(page, residentialDraft({ cleaningLevel: "premium", photosWaived: false }), 4);
      const files = await Promise.all([1, 2, 3, 4, 5].map((n) => jpeg(`room-${n}.jpg`)));
      await page.getByLabel("Add photos").setInputFiles(files);
      await expect(page.getByRole("img", { name: /Your space/ })).toHaveCount(4);
      await expect(
        page.getByRole("alert").filter({ hasText: "Maximum 4 images allowed" }),
      ).toHaveText("Maximum 4 images allowed: the first 4 were added, room-5.jpg was left out.");
      await expect(page.getByText("Up to 4 photos, 4 added.")).toBeVisible();
      await expect(page.getByLabel("Add photos")).toBeDisabled();
      await expectNoAxeViolations(page);
      await expect(next(page)).toBeEnabled();
    });

    test("a suburb not on the NSW list is refused beside the field, and no quote is made", async ({
      page,
      browserProblems,
    }) => {
      // The refusal is the action's 422, as intended.
      browserProblems.allow(/POST .*\/services\/1\.data/);
      // Typed, not chosen from the list: step 1 lets it through; the server refuses it.
      await openDraft(page, residentialDraft(), 1);
      const suburb = page.getByRole("combobox", { name: "Suburb or address" });
      await suburb.fill("Melbourne");
      await suburb.press("Escape");
      await next(page).click();
      await expect(page.getByText("Step 2 of 6")).toBeVisible();
      // The rest was answered before; the review step is a deep link away.
      await gotoReady(page, "/services/1?step=6");
      await expect(page.getByText("Step 6 of 6")).toBeVisible();
      await page.getByRole("button", { name: "Generate Quote" }).click();

      await expect(page.getByText("Step 1 of 6")).toBeVisible();
      await expect(suburb).toBeFocused();
      await expect(suburb).toHaveAttribute("aria-invalid", "true");
      await expect(suburb).toHaveAccessibleDescription(
        /We can't find that suburb in NSW\. Start typing it and choose it from the list/,
      );
      await expect(page).not.toHaveURL(/quote-result/);
      await expectNoAxeViolations(page);
    });
  });
}
