import { createHash, randomBytes, randomUUID } from "node:crypto";
import { formatLongDate } from "../../app/lib/format";
import { expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";
import { sydneyDatePlus, sydneyWeekdayPlus } from "./sydney-dates";
import { openServerDatabase } from "./server-database";

// docs/decisions/0041-cleaners-hear-of-job-changes.md: staff move a job a cleaner accepted and the
// cleaner's email asks again through a new link that opens the offer for the new date; staff
// suspend a cleaner, the confirmation lists their job, and confirming releases it with an email.
// Each test writes a cleaner and a lead of its own.

/** A cleaner who accepted the booked job of a lead of their own, at `date` and `slot`. */
function acceptedJob(date: string, slot: string) {
  const tag = randomBytes(3).toString("hex");
  const ids = { cleaner: randomUUID(), quote: randomUUID(), booking: randomUUID() };
  const names = { cleaner: `Mei ${tag} Chen`, client: `Ivy ${tag} Park` };
  const at = new Date().toISOString();
  const db = openServerDatabase({ write: true });
  try {
    db.prepare(
      `insert into cleaners (id, name, email, phone, services, availability, languages, specialties,
         status, rating, active_bookings, completed_jobs, has_abn, has_transport, source,
         created_at, updated_at)
       values (?, ?, ?, '0491 570 157', '["Residential"]', '["Monday"]', '["English"]', '[]',
         'available', 4.9, 1, 0, 0, 0, 'admin', ?, ?)`,
    ).run(ids.cleaner, names.cleaner, `${ids.cleaner}@example.com`, at, at);
    db.prepare(
      `insert into quotes (id, reference, client_name, client_email, client_phone, service_type,
         space_details, cleaning_level, estimated_hours, cleaners_needed, hourly_rate_cents,
         total_cents, status, lead_status, lead_source, created_at, updated_at)
       values (?, ?, ?, ?, '0412 555 019', 'residential', '{"type":"house","bedrooms":3,"bathrooms":2}',
         'deep', 3, 1, 5000, 15000, 'assigned', 'booked', 'website', ?, ?)`,
    ).run(ids.quote, `HG-${tag.toUpperCase()}`, names.client, `${tag}@example.com`, at, at);
    db.prepare(
      `insert into bookings (id, reference, quote_id, scheduled_date, time_slot, address, suburb,
         postcode, status, price_cents, created_at, updated_at)
       values (?, ?, ?, ?, ?, '12 Harbour Street', 'Mosman', '2088', 'confirmed', 15000, ?, ?)`,
    ).run(ids.booking, `BK-${tag.toUpperCase()}`, ids.quote, date, slot, at, at);
    db.prepare(
      `insert into assignments (id, quote_id, booking_id, cleaner_id, scheduled_date, time_slot,
         status, response_deadline, token_hash, responded_at, previous_quote_status, created_at,
         updated_at)
       values (?, ?, ?, ?, ?, ?, 'accepted', ?, ?, ?, 'pending', ?, ?)`,
    ).run(
      randomUUID(),
      ids.quote,
      ids.booking,
      ids.cleaner,
      date,
      slot,
      at,
      createHash("sha256").update(randomBytes(32)).digest("hex"),
      at,
      at,
      at,
    );
  } finally {
    db.close();
  }
  return { ids, names, email: `${ids.cleaner}@example.com` };
}

/** The newest email of `topic` sent to `to`, from the email outbox. */
function newestEmail(topic: string, to: string) {
  const db = openServerDatabase();
  try {
    const rows = db
      .prepare("select payload from outbox_messages where topic = ? order by created_at desc")
      .all(topic) as { payload: string }[];
    return rows
      .map(
        (row) =>
          JSON.parse(row.payload) as {
            to: string;
            text: string;
            attachments?: { content: string }[];
          },
      )
      .find((mail) => mail.to === to);
  } finally {
    db.close();
  }
}

test("staff move an accepted job: the cleaner's email has a new link that opens the offer for the new date", async ({
  page,
  signInAs,
}) => {
  const job = acceptedJob(sydneyDatePlus(5), "09:00");
  // Staff may move a job only to a slot that fits opening hours: a weekday.
  const moved = sydneyWeekdayPlus(8);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs("staff");
  await page.goto(`/admin/quotes/${job.ids.quote}`);
  const booking = page.getByRole("region", { name: "Booking" });
  await booking.getByLabel("New date").fill(moved);
  await booking.getByLabel("New time").selectOption("13:00");
  await booking.getByRole("button", { name: "Reschedule" }).click();
  await expect(booking.getByText("Booking moved.")).toBeVisible();

  await page.reload();
  await expect(page.getByText(`${job.names.cleaner} asked again for`)).toBeVisible();
  await expect(page.getByText("Booking moved by the staff from")).toBeVisible();

  const mail = newestEmail("assignment.rescheduled", job.email)!;
  expect(mail.text).toContain("Can you still take it?");
  expect(mail.attachments![0]!.content).toContain("STATUS:TENTATIVE");
  const link = new URL(/https?:\/\/\S+\/assignments\/[\w-]+/.exec(mail.text)![0]);
  await page.goto(link.pathname);
  await expect(page.getByText(formatLongDate(moved))).toBeVisible();
  await expect(page.getByText("1:00 PM")).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("suspending a cleaner lists their job in the confirmation and releases it", async ({
  page,
  signInAs,
}) => {
  const tomorrow = sydneyDatePlus(1);
  const job = acceptedJob(tomorrow, "16:00");
  await signInAs("staff");
  await gotoReady(page, `/admin/cleaners/${job.ids.cleaner}`);
  await page.getByLabel("Status", { exact: true }).selectOption("suspended");
  await page.getByRole("button", { name: "Change status" }).click();

  const dialog = page.getByRole("alertdialog", { name: "Change status to Suspended?" });
  await expect(dialog.getByRole("list", { name: "Jobs to release" })).toContainText(
    `4:00 PM: ${job.names.client} (accepted)`,
  );
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Change status and release 1 job" }).click();
  await expect(
    page
      .getByRole("region", { name: "Messages (F8)" })
      .getByText("Status changed to Suspended. 1 job was released and the cleaner emailed."),
  ).toBeVisible();

  const db = openServerDatabase();
  try {
    expect(
      db.prepare("select status from assignments where cleaner_id = ?").get(job.ids.cleaner),
    ).toEqual({ status: "cancelled" });
    expect(db.prepare("select status from quotes where id = ?").get(job.ids.quote)).toEqual({
      status: "pending",
    });
  } finally {
    db.close();
  }
  const mail = newestEmail("assignment.released", job.email)!;
  expect(mail.text).toContain("Your status is now Suspended");
  expect(mail.attachments![0]!.content).toContain("METHOD:CANCEL");
});
