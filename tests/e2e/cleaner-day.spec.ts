import { createHash, randomBytes, randomUUID } from "node:crypto";
import sharp from "sharp";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { PHONE, signInWithEmailedLink } from "./journeys";
import { openServerDatabase } from "./server-database";
import { sydneyWeekdayPlus } from "./sydney-dates";

// A cleaner's whole day on a 390 px phone (docs/decisions/0068-job-visits.md,
// docs/decisions/0087-job-photos-and-on-my-way-texts.md): sign in from the emailed link, accept
// an offer, set off (the customer is emailed), check in, tick the list, add a photo, report a
// problem and check out, while the office sees each step on the lead; then the job's pay on the
// cleaner's earnings, and the proof of clean on the customer's My Bookings. Another cleaner's
// session finds none of it.

/**
 * Two hired cleaners; the first has an open offer of a booked job in Mosman, for a customer with
 * an account. Customers are shown the proof of clean (the setting's default, written here).
 */
function dayOfWork() {
  const tag = randomBytes(3).toString("hex");
  const ids = {
    mei: randomUUID(),
    tom: randomUUID(),
    customer: randomUUID(),
    quote: randomUUID(),
    booking: randomUUID(),
  };
  const client = `ivy.${tag}@example.com`;
  const iso = new Date().toISOString();
  const date = sydneyWeekdayPlus(5);
  const db = openServerDatabase({ write: true });
  try {
    for (const [id, name] of [
      [ids.mei, `Mei ${tag} Chen`],
      [ids.tom, `Tom ${tag} Fraser`],
    ] as const) {
      db.prepare(
        `insert into cleaners (id, name, email, phone, services, availability, languages,
           specialties, status, rating, active_bookings, completed_jobs, has_abn, has_transport,
           source, police_check_expires_on, created_at, updated_at)
         values (?, ?, ?, '0491 570 157', '["Residential"]', '["Monday"]', '["English"]', '[]',
           'available', 4.9, 0, 0, 0, 0, 'admin', '2099-12-31', ?, ?)`,
      ).run(id, name, `${id}@example.com`, iso, iso);
    }
    db.prepare(
      `insert into settings (key, value, updated_at) values ('proof_of_clean', 'true', ?)
       on conflict (key) do update set value = excluded.value`,
    ).run(iso);
    db.prepare(
      `insert into customers (id, email, name, phone, created_at, updated_at)
       values (?, ?, ?, '0412 555 019', ?, ?)`,
    ).run(ids.customer, client, `Ivy ${tag} Park`, iso, iso);
    db.prepare(
      `insert into quotes (id, reference, client_name, client_email, client_phone, customer_id,
         service_type, space_details, cleaning_level, estimated_hours, cleaners_needed,
         hourly_rate_cents, total_cents, status, lead_status, lead_source, created_at, updated_at)
       values (?, ?, ?, ?, '0412 555 019', ?, 'residential', '{"type":"house","bedrooms":3,"bathrooms":2}',
         'basic', 3, 1, 5000, 15000, 'booked', 'booked', 'website', ?, ?)`,
    ).run(ids.quote, `HG-${tag.toUpperCase()}`, `Ivy ${tag} Park`, client, ids.customer, iso, iso);
    db.prepare(
      `insert into bookings (id, reference, quote_id, customer_id, scheduled_date, time_slot,
         address, suburb, postcode, status, price_cents, created_at, updated_at)
       values (?, ?, ?, ?, ?, '09:00', '12 Harbour Street', 'Mosman', '2088', 'confirmed', 15000,
         ?, ?)`,
    ).run(ids.booking, `BK-${tag.toUpperCase()}`, ids.quote, ids.customer, date, iso, iso);
    const seat = randomUUID();
    db.prepare(
      `insert into assignments (id, quote_id, booking_id, cleaner_id, scheduled_date, time_slot,
         status, response_deadline, token_hash, created_at, updated_at)
       values (?, ?, ?, ?, ?, '09:00', 'pending', ?, ?, ?, ?)`,
    ).run(
      seat,
      ids.quote,
      ids.booking,
      ids.mei,
      date,
      new Date(Date.now() + 3 * 3_600_000).toISOString(),
      createHash("sha256").update(randomBytes(32)).digest("hex"),
      iso,
      iso,
    );
    return {
      seat,
      quoteId: ids.quote,
      bookingRef: `BK-${tag.toUpperCase()}`,
      mei: `${ids.mei}@example.com`,
      tom: `${ids.tom}@example.com`,
      client,
    };
  } finally {
    db.close();
  }
}

function emailsTo(address: string, topic: string) {
  const db = openServerDatabase();
  try {
    return (
      db.prepare("select payload from outbox_messages where topic = ?").all(topic) as {
        payload: string;
      }[]
    ).filter((row) => (JSON.parse(row.payload) as { to: string }).to === address).length;
  } finally {
    db.close();
  }
}

/** Moves the seat's check-in back by `minutes`: the clean's length, without waiting for it. */
function checkedInMinutesAgo(seat: string, minutes: number) {
  const db = openServerDatabase({ write: true });
  try {
    db.prepare("update assignments set checked_in_at = ? where id = ?").run(
      new Date(Date.now() - minutes * 60_000).toISOString(),
      seat,
    );
  } finally {
    db.close();
  }
}

const photo = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: "#b08d57" } })
    .jpeg()
    .toBuffer();

