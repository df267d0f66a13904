import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, gotoReady, test, waitForHydration } from "./fixtures";
import { openServerDatabase } from "./server-database";

// The quote's path to the booking, as a new customer on a phone (390 px) meets it:
// the named cleaner from a profile to the result, the office's step 3, NSW suburbs outside the
// usual area, the chat button that never covers a control, and confirmations that take focus.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });
test.describe.configure({ timeout: 60_000 });

const next = (page: Page) => page.getByRole("button", { name: "Next", exact: true });

/** The cleaner behind a team card: available, with the first name and initial it shows. */
function availableCleaner(id: string) {
  const db = openServerDatabase();
  try {
    const row = db
      .prepare("select id, name from cleaners where id = ? and status = 'available'")
      .get(id) as { id: string; name: string } | undefined;
    if (!row) throw new Error(`the team lists ${id}, which is not an available cleaner`);
    const [first, ...rest] = row.name.split(" ");
    return { id: row.id, shown: `${first} ${rest.at(-1)![0]}.` };
  } finally {
    db.close();
  }
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The chat button never covers `control`, wherever the control is scrolled to. */
async function expectChatClearOf(page: Page, control: Locator) {
  const chat = page.getByTestId("chat-link");
  await control.scrollIntoViewIfNeeded();
  for (const block of ["start", "center", "end"] as const) {
    await control.evaluate((el, b) => el.scrollIntoView({ block: b }), block);
    const [controlBox, chatBox] = await Promise.all([control.boundingBox(), chat.boundingBox()]);
    expect(controlBox).not.toBeNull();
    if (!chatBox) continue;
    // The button is only a problem where it is on screen.
    const onScreen = chatBox.y < PHONE.height && chatBox.y + chatBox.height > 0;
    if (onScreen) expect(overlaps(controlBox!, chatBox)).toBe(false);
  }
}

/** The element has focus and its whole box is on screen, below the fixed header. */
async function expectFocusedInView(page: Page, element: Locator) {
  await expect(element).toBeFocused();
  const header = await page.locator("header").first().boundingBox();
  const box = await element.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
  expect(box!.y + Math.min(box!.height, 40)).toBeLessThanOrEqual(PHONE.height);
}

test("Book Now with a cleaner names her in the wizard and on the quote result", async ({
  page,
}) => {
  await gotoReady(page, "/");
  // The home page's team (available cleaners only) leads to the profile; Back returns home.
  const team = page.getByRole("region", { name: "Meet the team" });
  const first = team.getByRole("link").first();
  const cleaner = availableCleaner((await first.getAttribute("href"))!.split("/").at(-1)!);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/provider/${cleaner.id}$`));
  const name = page.getByRole("heading", { level: 1 });
  await expect(name).toHaveText(cleaner.shown);
  // At 390 px the name comes before the price box, which shows the business's hourly rate.
  const priceBox = page.getByTestId("price-box");
  expect((await name.boundingBox())!.y).toBeLessThan((await priceBox.boundingBox())!.y);
  await expect(priceBox).toContainText("per cleaner-hour");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/$/);

  await gotoReady(page, `/provider/${cleaner.id}`);
  await page.getByRole("link", { name: `Book Now with ${cleaner.shown}` }).click();
  const preferred = page.getByTestId("preferred-cleaner");
  await expect(preferred).toContainText(`Preferred cleaner: ${cleaner.shown}`);
  await expectNoAxeViolations(page);

  // Remove takes her off, for good (a refresh does not bring her back).
  await preferred.getByRole("button", { name: /Remove/ }).click();
  await expect(preferred).toHaveCount(0);
  await expect(page).not.toHaveURL(/cleaner=/);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId("preferred-cleaner")).toHaveCount(0);

  // Chosen again, she stays through the quote to its result.
  await gotoReady(page, `/services/1?cleaner=${cleaner.id}`);
  await expect(page.getByTestId("preferred-cleaner")).toContainText(cleaner.shown);
  await page.getByRole("button", { name: "Get a residential quote" }).click();
  // No error before the step is touched: nothing is wrong yet.
  await expect(page.getByText("Choose the type of space")).toHaveCount(0);
  await page.getByLabel("House").check();
  await page.getByRole("button", { name: "More bedrooms" }).click();
  await page.getByRole("button", { name: "More bathrooms" }).click();
  await next(page).click();
  await page.getByRole("radio", { name: "Deep Clean" }).check();
  await next(page).click();
  await page.getByLabel("Morning (8AM-12PM)").check();
  // Surcharges beside the options that add them.
  await expect(page.getByLabel("I need this clean urgently (+15% to the price)")).toBeVisible();
  await next(page).click();
  await page.getByLabel(/Continue without photos/).check();
  await next(page).click();
  await page.getByLabel("Full name").fill("Grace Lee");
  await page.getByLabel("Email").fill("grace@example.com");
  await page.getByLabel("Phone").fill("0412 345 678");
  await next(page).click();
  await expect(
    page.getByText(`${cleaner.shown} will be noted as your preferred cleaner`),
  ).toBeVisible();
  await page.getByRole("button", { name: "Generate Quote" }).click();

  await expect(page).toHaveURL(/\/quote-result\?ref=/);
  const reference = new URL(page.url()).searchParams.get("ref")!;
  const summary = page.getByTestId("quote-summary");
  await expect(summary).toContainText("Residential, Deep Clean");
  await expect(summary).toContainText("House, 1 bedroom, 1 bathroom");
  await expect(summary).toContainText("No photos");
  await expect(summary).toContainText(`Preferred cleaner${cleaner.shown}`);
  await expect(page.getByTestId("quote-visit")).toContainText("per cleaner-hour");
  await expect(page.getByRole("link", { name: "Book this clean" })).toHaveAttribute(
    "href",
    `/booking?ref=${reference}`,
  );
  // The quote's confirmation has focus, below the header.
  await expectFocusedInView(page, page.getByRole("heading", { level: 1 }));
});

test("an office is not offered home-only options in step 3", async ({ page }) => {
  await gotoReady(page, "/services/2");
  await page.getByLabel("Business name").fill("Harbour Legal");
  await page.getByLabel("Office").check();
  await page.getByLabel("Floor area (m²)").fill("250");
  await next(page).click();
  await page.getByRole("radio", { name: "Basic Clean" }).check();
  await next(page).click();
  await expect(
    page.getByRole("heading", { level: 2, name: "Preferences and conditions" }),
  ).toBeVisible();
  await expect(page.getByLabel("This is an end-of-lease clean")).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Housekeeping" })).toHaveCount(0);
  await expect(page.getByLabel("Clean after business hours")).toBeVisible();
  await expect(page.getByLabel("Use eco-friendly products (+10% to the price)")).toBeVisible();

  // The chat button covers none of the step's checkbox labels.
  for (const label of await page.locator("label:has(input[type=checkbox])").all()) {
    await expectChatClearOf(page, label);
  }
});

test("suburbs come from all of NSW; those outside the usual area say so", async ({ page }) => {
  await gotoReady(page, "/services/1");
  await page.getByRole("button", { name: "Get a residential quote" }).click();
  const suburb = page.getByRole("combobox", { name: "Suburb or address" });
  await suburb.fill("Padd");
  const far = page.getByRole("option", { name: /Paddys Flat.*2469/ });
  await expect(far).toBeVisible();
  await expect(far).toContainText("outside our usual area: we will confirm");
  await expect(page.getByRole("option", { name: /Paddington/ })).not.toContainText(
    "outside our usual area",
  );
  await far.click();
  await expect(suburb).toHaveValue("Paddys Flat NSW 2469");
  await expect(
    page.getByText("Paddys Flat NSW 2469: outside our usual area: we will confirm."),
  ).toBeVisible();
});

test("the chat button never covers a control or text at 390 px", async ({ page }) => {
  await gotoReady(page, "/post-construction-form");
  const group = (name: string) => page.getByRole("group", { name, exact: true });
  await group("Property type").getByRole("radio", { name: "House", exact: true }).check();
  await group("Property size")
    .getByRole("radio", { name: /Medium/ })
    .check();
  await group("Floors").getByRole("radio", { name: "2", exact: true }).check();
  await group("Is there a kitchen?").getByRole("radio", { name: "Yes", exact: true }).check();
  await group("Clean type")
    .getByRole("radio", { name: /Final clean/ })
    .check();
  await page.getByRole("button", { name: "Continue to Contact Info" }).click();
  await expectChatClearOf(page, page.getByLabel("Phone"));

  await gotoReady(page, "/work-with-us");
  for (const text of await page.getByRole("main").locator("p").all()) {
    if (await text.isVisible()) await expectChatClearOf(page, text);
  }
  // Without a WhatsApp number, Chat with us offers the phone and the contact form.
  const chat = page.getByTestId("chat-link");
  await chat.locator("summary").click();
  await expect(chat.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:/);
  await expect(chat.getByRole("link", { name: "Send us a message" })).toHaveAttribute(
    "href",
    "/contact",
  );
});

test("a subscription request's confirmation takes focus, in view below the header", async ({
  page,
}) => {
  // Business is the plan still taken as a request for a call (Basic and Premium book at once).
  await gotoReady(page, "/subscription?plan=business");
  await page.getByLabel("Name", { exact: true }).fill("Grace Lee");
  await page.getByLabel("Email", { exact: true }).fill("grace.sub@example.com");
  await page.getByLabel("Phone", { exact: true }).fill("0412 345 678");
  await page.getByLabel("Suburb", { exact: true }).fill("Mosman");
  await page.getByLabel("First clean").fill("2099-02-03");
  await page.getByRole("button", { name: "Subscribe Now" }).click();
  const confirmation = page.getByTestId("form-confirmation");
  await expect(confirmation).toBeVisible();
  await expectFocusedInView(page, confirmation);
});

test("a contact message's confirmation takes focus, in view below the header", async ({ page }) => {
  await gotoReady(page, "/contact");
  for (const [label, value] of Object.entries({
    "First name": "Grace",
    "Last name": "Lee",
    Email: "grace.contact@example.com",
    Phone: "0412 345 678",
    Message: "Do you clean on Sundays?",
  })) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole("button", { name: "Send Message" }).click();
  const confirmation = page.getByTestId("form-confirmation");
  await expect(confirmation).toBeVisible();
  await expectFocusedInView(page, confirmation);
});
