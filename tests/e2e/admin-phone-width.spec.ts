import { randomBytes } from "node:crypto";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { Page } from "@playwright/test";
import routes from "../../app/routes";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { insertTestLead, leadStatusOf, openBoard, PHONE } from "./journeys";
import { openServerDatabase } from "./server-database";

// The back office at phone width: every admin screen fits 390 px with no sideways scroll of the
// page and no amount off-screen (tables become cards, filters fold behind a button), and the
// leads board shows one column at a time with a switcher. The routes are read from
// app/routes.ts, so a screen added there is measured here without a change to this file.

/** Every page route inside the guarded admin layout, as its module and path pattern. */
function adminPages(
  entries: RouteConfigEntry[],
  inLayout = false,
): { file: string; path: string }[] {
  return entries.flatMap((entry) => {
    const isLayout = entry.file === "routes/admin/admin-layout.tsx";
    const inside = inLayout || isLayout;
    const own =
      inside && !isLayout ? [{ file: entry.file, path: entry.index ? "admin" : entry.path! }] : [];
    return [...own, ...adminPages(entry.children ?? [], inside)];
  });
}

/**
 * A real id for a detail route's `:id`, from the seeded data: a live lead for quotes/:id, the
 * customer with the most bookings for customers/:id, else the first row of the table the path
 * starts with (cleaners/:id, invoices/:id, pay-runs/:id).
 */
function realId(path: string) {
  // pay-runs/:id reads the pay_runs table.
  const table = path.split("/")[1]!.replaceAll("-", "_");
  const db = openServerDatabase();
  try {
    // A customer's page is measured with the most bookings any customer has: their references
    // and dates are what run off a narrow screen.
    const query =
      table === "quotes"
        ? "select id from quotes where deleted_at is null order by created_at desc limit 1"
        : table === "customers"
          ? `select c.id from customers c order by
               (select count(*) from bookings b where b.customer_id = c.id) desc, c.id limit 1`
          : `select id from "${table.replaceAll('"', "")}" limit 1`;
    const row = db.prepare(query).get() as { id: string } | undefined;
    if (!row) throw new Error(`no row in ${table}`);
    return row.id;
  } catch (error) {
    throw new Error(
      `/${path}: no real id found (${String(error)}); teach realId() in this file where its ids are`,
    );
  } finally {
    db.close();
  }
}

/** The views of a screen that show different tables, beside its plain URL. */
const VIEWS: Record<string, string[]> = {
  "routes/admin/quotes.tsx": ["?view=list", "?view=board"],
  "routes/admin/finance.tsx": ["?view=overview", "?view=transactions", "?view=payouts"],
};

function adminUrls() {
  return adminPages(routes).flatMap(({ file, path }) => {
    const url = `/${path.replace("*", "no-such-page").replace(/:[^/]+/g, () => realId(path))}`;
    return (VIEWS[file] ?? [""]).map((view) => url + view);
  });
}

/**
 * How wide the page is; each amount ($…) that sits even partly outside the screen; and each
 * control outside it, but for a tab strip's tabs, which scroll into view as they take focus.
 */
async function measure(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const outside = (element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) return null;
      return box.left < 0 || box.right > width + 0.5
        ? `at ${Math.round(box.left)}–${Math.round(box.right)} px`
        : null;
    };
    const offScreen: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>("main *")) {
      const ownText = Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join("");
      const where = /\$\s?\d/.test(ownText) && outside(element);
      if (where) offScreen.push(`${ownText.trim()} ${where}`);
    }
    const controlsOffScreen: string[] = [];
    for (const control of document.querySelectorAll("main :is(a[href], button, input, select)")) {
      if (control.closest('[role="tablist"]')) continue;
      const where = outside(control);
      if (where) controlsOffScreen.push(`${control.outerHTML.slice(0, 80)} ${where}`);
    }
    return { pageWidth: document.documentElement.scrollWidth, offScreen, controlsOffScreen };
  });
}

