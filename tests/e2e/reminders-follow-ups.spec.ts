import { randomInt, randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import { insertTestLead } from "./journeys";
import { openServerDatabase } from "./server-database";
import { sydneyDatePlus } from "./sydney-dates";

// docs/decisions/0075-reminders-once-per-booked-time.md and 0077-quote-follow-ups.md: the
// reminder of tomorrow's clean, and a quote's follow-up with its stop link. Each sweep is made
// due now, as its next scheduled run would be, and the server's own worker runs it.

function runSweepNow(topic: string) {
  const db = openServerDatabase({ write: true });
  try {
    const at = new Date().toISOString();
    db.prepare(
      `insert into outbox_messages (id, kind, topic, payload, status, next_attempt_at, created_at, updated_at)
       values (?, 'job', ?, '{}', 'pending', ?, ?, ?)`,
    ).run(randomUUID(), topic, at, at, at);
  } finally {
    db.close();
  }
}

/** The text of the latest email of `topic` about `subjectId`, or null. */
function emailAbout(topic: string, subjectId: string) {
  const db = openServerDatabase();
  try {
    const row = db
      .prepare(
        "select payload from outbox_messages where topic = ? and subject_id = ? order by created_at desc",
      )
      .get(topic, subjectId) as { payload: string } | undefined;
    return row ? (JSON.parse(row.payload) as { to: string; subject: string; text: string }) : null;
  } finally {
    db.close();
  }
}

/** The lead's booking, given a reference of the product's own form (BK- and 26 characters). */
function bookingOf(quoteId: string) {
  const reference = `BK-${Array.from({ length: 26 }, () => "ABCDEFGHJKMNPQRSTUVWXYZ234567"[randomInt(29)]).join("")}`;
  const db = openServerDatabase({ write: true });
  try {
    db.prepare("update bookings set reference = ? where quote_id = ?").run(reference, quoteId);
    const { id } = db.prepare("select id from bookings where quote_id = ?").get(quoteId) as {
      id: string;
    };
    return { id, reference };
  } finally {
    db.close();
  }
}

test("tomorrow's clean gets its reminder, whose link opens the booking", async ({ page }) => {
  const quoteId = insertTestLead("Reminder Rowe", {
    booking: { date: sydneyDatePlus(1), slot: "09:00" },
  });
  const { id: bookingId, reference } = bookingOf(quoteId);
  runSweepNow("bookings.send_reminders");

  await expect.poll(() => emailAbout("booking.reminder", bookingId)).not.toBeNull();
  const email = emailAbout("booking.reminder", bookingId)!;
  expect(email.to).toBe("reminder.rowe@example.com");
  expect(email.subject).toBe(`Your clean is coming up (${reference})`);
  expect(email.text).toContain("at 9:00 AM");
  expect(email.text).toContain("Address: 12 Harbour Street");
  const link = /https?:\/\/\S+\/bookings\?ref=BK-\S+/.exec(email.text)![0];
  expect(new URL(link).search).toBe(`?ref=${reference}`);

  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { name: "My Bookings" })).toBeVisible();
  await expect(page.getByText(reference).first()).toBeVisible();
});

test("an unbooked quote is followed up, and its link stops follow-ups", async ({ page }) => {
  const quoteId = insertTestLead("Follow Upton");
  const db = openServerDatabase({ write: true });
  const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();
  db.prepare("update quotes set created_at = ? where id = ?").run(threeDaysAgo, quoteId);
  db.close();
  runSweepNow("quotes.send_follow_ups");

  await expect.poll(() => emailAbout("quote.follow_up", quoteId)).not.toBeNull();
  const email = emailAbout("quote.follow_up", quoteId)!;
  expect(email.to).toBe("follow.upton@example.com");
  expect(email.text).toContain("$150.00 (AUD, GST included)");
  expect(email.text).toMatch(/Book this clean: https?:\/\/\S+\/booking\?ref=HG-/);
  const stop = /https?:\/\/\S+\/quote-follow-ups\/stop\/\S+/.exec(email.text)![0];

  await page.goto(new URL(stop).pathname);
  await expect(page.getByRole("heading", { name: "Stop follow-ups" })).toBeVisible();
  await page.getByRole("button", { name: "Stop follow-ups" }).click();
  await expect(
    page.getByText(/^Done\. We will send no more follow-ups about quote HG-/),
  ).toBeVisible();

  // Opening the link again says it is done; a link with a wrong signature opens nothing.
  await page.goto(new URL(stop).pathname);
  await expect(page.getByText(/^Done\. We will send no more follow-ups/)).toBeVisible();
  const forged = await page.goto(`/quote-follow-ups/stop/${quoteId}.not-our-signature`);
  expect(forged?.status()).toBe(404);
  await expect(page.getByText("This link is not valid.", { exact: false })).toBeVisible();
});
