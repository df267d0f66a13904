import { randomBytes, randomUUID } from "node:crypto";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { insertTestLead, openBoard, PHONE } from "./journeys";
import { openServerDatabase } from "./server-database";
import { sydneyDatePlus, sydneyWeekdayPlus } from "./sydney-dates";

// docs/decisions/0084-subscribe-now-books-a-series.md: Subscribe Now books a plan's first clean
// and its series; staff then manage it from the customer's page (skip one visit, change all
// future ones), and a lead shows its series and its follow-ups (0077).

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

function customerIdOf(email: string) {
  const db = openServerDatabase();
  try {
    const row = db.prepare("select id from customers where email = ?").get(email) as
      { id: string } | undefined;
    return row?.id ?? null;
  } finally {
    db.close();
  }
}

test("Subscribe Now books a plan's series, and staff skip a visit and change the rest", async ({
  page,
  signInAs,
}) => {
  test.slow();
  const email = `plan.${randomBytes(4).toString("hex")}@example.com`;
  const first = sydneyWeekdayPlus(12);

  // The customer, on a phone: Premium, its price per visit shown before anything is charged.
  await page.setViewportSize(PHONE);
  await page.goto("/subscription?plan=premium");
  const plan = page.getByLabel("Plan", { exact: true });
  await expect(plan).toHaveValue("premium");
  await expect(plan.locator("option:checked")).toHaveText(
    /fortnightly, \$114\.92 a visit, GST included/,
  );
  await page.getByLabel("Name", { exact: true }).fill("Pat Plan");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Phone", { exact: true }).fill("0412 000 555");
  await page.getByLabel("Street address").fill("5 Plan Place");
  await page.getByLabel("Suburb", { exact: true }).fill("Bondi NSW 2026");
  await page.getByLabel("First clean").fill(first);
  await page.getByLabel("Time", { exact: true }).selectOption("13:00");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Subscribe Now" }).click();
  await expect(page).toHaveURL(/\/booking-success\?ref=BK-/);

  // Staff, on the customer's page: the series in the product's words, its visits ahead.
  await signInAs("staff");
  await expect.poll(() => customerIdOf(email)).not.toBeNull();
  await page.goto(`/admin/customers/${customerIdOf(email)}`);
  const section = page.getByRole("region", { name: "Regular cleans" });
  const card = section.getByTestId("series-card");
  await expect(card.getByRole("heading", { level: 3 })).toHaveText(
    `every second ${weekdayOf(first)} at 1:00 PM`,
  );
  await expect(card.getByText("Active")).toBeVisible();
  const visits = card.getByRole("list", { name: "Visits ahead" }).getByRole("listitem");
  await expect(visits.nth(1)).toContainText("Booked");
  await expectNoAxeViolations(page);

  // Skip the second visit.
  await visits.nth(1).getByRole("button", { name: /^Skip/ }).click();
  await expect(card.getByText("That visit is skipped. Its crew has been told.")).toBeVisible();
  await expect(visits.nth(1)).toContainText("Skipped");

  // Change every visit from five weeks on to weekly, by keyboard.
  const from = sydneyDatePlus(
    Math.round((Date.parse(first) - Date.parse(sydneyDatePlus(0))) / 86_400_000) + 35,
  );
  const summary = card.getByText("Change all future visits");
  await summary.focus();
  await page.keyboard.press("Enter");
  await card.getByLabel("From (the first visit on the new day)").fill(from);
  await card.getByLabel("How often").selectOption("weekly");
  await card.getByRole("button", { name: "Change future visits" }).click();
  await expect(
    card.getByText("Done. The visits from that date are booked on the new schedule."),
  ).toBeVisible();
  await expect(card.getByRole("heading", { level: 3 })).toHaveText(
    `every ${weekdayOf(from)} at 1:00 PM`,
  );

  // The lead of the plan's quote names its regular clean and links to that section.
  await page.getByRole("link", { name: /^BK-/ }).first().click();
  await expect(page.getByRole("heading", { name: "Regular clean" })).toBeVisible();
  await page.getByRole("link", { name: /Manage the regular clean/ }).click();
  await expect(page).toHaveURL(/\/admin\/customers\/[^/]+#regular-cleans$/);
});

test("a followed-up quote says so on its board card and in its details", async ({
  page,
  signInAs,
}) => {
  test.slow();
  const name = `Follow ${randomBytes(3).toString("hex")}`;
  const quoteId = insertTestLead(name);
  const db = openServerDatabase({ write: true });
  try {
    db.prepare(
      "insert into quote_follow_ups (id, quote_id, number, sent_at) values (?, ?, 1, ?)",
    ).run(randomUUID(), quoteId, new Date().toISOString());
  } finally {
    db.close();
  }

  await openBoard({ page, signInAs }, encodeURIComponent(name));
  await expect(page.getByText("Followed up", { exact: true }).first()).toBeVisible();
  await page.goto(`/admin/quotes/${quoteId}`);
  await expect(page.getByText("Followed up", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
