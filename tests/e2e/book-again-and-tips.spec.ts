import { randomBytes, randomUUID } from "node:crypto";
import { sydneyDate } from "../../app/lib/sydney-time";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { bookInCalendar, newTestQuote, signInByEmailedLink } from "./journeys";
import { openServerDatabase } from "./server-database";
import { sydneyDatePlus, sydneyWeekdayPlus } from "./sydney-dates";

// Book again (docs/decisions/0079-book-again.md) and tips
// (docs/decisions/0078-tips-go-to-the-crew.md): a customer's clean is booked, done by its crew,
// tipped by test card (the tip becoming the crew lead's share) and booked again with
// the same details, priced afresh (the rate change itself is in book-again.service.test.ts).

/** The booking done a week ago by its accepted crew: completed, with the crew answered. */
function completeWithCrew(bookingReference: string) {
  const db = openServerDatabase({ write: true });
  try {
    const booking = db
      .prepare("select id, quote_id from bookings where reference = ?")
      .get(bookingReference) as { id: string; quote_id: string };
    const weekAgo = sydneyDatePlus(-7);
    const at = new Date().toISOString();
    db.prepare(
      "update bookings set status = 'completed', completed_at = ?, scheduled_date = ? where id = ?",
    ).run(at, weekAgo, booking.id);
    // The cleaner the booking held for seat 1 accepted the job.
    const hold = db
      .prepare("select cleaner_id, seat from cleaner_holds where booking_id = ? order by seat")
      .get(booking.id) as { cleaner_id: string; seat: number };
    db.prepare(
      `insert into assignments (id, quote_id, booking_id, cleaner_id, scheduled_date, time_slot,
         status, response_deadline, token_hash, responded_at, seat, created_at, updated_at)
       values (?, ?, ?, ?, ?, '13:00', 'accepted', ?, ?, ?, ?, ?, ?)`,
    ).run(
      randomUUID(),
      booking.quote_id,
      booking.id,
      hold.cleaner_id,
      weekAgo,
      at,
      randomUUID(),
      at,
      hold.seat,
      at,
      at,
    );
    const crew = [hold];
    return { ...booking, crewLeadId: crew[0]!.cleaner_id };
  } finally {
    db.close();
  }
}

function quoteByReference(reference: string) {
  const db = openServerDatabase();
  try {
    return db
      .prepare(
        "select total_cents, hourly_rate_cents, preferred_cleaner_id from quotes where reference = ?",
      )
      .get(reference) as {
      total_cents: number;
      hourly_rate_cents: number;
      preferred_cleaner_id: string;
    };
  } finally {
    db.close();
  }
}

test("a completed clean is tipped by test card and booked again with the same details at today's price", async ({
  page,
  request,
}) => {
  test.slow();
  const email = `again.${randomBytes(4).toString("hex")}@example.com`;
  const first = await newTestQuote(request, { name: "Ada Again", email, phone: "0412 000 444" });
  const bookingRef = await bookInCalendar(page, first.reference, {
    date: sydneyWeekdayPlus(9),
    slot: "1:00 PM",
    street: "8 Repeat Lane",
  });
  const done = completeWithCrew(bookingRef);

  // The tip: $20 by the test card that succeeds.
  await page.goto("/sign-in?redirectTo=%2Fbookings");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Check your email/ })).toBeVisible();
  await signInByEmailedLink(page, email);
  await expect(page).toHaveURL(/\/bookings$/);
  const card = page.getByTestId("booking-card").filter({ hasText: bookingRef });
  await card.getByRole("link", { name: /Add a tip/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add a tip for your crew");
  await page.getByLabel("$20").check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByTestId("tip-amount")).toHaveText("Pay your $20.00 tip");
  await expectNoAxeViolations(page);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay Now" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your tip is on its way" }),
  ).toBeVisible();
  await expect(page.getByTestId("tip-paid")).toHaveText("You tipped $20.00. Thank you.");

  // The tip is the crew's lead's, for a pay run to carry (a crew of one takes it all).
  const shares = openServerDatabase();
  try {
    const share = shares
      .prepare("select cleaner_id, amount_cents, sydney_date from tip_shares where booking_id = ?")
      .all(done.id);
    expect(share).toEqual([
      { cleaner_id: done.crewLeadId, amount_cents: 2_000, sydney_date: sydneyDate(new Date()) },
    ]);
  } finally {
    shares.close();
  }

  // Book again: a new quote priced by the server as of now (the service test raises the rate;
  // here the shared server's rate stays put), the same street, the crew's lead preferred.
  await page.goto("/bookings");
  await card.getByRole("button", { name: /Book again/ }).click();
  await expect(page).toHaveURL(/\/booking\?ref=HG-/);
  const againRef = new URL(page.url()).searchParams.get("ref")!;
  expect(againRef).not.toBe(first.reference);
  const again = quoteByReference(againRef);
  expect(again.total_cents).toBe(first.totalCents);
  expect(again.preferred_cleaner_id).toBe(done.crewLeadId);
  await expect(page.getByLabel("Street address")).toHaveValue("8 Repeat Lane");
  await expect(page.getByText(`$${(again.total_cents / 100).toFixed(2)}`).first()).toBeVisible();
  await expectNoAxeViolations(page);
});
