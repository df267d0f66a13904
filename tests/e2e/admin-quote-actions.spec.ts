import { randomBytes, randomUUID } from "node:crypto";
import { formatShortDate } from "../../app/lib/format";
import { insertBookedQuotes, randomReference } from "../helpers/booked-quotes-sqlite";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { openServerDatabase, serverDataDir } from "./server-database";
import { sydneyWeekdayPlus } from "./sydney-dates";
import path from "node:path";

// The quote details' own actions (docs/product/bookings.md, "Staff side"): staff send a priced quote for a post-construction
// request and the client's email links to a bookable quote; on a booked lead staff mark it paid,
// move it, and cancel it, with a refund only an owner is offered (and the server refuses others).

function addRequest(name: string) {
  const db = openServerDatabase({ write: true });
  const id = randomUUID();
  const ref = randomReference("HG");
  const at = new Date().toISOString();
  try {
    db.prepare(
      `insert into quotes (id, reference, client_name, client_email, client_phone, service_type,
        space_details, status, lead_status, lead_source, created_at, updated_at)
       values (?, ?, ?, ?, '0412 345 678', 'post-construction',
        '{"type":"house","bedrooms":4,"bathrooms":2}', 'pending_quote', 'new', 'website', ?, ?)`,
    ).run(id, ref, name, `${id}@example.com`, at, at);
  } finally {
    db.close();
  }
  return { id, ref };
}

function emailTo(quoteId: string) {
  const db = openServerDatabase();
  try {
    const row = db
      .prepare(
        `select payload from outbox_messages where subject_id = ? and topic = 'quote.staff_quote'`,
      )
      .get(quoteId) as { payload: string } | undefined;
    return row ? (JSON.parse(row.payload) as { text: string; subject: string }) : null;
  } finally {
    db.close();
  }
}

const booked = () => insertBookedQuotes(path.join(serverDataDir(), "app.db"))[0]!;

