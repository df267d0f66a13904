import { randomBytes } from "node:crypto";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { newTestQuote, signInByEmailedLink } from "./journeys";
import { sydneyDatePlus, sydneyWeekdayPlus } from "./sydney-dates";

// Regular cleans (docs/decisions/0073-series-occurrences-are-bookings.md): a weekly clean booked
// on the booking form, its visits ahead on the regular cleans page, one skipped, then every
// future visit changed to fortnightly.

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

test("a customer books a weekly clean, skips one visit and changes all future ones", async ({
  page,
  request,
}) => {
  test.slow();
  const email = `series.${randomBytes(4).toString("hex")}@example.com`;
  const { reference } = await newTestQuote(request, {
    name: "Sam Series",
    email,
    phone: "0412 000 444",
  });
  const first = sydneyWeekdayPlus(10);

  // Book: the date, a slot, the street, and Weekly with its price per visit shown first.
  await page.goto(`/booking?ref=${reference}`);
  const day = page.locator(`[data-day="${first}"]:not([data-outside]) button`);
  if (!(await day.isVisible())) await page.getByRole("button", { name: /next month/i }).click();
  await day.click();
  await page.getByText("1:00 PM").click();
  await page.getByLabel("Street address").fill("9 Regular Road");
  const weekly = page.getByLabel(/^Weekly/);
  await expect(weekly).toHaveAccessibleName(/a visit, GST included \(15% off\)/);
  await weekly.check({ force: true });
  await page.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(page).toHaveURL(/\/booking-success\?ref=BK-/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // The regular cleans page: the series in the product's words, its visits booked ahead.
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await signInByEmailedLink(page, email);
  // The series and its visits ahead are written just after the booking commits: look again, as
  // the customer would, until the page shows them.
  await page.goto("/bookings/regular");
  const card = page.getByTestId("series-card");
  const visits = card.getByRole("list", { name: "Visits ahead" }).getByRole("listitem");
  await expect(async () => {
    await page.reload();
    await expect(visits.nth(1)).toContainText("Booked");
  }).toPass();
  await expect(card.getByRole("heading", { level: 3 })).toHaveText(
    `every ${weekdayOf(first)} at 1:00 PM`,
  );
  await expectNoAxeViolations(page);

  // Skip the second visit.
  await visits.nth(1).getByRole("button", { name: /^Skip/ }).click();
  await expect(card.getByText("That visit is skipped. Its crew has been told.")).toBeVisible();
  await expect(visits.nth(1)).toContainText("Skipped");

  // Change every visit from three weeks on: fortnightly.
  const from = sydneyDatePlus(
    Math.round((Date.parse(first) - Date.parse(sydneyDatePlus(0))) / 86_400_000) + 21,
  );
  await card.getByText("Change all future visits").click();
  await card.getByLabel("From (the first visit on the new day)").fill(from);
  await card.getByLabel("How often").selectOption("fortnightly");
  await card.getByRole("button", { name: "Change future visits" }).click();
  await expect(
    card.getByText("Done. Your visits from that date are booked on the new schedule."),
  ).toBeVisible();
  await expect(card.getByRole("heading", { level: 3 })).toHaveText(
    `every second ${weekdayOf(from)} at 1:00 PM`,
  );
});
