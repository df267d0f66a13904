import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { signInAs } from "./staff-sessions";

// The admin dashboard (docs/product/back-office.md#dashboard): an owner sees the four figure cards, the
// revenue chart, the top services and the recent activity of the demo business; staff, who may
// not see the finances, see the work instead (docs/decisions/0044-figures-by-permission.md).
// Both choose the period with or without JavaScript, and the page passes axe in light and dark
// themes and at 390 px. Each test starts signed in with an account of its own
// (./staff-sessions.ts).

const CARDS = ["Total Revenue", "Total Expenses", "Net Profit", "Active Cleaners"];
const SECTIONS = ["Revenue Overview", "Top Services", "Recent Activity"];
const STAFF_CARDS = ["Bookings", "New Leads", "Jobs Without a Cleaner", "Active Cleaners"];

async function openDashboard(page: Page, to = "/admin/dashboard") {
  await page.goto(to);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();
}

async function expectDashboard(page: Page) {
  for (const name of [...CARDS, ...SECTIONS]) {
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  }
}

test("an owner sees the dashboard's money figures and switches the period", async ({
  page,
  signInAs,
}) => {
  await signInAs({ role: "owner", label: "dashboard" });
  await openDashboard(page);
  await expectDashboard(page);
  await expect(page.getByLabel("Period")).toHaveValue("30");
  await expect(page.getByText("vs previous 30 days").first()).toBeVisible();
  await expect(page.getByText("GST collected", { exact: true })).toBeVisible();
  await expect(
    page.getByText("One eleventh of payments, less one eleventh of refunds"),
  ).toBeVisible();
  // The chart is SVG drawn on the server, one bar per month.
  const revenue = page.getByRole("region", { name: "Revenue Overview" });
  await expect(revenue.locator("svg rect").first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Period").selectOption("7");
  await expect(page).toHaveURL(/[?&]period=7\b/);
  await expect(page.getByText("vs previous 7 days").first()).toBeVisible();
  await expectDashboard(page);

  await page.getByLabel("Period").selectOption("90");
  await expect(page).toHaveURL(/[?&]period=90\b/);
  await expect(page.getByText("vs previous 90 days").first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the dark theme and a 390 px screen keep the dashboard readable", async ({
  page,
  signInAs,
}) => {
  await signInAs({ role: "owner", label: "dashboard", theme: "dark" });
  await page.setViewportSize({ width: 390, height: 844 });
  await openDashboard(page);
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expectDashboard(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "no sideways scrolling at 390 px").toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});

test("the period works without JavaScript, and an unknown one reads as 30 days", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    await signInAs(context, baseURL!, { role: "owner", label: "dashboard" });
    const page = await context.newPage();
    await openDashboard(page, "/admin/dashboard?period=365");
    await expect(page.getByLabel("Period")).toHaveValue("30");
    // Without JavaScript the chart is still drawn, and its figures are a table.
    await expect(
      page.getByRole("region", { name: "Revenue Overview" }).locator("svg"),
    ).toBeVisible();
    await page.getByText("Show the numbers").click();
    await expect(page.getByRole("table", { name: "Revenue by month" })).toBeVisible();
    await page.getByLabel("Period").selectOption("90");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/[?&]period=90\b/);
    await expect(page.getByLabel("Period")).toHaveValue("90");
    await expect(page.getByText("vs previous 90 days").first()).toBeVisible();
  } finally {
    await context.close();
  }
});

test("staff without finance see the work and no money on the dashboard", async ({
  page,
  signInAs,
}) => {
  await signInAs({ role: "staff", label: "dashboard" });
  await openDashboard(page);
  for (const name of STAFF_CARDS) {
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  }
  for (const name of [...CARDS.slice(0, 3), ...SECTIONS, "GST collected"]) {
    await expect(page.getByRole("heading", { name, exact: true })).toHaveCount(0);
  }
  await expect(page.getByText("GST collected")).toHaveCount(0);
  // No amount anywhere on the page, and none in the data the page was sent either.
  await expect(page.getByRole("main")).not.toContainText("$");
  const sent = await page.request.get("/admin/dashboard.data?period=90");
  expect(sent.status()).toBe(200);
  expect(await sent.text()).not.toMatch(/revenue|expenses|netProfit|gstCollected|amountCents/i);
  await expectNoAxeViolations(page);

  await page.getByLabel("Period").selectOption("7");
  await expect(page).toHaveURL(/[?&]period=7\b/);
  await expect(page.getByRole("heading", { name: "Bookings", exact: true })).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText("$");
});
