import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { newTestQuote } from "./journeys";
import { sydneyWeekdayPlus } from "./sydney-dates";

// The rewards discount without signing in (docs/decisions/0047-rewards-follow-the-email.md): a
// guest's first booking is Bronze, 5% off; the quote result and the booking page say so before
// booking, and the booking success and payment pages show the same amount.

// Each viewport books its own slot, so the two never compete for one place.
const VIEWPORTS = [
  { width: 390, height: 844, slot: "10:00 AM" },
  { width: 1280, height: 900, slot: "11:00 AM" },
];

const aud = (cents: number) =>
  new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" }).format(cents / 100);

/** A deep clean of a 2-bedroom apartment in Bondi, quoted for a guest at `email`. */
const newQuote = (request: APIRequestContext, email: string) =>
  newTestQuote(request, { name: "Guest Booker", email, phone: "0412 000 333" });

async function expectBronzeFloor(page: Page, totalCents: number) {
  const discount = Math.round(totalCents * 0.05);
  const offer = page.getByTestId("rewards-offer");
  await expect(offer).toContainText("Rewards discount (5% or more)");
  await expect(offer.getByTestId("rewards-discount")).toHaveText(`−${aud(discount)}`);
  await expect(offer).toContainText("You pay at most");
  await expect(offer.getByTestId("rewards-to-pay")).toHaveText(aud(totalCents - discount));
  await expect(offer).toContainText("Your rewards discount will be applied when you book");
  await expect(offer.getByRole("link", { name: "Sign in to see your tier" })).toBeVisible();
  await expectNoAxeViolations(page);
}

for (const { slot, ...viewport } of VIEWPORTS) {
  test(`at ${viewport.width} px a guest sees the Bronze discount before booking and pays 5% less`, async ({
    page,
    request,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const email = `guest.${randomBytes(4).toString("hex")}@example.com`;
    const { reference, totalCents } = await newQuote(request, email);
    const discount = Math.round(totalCents * 0.05);

    await page.goto(`/quote-result?ref=${reference}`);
    await expectBronzeFloor(page, totalCents);
    await page.goto(`/booking?ref=${reference}`);
    await expectBronzeFloor(page, totalCents);

    const date = sydneyWeekdayPlus(9);
    const day = page.locator(`[data-day="${date}"]:not([data-outside]) button`);
    if (!(await day.isVisible())) await page.getByRole("button", { name: /next month/i }).click();
    await day.click();
    await page.getByText(slot).click();
    await page.getByLabel("Street address").fill("7 Rewards Lane");
    await page.getByRole("button", { name: "Confirm Booking" }).click();

    await expect(page).toHaveURL(/\/booking-success\?ref=BK-[A-Z2-7]{26}$/);
    await expect(page.getByTestId("booking-price")).toHaveText(
      `${aud(totalCents - discount)} (${aud(discount)} rewards discount)`,
    );
    await page.getByRole("link", { name: "Pay now" }).click();
    await expect(page.getByTestId("summary-discount")).toHaveText(`−${aud(discount)}`);
    await expect(page.getByTestId("summary-total")).toHaveText(aud(totalCents - discount));
    await expectNoAxeViolations(page);
  });
}