test.describe("quote details actions", () => {
  test("send quote: hours, a total and a message; the email's link shows the quote to book", async ({
    page,
    signInAs,
    browserProblems,
  }) => {
    browserProblems.allow(/\/admin\/quotes\/.*\.data/); // the empty form's 400
    const lead = addRequest(`Builder ${randomBytes(3).toString("hex")}`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs("staff");
    await page.goto(`/admin/quotes/${lead.id}`);
    const form = page.getByRole("region", { name: "Send quote" });
    await form.getByRole("button", { name: "Send quote" }).click();
    await expect(form.getByText("Enter the hours, from 1 to 40")).toBeVisible();
    await expect(form.getByText("Write a short message to the client.")).toBeVisible();
    await expectNoAxeViolations(page);

    await form.getByLabel("Hours").fill("6");
    await form.getByLabel("Total (optional)").fill("540");
    await form.getByLabel("Message to the client").fill("Two cleaners, one full day.");
    await form.getByRole("button", { name: "Send quote" }).click();
    await expect(page.getByText("Quote sent. The client has a link to book.")).toBeVisible();

    await page.reload();
    await expect(page.getByRole("region", { name: "Send quote" })).toHaveCount(0);
    await expect(page.getByText("Quote sent: 6 h, $540.00")).toBeVisible();
    await expect(page.getByText("$540.00").first()).toBeVisible();

    const email = emailTo(lead.id)!;
    expect(email.subject).toBe(`Your quote ${lead.ref}: $540.00`);
    const link = /https?:\/\/\S+\/quote-result\?ref=\S+/.exec(email.text)![0];
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByText("$540.00").first()).toBeVisible();
  });

  test("staff mark a booking paid, move it, and cancel it without a refund", async ({
    page,
    signInAs,
  }) => {
    const { quoteId } = booked();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs("staff");
    await page.goto(`/admin/quotes/${quoteId}`);
    const booking = page.getByRole("region", { name: "Booking" });
    // docs/decisions/0048-unpaid-booking-holds.md: kept while unpaid, paid on the day.
    await booking.getByRole("button", { name: "Pay on the day" }).click();
    await expect(
      booking.getByText("Confirmed as pay on the day: the booking keeps its slot while unpaid."),
    ).toBeVisible();
    await expect(booking.getByRole("button", { name: "Pay on the day" })).toHaveCount(0);
    await booking.getByRole("button", { name: "Mark paid" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Mark paid" }).click();
    await expect(booking.getByText("Booking marked paid.")).toBeVisible();
    await expect(booking.getByRole("button", { name: "Mark paid" })).toHaveCount(0);

    // Within the booking horizon (a year ahead), on a weekday the clean fits: ten days or so on.
    const moved = sydneyWeekdayPlus(10);
    const label = formatShortDate(moved);
    await booking.getByLabel("New date").fill(moved);
    await booking.getByLabel("New time").selectOption("10:00");
    await booking.getByRole("button", { name: "Reschedule" }).click();
    await expect(booking.getByText("Booking moved.")).toBeVisible();
    await expect(booking.getByText(`${label}, 10:00 AM`)).toBeVisible();
    await expectNoAxeViolations(page);

    await booking.getByRole("button", { name: "Cancel booking" }).click();
    const dialog = page.getByRole("dialog", { name: /Cancel booking/ });
    await expect(dialog.getByText("The payment stays. Only an owner can refund it.")).toBeVisible();
    await expect(dialog.getByLabel("Refund the payment")).toHaveCount(0);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Cancel booking" }).click();
    await expect(booking.getByText("Booking cancelled.")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("region", { name: "Booking" })).toContainText("cancelled");
    await expect(page.getByRole("region", { name: "Booking" })).toContainText("paid");

    // docs/decisions/0054-tax-invoice-receipts-and-one-price.md: each step is on the timeline.
    const timeline = page.getByRole("region", { name: "Timeline" });
    await expect(timeline).toContainText(/Staff confirmed booking BK-\S+ is paid on the day/);
    await expect(timeline).toContainText(/Payment of \$[\d,]+\.\d{2} marked paid by staff/);
    await expect(timeline).toContainText(
      new RegExp(`Booking moved by the staff from .+ to ${label} at 10:00 AM`),
    );
    await expect(timeline).toContainText(`Booking for ${label} at 10:00 AM cancelled by the staff`);
    await expectNoAxeViolations(page);
  });

  test("a refund is for owners: staff are refused with 403, an owner's cancel refunds", async ({
    page,
    signInAs,
  }) => {
    const mine = booked();
    await signInAs("staff");
    await page.goto(`/admin/quotes/${mine.quoteId}`);
    await page.getByRole("button", { name: "Mark paid" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Mark paid" }).click();
    await expect(page.getByText("Booking marked paid.")).toBeVisible();
    const refused = await page.request.post(`/admin/quotes/${mine.quoteId}`, {
      form: { intent: "booking-cancel", bookingId: mine.bookingId, refund: "on" },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(refused.status()).toBe(403);

    await page.context().clearCookies();
    await signInAs("owner");
    await page.goto(`/admin/quotes/${mine.quoteId}`);
    await page.getByRole("button", { name: "Cancel booking" }).click();
    const dialog = page.getByRole("dialog", { name: /Cancel booking/ });
    await expect(dialog.getByLabel("Refund the payment")).toBeChecked();
    await dialog.getByRole("button", { name: "Cancel booking" }).click();
    await expect(page.getByText("Booking cancelled and the payment refunded.")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("region", { name: "Timeline" })).toContainText(
      /Refund of \$[\d,]+\.\d{2} \(full\)/,
    );
  });

  test("a completed job not yet paid is marked paid, after a confirmation", async ({
    page,
    signInAs,
  }) => {
    const { quoteId, bookingId } = booked();
    const db = openServerDatabase({ write: true });
    try {
      db.prepare("update quotes set status = 'assigned' where id = ?").run(quoteId);
    } finally {
      db.close();
    }
    await signInAs("staff");
    await page.goto(`/admin/quotes/${quoteId}`);
    await page.getByRole("button", { name: "Complete job" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Complete job" }).click();
    const booking = page.getByRole("region", { name: "Booking" });
    await expect(booking).toContainText("completed");

    await booking.getByRole("button", { name: "Mark paid" }).click();
    const confirm = page.getByRole("alertdialog", { name: /^Mark booking .* paid\?$/ });
    await expect(confirm).toContainText("records the payment as revenue");
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await booking.getByRole("button", { name: "Mark paid" }).click();
    await confirm.getByRole("button", { name: "Mark paid" }).click();
    await expect(booking.getByText("Booking marked paid.")).toBeVisible();
    await expect(booking.getByRole("button", { name: "Mark paid" })).toHaveCount(0);

    const check = openServerDatabase();
    try {
      expect(
        check.prepare("select status, provider from payments where booking_id = ?").all(bookingId),
      ).toEqual([{ status: "paid", provider: "manual" }]);
    } finally {
      check.close();
    }
  });
});
