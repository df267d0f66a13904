import { randomBytes } from "node:crypto";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { bookInCalendar, newTestQuote, signInByEmailedLink } from "./journeys";
import { openServerDatabase } from "./server-database";
import { sydneyWeekdayPlus } from "./sydney-dates";

// The whole path a new customer takes: a quote, a booked slot, a test payment, the
// payment success page, then My Bookings after signing in through the emailed magic link.

test("a new customer quotes, books, pays by test card and finds the booking in My Bookings", async ({
  page,
  request,
}) => {
  test.slow();
  const email = `journey.${randomBytes(4).toString("hex")}@example.com`;
  const { reference } = await newTestQuote(request, {
    name: "Jo Journey",
    email,
    phone: "0412 000 333",
  });

  // Book: a date in the calendar, a slot, the street.
  const bookingRef = await bookInCalendar(page, reference, {
    date: sydneyWeekdayPlus(9),
    slot: "1:00 PM",
    street: "7 Journey Lane",
  });

  // Pay with the test card that succeeds.
  await page.getByRole("link", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment details");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay Now" }).click();
  await expect(page).toHaveURL(new RegExp(`/payment-success\\?ref=${bookingRef}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment successful");

  // View My Bookings shows a guest the booking by its reference, without its address
  // (docs/decisions/0053-guest-booking-page.md), and signs them in with one press: the link goes
  // to the email the booking was made with.
  await page.getByRole("link", { name: "View My Bookings" }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings\\?ref=${bookingRef}$`));
  const guestCard = page.getByTestId("booking-card");
  await expect(guestCard).toContainText(bookingRef);
  await expect(guestCard).not.toContainText("7 Journey Lane");
  await guestCard.getByRole("button", { name: "Email me a sign-in link" }).click();
  await signInByEmailedLink(page, email);
  await expect(page).toHaveURL(`/bookings?ref=${bookingRef}`);

  const card = page.getByTestId("booking-card").filter({ hasText: bookingRef });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("1:00 PM");
  await expect(card).toContainText("7 Journey Lane");
  await expect(card).toContainText("Confirmed");
  await expectNoAxeViolations(page);

  // The payment is stored once, and the lead is booked (docs/decisions/0027-lead-lifecycle.md).
  const db = openServerDatabase();
  try {
    const stored = db
      .prepare(
        `select p.status as payment, q.lead_status as lead,
           (select count(*) from transactions t where t.payment_id = p.id) as ledger
         from bookings b join payments p on p.booking_id = b.id join quotes q on q.id = b.quote_id
         where b.reference = ?`,
      )
      .all(bookingRef);
    expect(stored).toEqual([{ payment: "paid", lead: "booked", ledger: 1 }]);
  } finally {
    db.close();
  }
});
