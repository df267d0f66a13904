import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { signInAs } from "./staff-sessions";

// The admin dashboard (docs/product/back-office.md#dashboard): staff see the four figure cards, the revenue
// chart, the top services and the recent activity of the demo business, choose the period with
// or without JavaScript, and the page passes axe in light and dark themes and at 390 px. Each
// test starts signed in as a member of staff of its own (./staff-sessions.ts).

const CARDS = ["Total Revenue", "Total Expenses", "Net Profit", "Active Cleaners"];
const SECTIONS = ["Revenue Overview", "Top Services", "Recent Activity"];

async function openDashboard(page: Page, to = "/admin/dashboard") {
  await page.goto(to);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();
}

async function expectDashboard(page: Page) {
  for (const name of [...CARDS, ...SECTIONS]) {
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  }
}

test("staff see the dashboard's figures and switch the period", async ({ page, signInAs }) => {
  await signInAs({ role: "staff", label: "dashboard" });
  await openDashboard(page);
  await expectDashboard(page);
  await expect(page.getByLabel("Period")).toHaveValue("30");
  await expect(page.getByText("vs previous 30 days").first()).toBeVisible();
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
  await signInAs({ role: "staff", label: "dashboard", theme: "dark" });
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
    await signInAs(context, baseURL!, { role: "staff", label: "dashboard" });
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