test("a cleaner's day from offer to pay, followed by the office, proved to the customer, hidden from others", async ({
  page,
  browser,
  signInAs,
}) => {
  test.slow();
  const day = dayOfWork();
  await page.setViewportSize(PHONE);
  await signInWithEmailedLink(page, "/cleaner/sign-in", day.mei, "cleaner.magic_link");
  await expect(page).toHaveURL(/\/cleaner$/);

  const offer = page.getByRole("region", { name: "Offers" }).getByRole("article");
  await offer.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByRole("status")).toContainText("Offer accepted");
  const jobUrl = `/cleaner/jobs/${day.seat}`;
  await page.goto(jobUrl);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "On my way" }).click();
  await expect(page.getByRole("status")).toContainText("The client has been told");
  await expect.poll(() => emailsTo(day.client, "job.on_my_way")).toBe(1);

  // The office follows the seat on the lead's details, in a tab of the same browser beside the
  // cleaner's, looked at again after each step.
  await signInAs("staff");
  const office = await page.context().newPage();
  await office.goto(`/admin/quotes/${day.quoteId}`);
  const visit = office.getByRole("region", { name: "Job visit" });
  const seatLine = visit.getByTestId("visit-seat");
  await expect(seatLine).toContainText(": On the way");

  await page.getByRole("button", { name: "Check in" }).click();
  await expect(page.getByRole("status")).toContainText("Checked in");
  await office.reload();
  await expect(seatLine).toContainText(": In progress");
  const ticks = page.getByRole("button", { name: /^Tick: / });
  const first = ((await ticks.first().getAttribute("aria-label")) ?? "").replace(/^Tick: /, "");
  await ticks.first().click();
  await expect(page.getByRole("button", { name: `Untick: ${first}` })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Before or after?").selectOption("after");
  await page
    .getByLabel("Photo", { exact: true })
    .setInputFiles({ name: "kitchen.jpg", mimeType: "image/jpeg", buffer: await photo() });
  await page.getByRole("button", { name: "Add photo" }).click();
  await expect(page.getByRole("status")).toContainText("After photo added.");
  const image = page.getByRole("img", { name: "After photo 1" });
  await expect(image).toBeVisible();
  const photoUrl = (await image.getAttribute("src"))!;
  await expectNoAxeViolations(page);

  await page.getByText("Report a problem").click();
  await page.getByLabel("What happened?").selectOption("damage");
  await page.getByLabel("Details").fill("A chip on the vanity, there before we started.");
  await page.getByRole("button", { name: "Send to the office" }).click();
  await expect(page.getByRole("status")).toContainText("The office has your report");

  // Check out is folded until the cleaner opens it; unticked items each need a reason.
  await page.locator("summary", { hasText: "Check out" }).click();
  for (const reason of await page.getByLabel(/^Why not done: /).all()) {
    await reason.fill("Not needed today");
  }
  // The clean took two and a half hours, counted to the minute.
  checkedInMinutesAgo(day.seat, 150);
  await page.getByRole("button", { name: "Check out" }).click();
  await expect(page.getByRole("status")).toContainText("Checked out");
  await expectNoAxeViolations(page);

  // The office sees the seat done, its hours, the problem and the photo on the lead.
  await office.reload();
  await expect(seatLine).toContainText(": Done");
  await expect(visit).toContainText("Actual hours: 2 h 30 min");
  await expect(visit).toContainText("Problem: Damage");
  await expect(visit.getByRole("img", { name: "After photo 1" })).toBeVisible();
  await office.close();

  // The only seat checked out, so the job is done: its line on the cleaner's earnings, the hours
  // from check-in to check-out at the $32 pay rate.
  await page.goto("/cleaner/earnings");
  const weeks = page.getByRole("region", { name: "By week" });
  await expect(weeks).toContainText("9:00 AM · Mosman");
  await expect(weeks).toContainText("2.5 hours (checked in) · $80.00");

  // The customer, signed in to My Bookings, sees the proof of clean: the list as it was left,
  // and the after photo.
  await signInWithEmailedLink(page, "/sign-in?redirectTo=%2Fbookings", day.client);
  await expect(page).toHaveURL(/\/bookings$/);
  const card = page.getByTestId("booking-card").filter({ hasText: day.bookingRef });
  const proof = card.getByRole("region", { name: "Proof of clean" });
  await expect(proof.getByRole("listitem").filter({ hasText: first })).not.toContainText(
    "not done",
  );
  await expect(proof).toContainText("(not done: Not needed today)");
  await expect(card.getByRole("img", { name: "After photo 1" })).toBeVisible();

  // Another cleaner's session: the job page, the photo and every post answer 404.
  const other = await browser.newContext({ viewport: PHONE });
  const tomPage = await other.newPage();
  await signInWithEmailedLink(tomPage, "/cleaner/sign-in", day.tom, "cleaner.magic_link");
  await expect(tomPage).toHaveURL(/\/cleaner$/);
  expect((await tomPage.request.get(jobUrl)).status()).toBe(404);
  expect((await tomPage.request.get(photoUrl)).status()).toBe(404);
  for (const intent of ["on-my-way", "check-in", "problem", "photo-delete", "check-out"]) {
    const post = await tomPage.request.post(jobUrl, {
      form: { intent, etaMinutes: "20", kind: "key", photoId: photoUrl.split("/").pop()! },
      headers: { origin: new URL(tomPage.url()).origin },
    });
    expect(post.status(), intent).toBe(404);
  }
  await other.close();
});