test("every admin screen fits a 390 px phone, its amounts and controls on screen", async ({
  page,
  signInAs,
}) => {
  test.setTimeout(120_000);
  await signInAs("owner");
  await page.setViewportSize(PHONE);
  const urls = adminUrls();
  expect(urls.length).toBeGreaterThanOrEqual(15);
  for (const url of urls) {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Folded details (a chart's numbers) open too: what they hold must fit as well.
    await page.evaluate(() =>
      document.querySelectorAll("main details").forEach((d) => d.setAttribute("open", "")),
    );
    const { pageWidth, offScreen, controlsOffScreen } = await measure(page);
    expect(pageWidth, `${url} is wider than the phone`).toBeLessThanOrEqual(PHONE.width);
    expect(offScreen, `${url} has amounts off-screen`).toEqual([]);
    expect(controlsOffScreen, `${url} has controls off-screen`).toEqual([]);
  }
});

test("at phone width the filters fold behind a Filters button and tables read as labelled cards", async ({
  page,
  signInAs,
}) => {
  await signInAs("owner");
  await page.setViewportSize(PHONE);
  await page.goto("/admin/finance?view=transactions");
  const filters = page.getByRole("button", { name: "Filters" });
  const period = page.getByRole("combobox", { name: "Period" });
  await expect(filters).toHaveAttribute("aria-expanded", "false");
  await expect(period).toBeHidden();
  await filters.click();
  await expect(filters).toHaveAttribute("aria-expanded", "true");
  await expect(period).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(period).toBeHidden();
  await expect(filters).toBeFocused();

  // Each row is a card whose cells name their column; every amount is on screen.
  const firstRow = page.getByRole("table", { name: "Transactions" }).locator("tbody tr").first();
  const amount = firstRow.locator('td[data-label="Amount"]');
  await expect(amount).toBeVisible();
  await expect(amount).toBeInViewport({ ratio: 1 });
  expect(await amount.evaluate((cell) => getComputedStyle(cell, "::before").content)).toBe(
    '"Amount"',
  );
  await expectNoAxeViolations(page);

  // The header row went with the cards, so its sort links sit above them, saying the order.
  const sortBy = page.getByRole("navigation", { name: "Sort by" });
  await expect(sortBy.getByRole("link", { name: "Date, sorted descending" })).toBeVisible();
  await sortBy.getByRole("link", { name: "Amount", exact: true }).click();
  await expect(page).toHaveURL(/sort=amount/);
  await expect(sortBy.getByRole("link", { name: /^Amount, sorted/ })).toBeVisible();

  // From 640 px up it is the table and the filters as they always were.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(filters).toBeHidden();
  await expect(period).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Amount" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  // Chromium reports the blocked module scripts as failed requests.
  test.beforeEach(({ browserProblems }) => browserProblems.allow(/\/assets\/.+\.js/));

  test("the filters stay unfolded on a phone, since no button could open them", async ({
    page,
    signInAs,
  }) => {
    await signInAs("owner");
    await page.setViewportSize(PHONE);
    await page.goto("/admin/quotes?view=list");
    await expect(page.getByRole("button", { name: "Filters" })).toHaveCount(0);
    await page
      .getByRole("combobox", { name: "Type" })
      .selectOption({ label: "Subscription request" });
    await page.getByRole("button", { name: "Show leads" }).click();
    await expect(page).toHaveURL(/type=subscription/);
  });
});

test("the board shows one column at a time on a phone, switched by its counts, and Move to… still moves", async ({
  page,
  signInAs,
}) => {
  const tag = `Ph${randomBytes(3).toString("hex")}`;
  const id = insertTestLead(`Pia ${tag}`);
  await openBoard({ page, signInAs }, tag, PHONE);

  const switcher = page.getByRole("combobox", { name: "Column" });
  await expect(switcher.locator("option")).toHaveText([
    "New Leads (1)",
    "In Contact (0)",
    "Qualified (0)",
    "Booked (0)",
    "Lost (0)",
  ]);
  await expect(page.getByRole("region", { name: "New Leads" })).toBeVisible();
  for (const other of ["In Contact", "Qualified", "Booked", "Lost"]) {
    await expect(page.getByRole("region", { name: other })).toBeHidden();
  }
  const { pageWidth } = await measure(page);
  expect(pageWidth).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page);

  // Move to…, the way that needs no dragging, works with one column in view.
  await page.getByRole("button", { name: `Move Pia ${tag} to…` }).click();
  await page.getByRole("menuitem", { name: "In Contact" }).click();
  await expect.poll(() => leadStatusOf(id)).toBe("contacted");
  await expect(switcher.locator("option").nth(1)).toHaveText("In Contact (1)");
  await expect(page.getByRole("article", { name: `Pia ${tag}` })).toBeHidden();

  await switcher.selectOption({ label: "In Contact (1)" });
  const contact = page.getByRole("region", { name: "In Contact" });
  await expect(contact).toBeVisible();
  await expect(contact.getByRole("article", { name: `Pia ${tag}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "New Leads" })).toBeHidden();
});
