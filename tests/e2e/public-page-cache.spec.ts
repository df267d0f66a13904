import type { Page } from "@playwright/test";
import { expect, gotoReady, test } from "./fixtures";

// Cacheable public pages (docs/decisions/0035-cacheable-public-pages.md) in the browser: the
// stored copy, with its hash-based CSP, runs every inline script and hydrates, and the browser
// reports no policy violation (the fixture also fails a test on any console error).

const PUBLIC_CACHE = "public, s-maxage=60, stale-while-revalidate=600";

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective}: ${event.blockedURI || event.sample}`);
    });
  });
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

test("the stored home page hydrates: its inline scripts run and the slideshow answers", async ({
  page,
}) => {
  await watchViolations(page);
  // The second visit is the stored copy.
  await gotoReady(page, "/");
  const response = await gotoReady(page, "/");
  expect(response?.headers()["cache-control"]).toBe(PUBLIC_CACHE);
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(/script-src[^;]*'nonce-/.test(policy), "a nonce in script-src").toBe(false);
  // The inline script in <head> marked the document before React ran.
  await expect(page.locator("html")).toHaveAttribute("data-js", "");

  await page.getByRole("button", { name: "Pause slideshow" }).click();
  await expect(page.getByRole("button", { name: "Play slideshow" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("on a phone, the stored page's menu opens and closes", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await watchViolations(page);
  await gotoReady(page, "/about");
  const response = await gotoReady(page, "/about");
  expect(response?.headers()["cache-control"]).toBe(PUBLIC_CACHE);

  await page.getByRole("button", { name: "Menu" }).first().click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  expect(await violations(page)).toEqual([]);
});

test("the stored quote start runs the wizard", async ({ page }) => {
  await watchViolations(page);
  await gotoReady(page, "/services/1");
  const response = await gotoReady(page, "/services/1");
  expect(response?.headers()["cache-control"]).toBe(PUBLIC_CACHE);

  await page.getByRole("button", { name: "Get a residential quote" }).click();
  await expect(page.getByRole("button", { name: "More bedrooms" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

/** When the page first painted, and when each script it fetched was asked for. */
const paintAndScripts = (page: Page) =>
  page.evaluate(() => ({
    firstPaint: performance.getEntriesByType("paint")[0]?.startTime ?? Number.NaN,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType !== "img")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => entry.startTime),
  }));

// docs/decisions/0099-hydrate-after-first-paint.md: the marketing pages paint before they ask
// for any script, then hydrate; so does the quote start
// (docs/decisions/0104-the-quote-start-hydrates-after-its-paint.md).
for (const path of ["/", "/services", "/contact", "/about"]) {
  test(`${path} paints before it asks for a script, then hydrates`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await watchViolations(page);
    await gotoReady(page, path);
    const { firstPaint, scripts } = await paintAndScripts(page);
    expect(scripts.length, "scripts fetched once painted").toBeGreaterThan(0);
    expect(Math.min(...scripts)).toBeGreaterThanOrEqual(firstPaint);

    await page.getByRole("button", { name: "Menu" }).first().click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}

test("the quote start paints its choice before it asks for a script, then runs the wizard", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await watchViolations(page);
  await gotoReady(page, "/services/1");
  const { firstPaint, scripts } = await paintAndScripts(page);
  expect(scripts.length, "scripts fetched once painted").toBeGreaterThan(0);
  expect(Math.min(...scripts)).toBeGreaterThanOrEqual(firstPaint);

  await page.getByRole("button", { name: "Get a residential quote" }).click();
  await expect(page.getByText("Step 1 of 6")).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
