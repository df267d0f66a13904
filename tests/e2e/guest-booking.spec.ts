import { randomBytes, randomUUID } from "node:crypto";
import { newBookingReference } from "../../app/features/bookings/booking-reference";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { signInByEmailedLink } from "./journeys";
import { openServerDatabase } from "./server-database";
import { sydneyWeekdayPlus } from "./sydney-dates";

// A guest's View My Bookings (docs/decisions/0053-guest-booking-page.md): from the booking and
// payment success pages to the booking itself, without its address, and one press to a sign-in
// link sent to the booking's own email, which leads back to the booking with its changes.

const VIEWPORTS = [
  { name: "a phone", width: 390, height: 844 },
  { name: "a laptop", width: 1280, height: 800 },
];

/** A customer's confirmed, unpaid booking with its quote, as the booking form leaves them. */
function addGuestBooking(tag: string) {
  const db = openServerDatabase({ write: true });
  const at = new Date().toISOString();
  const customerId = randomUUID();
  const quoteId = randomUUID();
  const email = `guest.${tag}@example.com`;
  const reference = newBookingReference();
  const address = `5 Guest Lane ${tag}, Mosman NSW 2088`;
  try {
    db.prepare(
      "insert into customers (id, email, name, phone, created_at, updated_at) values (?, ?, 'Gus Guest', '0412 345 678', ?, ?)",
    ).run(customerId, email, at, at);
    db.prepare(
      `insert into quotes (id, reference, client_name, client_email, client_phone, customer_id,
         service_type, space_details, cleaning_level, estimated_hours, cleaners_needed,
         hourly_rate_cents, total_cents, status, lead_status, lead_source, created_at, updated_at)
       values (?, ?, 'Gus Guest', ?, '0412 345 678', ?, 'residential', '{}', 'deep', 5, 1,
         5000, 25000, 'pending_payment', 'qualified', 'website', ?, ?)`,
    ).run(quoteId, `HG-${tag.toUpperCase().slice(0, 10)}`, email, customerId, at, at);
    db.prepare(
      `insert into bookings (id, reference, quote_id, customer_id, scheduled_date, time_slot,
         address, status, price_cents, created_at, updated_at)
       values (?, ?, ?, ?, ?, '10:00', ?, 'confirmed', 25000, ?, ?)`,
    ).run(randomUUID(), reference, quoteId, customerId, sydneyWeekdayPlus(10), address, at, at);
  } finally {
    db.close();
  }
  return { email, reference, address };
}

for (const viewport of VIEWPORTS) {
  test(`on ${viewport.name}, View My Bookings shows a guest the booking and emails a sign-in link`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const booking = addGuestBooking(randomBytes(5).toString("hex"));

    await page.goto(`/booking-success?ref=${booking.reference}`);
    await page.getByRole("link", { name: "View My Bookings" }).click();
    await expect(page).toHaveURL(`/bookings?ref=${booking.reference}`);
    const card = page.getByTestId("booking-card");
    await expect(card.getByRole("heading", { name: "Residential cleaning" })).toBeVisible();
    await expect(card).toContainText(booking.reference);
    await expect(card).toContainText("10:00 AM");
    await expect(card).toContainText("Confirmed");
    await expect(card).toContainText("Unpaid");
    await expect(card.getByTestId("booking-price")).toHaveText("$250.00");
    // Neither the address nor the email it was booked with is shown to whoever holds the link.
    await expect(page.getByText(booking.address)).toHaveCount(0);
    await expect(page.getByText(booking.email)).toHaveCount(0);
    await expect(card.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
    await expectNoAxeViolations(page);

    await card.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByTestId("form-confirmation")).toHaveText(
      "Check the email this booking was made with: a sign-in link is on its way. It works once, for 15 minutes.",
    );
    await expect(page.getByText(booking.email)).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The link goes to the booking's own email.
    await signInByEmailedLink(page, booking.email);
    await expect(page).toHaveURL(`/bookings?ref=${booking.reference}`);
    await expect(card).toContainText(booking.address);
    await expect(card.getByRole("button", { name: "Cancel booking" })).toBeVisible();
    await expect(card.getByRole("button", { name: "Email me a sign-in link" })).toHaveCount(0);
  });
}

test("the payment success page's View My Bookings opens the booking it paid for", async ({
  page,
}) => {
  const booking = addGuestBooking(randomBytes(5).toString("hex"));
  await page.goto(`/payment-success?ref=${booking.reference}`);
  await page.getByRole("link", { name: "View My Bookings" }).click();
  await expect(page).toHaveURL(`/bookings?ref=${booking.reference}`);
  await expect(page.getByTestId("booking-card")).toContainText(booking.reference);
  await expect(page.getByRole("heading", { name: "Sign in to continue" })).toHaveCount(0);
});
