import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { projectRoot, testServerEnv } from "../helpers/built-server";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { openServerDatabase, serverDataDir } from "./server-database";

// The admin dashboard (docs/product/back-office.md#dashboard): staff see the four figure cards, the revenue
// chart, the top services and the recent activity of the demo business, choose the period with
// or without JavaScript, and the page passes axe in light and dark themes and at 390 px.

const run = promisify(execFile);
const CARDS = ["Total Revenue", "Total Expenses", "Net Profit", "Active Cleaners"];
const SECTIONS = ["Revenue Overview", "Top Services", "Recent Activity"];

type Staff = { email: string; password: string };

/** A staff account of the test's own, made the way an owner would: `npm run admin:create`. */
async function createStaff(): Promise<Staff> {
  const staff = {
    email: `dashboard-${randomBytes(4).toString("hex")}@example.com`,
    password: `pw-${randomBytes(9).toString("base64url")}`,
  };
  await run(path.join(projectRoot, "node_modules", ".bin", "tsx"), ["scripts/admin-create.ts"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      ...testServerEnv({
        DATA_DIR: serverDataDir(),
        ADMIN_EMAIL: staff.email,
        ADMIN_PASSWORD: staff.password,
        ADMIN_NAME: "E2E Dashboard",
        LOG_LEVEL: "warn",
      }),
    },
  });
  return staff;
}

async function signIn(page: Page, staff: Staff, to = "/admin/dashboard") {
  await page.goto(`/admin/login?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel("Email").fill(staff.email);
  await page.getByLabel("Password").fill(staff.password);
  await page.getByRole("button", { name: "Sign in to Admin Panel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard Overview" })).toBeVisible();
}

async function expectDashboard(page: Page) {
  for (const name of [...CARDS, ...SECTIONS]) {
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  }
}

test("staff see the dashboard's figures and switch the period", async ({ page }) => {
  await signIn(page, await createStaff());
  await expectDashboard(page);
  await expect(page.getByLabel("Period")).toHaveValue("30");
  await expect(page.getByText("vs previous 30 days").first()).toBeVisible();
  // The chart is drawn in the browser after hydration.
  await expect(page.locator(".recharts-surface")).toBeVisible();
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

test("the dark theme and a 390 px screen keep the dashboard readable", async ({ page }) => {
  const staff = await createStaff();
  const db = openServerDatabase({ write: true });
  try {
    db.prepare("update staff_users set theme = 'dark' where email = ?").run(staff.email);
  } finally {
    db.close();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, staff);
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
  const staff = await createStaff();
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const page = await context.newPage();
    await signIn(page, staff, "/admin/dashboard?period=365");
    await expect(page.getByLabel("Period")).toHaveValue("30");
    // Without JavaScript the figures of the chart are a table.
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
