import { createHash, randomBytes, randomUUID } from "node:crypto";
import sharp from "sharp";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { PHONE, signInByEmailedLink } from "./journeys";
import { openServerDatabase } from "./server-database";
import { sydneyWeekdayPlus } from "./sydney-dates";

// A cleaner's whole day on a 390 px phone (docs/decisions/0068-job-visits.md,
// docs/decisions/0087-job-photos-and-on-my-way-texts.md): sign in from the emailed link, accept
// an offer, set off (the customer is emailed), check in, tick the list, add a photo, report a
// problem and check out, while the office sees each step on the lead. Another cleaner's
// session finds none of it.

/** Two hired cleaners; the first has an open offer of a booked job in Mosman. */
function dayOfWork() {
  const tag = randomBytes(3).toString("hex");
  const ids = { mei: randomUUID(), tom: randomUUID(), quote: randomUUID(), booking: randomUUID() };
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
      `insert into quotes (id, reference, client_name, client_email, client_phone, service_type,
         space_details, cleaning_level, estimated_hours, cleaners_needed, hourly_rate_cents,
         total_cents, status, lead_status, lead_source, created_at, updated_at)
       values (?, ?, ?, ?, '0412 555 019', 'residential', '{"type":"house","bedrooms":3,"bathrooms":2}',
         'basic', 3, 1, 5000, 15000, 'booked', 'booked', 'website', ?, ?)`,
    ).run(
      ids.quote,
      `HG-${tag.toUpperCase()}`,
      `Ivy ${tag} Park`,
      `ivy.${tag}@example.com`,
      iso,
      iso,
    );
    db.prepare(
      `insert into bookings (id, reference, quote_id, scheduled_date, time_slot, address, suburb,
         postcode, status, price_cents, created_at, updated_at)
       values (?, ?, ?, ?, '09:00', '12 Harbour Street', 'Mosman', '2088', 'confirmed', 15000, ?, ?)`,
    ).run(ids.booking, `BK-${tag.toUpperCase()}`, ids.quote, date, iso, iso);
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
      mei: `${ids.mei}@example.com`,
      tom: `${ids.tom}@example.com`,
      client: `ivy.${tag}@example.com`,
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

const photo = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: "#b08d57" } })
    .jpeg()
    .toBuffer();

test("a cleaner's day from offer to check-out, seen by the office and by nobody else", async ({
  page,
  browser,
  signInAs,
}) => {
  test.slow();
  const day = dayOfWork();
  await page.setViewportSize(PHONE);
  await page.goto("/cleaner/sign-in");
  await page.getByLabel("Email").fill(day.mei);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await signInByEmailedLink(page, day.mei, "cleaner.magic_link");
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

  await page.getByRole("button", { name: "Check in" }).click();
  await expect(page.getByRole("status")).toContainText("Checked in");
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
  await page.getByRole("button", { name: "Check out" }).click();
  await expect(page.getByRole("status")).toContainText("Checked out");
  await expectNoAxeViolations(page);

  // The office sees the seat's steps, the problem and the photo on the lead.
  await signInAs("staff");
  await page.goto(`/admin/quotes/${day.quoteId}`);
  const visit = page.getByRole("region", { name: "Job visit" });
  await expect(visit).toContainText("Actual hours");
  await expect(visit).toContainText("Problem: Damage");
  await expect(visit.getByRole("img", { name: "After photo 1" })).toBeVisible();

  // Another cleaner's session: the job page, the photo and every post answer 404.
  const other = await browser.newContext({ viewport: PHONE });
  const tomPage = await other.newPage();
  await tomPage.goto("/cleaner/sign-in");
  await tomPage.getByLabel("Email").fill(day.tom);
  await tomPage.getByRole("button", { name: "Email me a sign-in link" }).click();
  await signInByEmailedLink(tomPage, day.tom, "cleaner.magic_link");
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
