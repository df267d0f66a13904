import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";

// Every public page of the specs (docs/product/public-site.md#routes, docs/product/back-office.md#routes-and-access), opened as a visitor would.
const PUBLIC_PAGES = [
  "/",
  "/services",
  "/services/1",
  "/services/2",
  "/about",
  "/contact",
  "/bookings",
  "/profile",
  "/subscription",
  "/post-construction-form",
  "/post-construction-contact",
  "/post-construction-thank-you",
  "/work-with-us",
  "/policies",
  "/admin/login",
];

// Pages with nothing to show without a reference go home (docs/decisions/0005-durable-references.md).
const REDIRECTS: [from: string, to: string][] = [
  ["/quote-result", "/"],
  ["/booking", "/"],
  ["/booking-success", "/"],
  ["/payment", "/"],
  ["/payment-success", "/"],
  ["/services/3", "/post-construction-form"],
];

const ADMIN_PAGES = [
  "/admin",
  "/admin/dashboard",
  "/admin/quotes",
  "/admin/cleaners",
  "/admin/cleaners/any-cleaner",
  "/admin/finance",
  "/admin/marketing",
  "/admin/settings",
  "/admin/deliveries",
  "/admin/team",
  "/admin/audit",
  "/admin/account",
];

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Opens a page and waits until its scripts, styles and fonts have loaded and React has hydrated. */
async function open(page: Page, path: string) {
  const response = await gotoReady(page, path);
  expect(response, `no response for ${path}`).not.toBeNull();
  return response!;
}

/** The elements that stick out to the right of the screen, to name them when a page scrolls sideways. */
function widestElements(page: Page) {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    return Array.from(document.querySelectorAll<HTMLElement>("body *"))
      .filter((element) => element.getBoundingClientRect().right > limit + 0.5)
      .slice(0, 5)
      .map((element) => {
        const classes = element.className && typeof element.className === "string";
        const name = `${element.tagName.toLowerCase()}${classes ? `.${element.className.split(/\s+/).slice(0, 3).join(".")}` : ""}`;
        return `${name} (right edge ${Math.round(element.getBoundingClientRect().right)} px)`;
      });
  });
}

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`public pages at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const path of PUBLIC_PAGES) {
      test(`${path} answers 200 with one main heading, its frame and no accessibility violations`, async ({
        page,
      }) => {
        const response = await open(page, path);
        expect(response.status()).toBe(200);
        await expect(page.locator("h1")).toHaveCount(1);

        if (path !== "/admin/login") {
          await expect(page.getByRole("banner")).toBeVisible();
          await expect(page.getByRole("contentinfo")).toBeVisible();
        }

        if (viewport === PHONE) {
          const { scrollWidth, clientWidth } = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            clientWidth: document.documentElement.clientWidth,
          }));
          expect(
            scrollWidth,
            `${path} scrolls sideways at 390 px; too wide: ${(await widestElements(page)).join(", ")}`,
          ).toBeLessThanOrEqual(clientWidth);
        }

        await expectNoAxeViolations(page);
      });
    }
  });
}

test.describe("addresses that lead elsewhere", () => {
  for (const [from, to] of REDIRECTS) {
    test(`${from} sends the visitor to ${to}`, async ({ page }) => {
      const response = await open(page, from);
      expect(response.request().redirectedFrom()?.url()).toMatch(new RegExp(`${from}$`));
      expect(new URL(page.url()).pathname).toBe(to);
      expect(response.status()).toBe(200);
      await expect(page.locator("h1")).toHaveCount(1);
    });
  }

  for (const path of ADMIN_PAGES) {
    test(`${path} asks a visitor without a staff session to sign in first`, async ({ page }) => {
      const response = await open(page, path);
      const landed = new URL(page.url());
      expect(landed.pathname).toBe("/admin/login");
      expect(landed.searchParams.get("redirectTo")).toBe(path);
      expect(response.status()).toBe(200);
    });
  }
});

test.describe("pages that do not exist", () => {
  for (const path of ["/no-such-page", "/services/9"]) {
    test(`${path} shows the not-found page with status 404 inside the site frame`, async ({
      page,
    }) => {
      const response = await open(page, path);
      expect(response.status()).toBe(404);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});

test.describe("the mobile menu", () => {
  test.use({ viewport: PHONE });

  test("opens with Enter, says it is expanded, and closes with Escape giving focus back to its button", async ({
    page,
  }) => {
    await open(page, "/");
    const button = page.getByRole("banner").getByRole("button", { name: /menu/i });
    await expect(button).toHaveAttribute("aria-expanded", "false");

    // Reach the button as a keyboard user does, from the top of the page.
    for (let presses = 0; presses < 10; presses++) {
      await page.keyboard.press("Tab");
      if (await button.evaluate((element) => element === document.activeElement)) break;
    }
    await expect(button).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    // React's generated ids hold characters a #id selector would need escaped.
    const panel = page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("link", { name: "Services" })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();

    // Opened again, focus moves into the panel (named Menu); a tap outside it closes it.
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeFocused();
    await page.mouse.click(4, PHONE.height - 4);
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
  });
});
