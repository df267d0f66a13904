import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";
import { insertTestLead, openBoard, PHONE } from "./journeys";
import { insertOfferHold, openServerDatabase } from "./server-database";

// Cleaner assignments (docs/decisions/0013-cleaner-assignments.md): staff offer a job
// from the board and from the details page, the cleaner opens the emailed link (read from the
// email outbox) without signing in and accepts, and the board shows it; an expired offer, a
// reused link and a tampered one are refused with a clear page. Each test writes a lead and a
// cleaner of its own, named with a tag no other test uses.

const tag = () => `As${randomBytes(3).toString("hex")}`;

/** A Sydney date some days ahead, YYYY-MM-DD (well clear of the 2-hour deadline cap). */
function daysAhead(days: number) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(
    new Date(Date.now() + days * 24 * 60 * 60 * 1000),
  );
}

const EVERY_DAY = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** "Sunday" for a YYYY-MM-DD date. */
function weekdayOf(date: string) {
  return EVERY_DAY[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

/**
 * A cleaner who takes any job (every day, any hours, a police check far ahead) unless told
 * otherwise (docs/decisions/0042-who-is-free-for-a-job.md).
 */
function addCleaner(name: string, options: { days?: string[]; policeCheck?: boolean } = {}) {
  const id = randomUUID();
  const at = new Date().toISOString();
  const db = openServerDatabase({ write: true });
  try {
    db.prepare(
      `insert into cleaners (id, name, email, phone, services, availability, languages, specialties,
         status, rating, active_bookings, completed_jobs, has_abn, has_transport, source,
         police_check_expires_on, created_at, updated_at)
       values (?, ?, ?, '0491 570 157', '["Residential","Deep clean"]', ?, '["English"]',
         '[]', 'available', 4.9, 0, 0, 0, 0, 'admin', ?, ?, ?)`,
    ).run(
      id,
      name,
      `${id}@example.com`,
      JSON.stringify(options.days ?? EVERY_DAY),
      options.policeCheck === false ? null : "2099-12-31",
      at,
      at,
    );
  } finally {
    db.close();
  }
  return { id, email: `${id}@example.com` };
}

/** A priced lead in New Leads, or in Booked with a confirmed booking on `booking` when given. */
function addLead(name: string, booking?: { date: string; slot: string }) {
  return insertTestLead(name, { leadStatus: booking ? "booked" : "new", booking });
}

/**
 * An offer written straight into the table, for a link whose token the test knows; on a booked
 * lead it holds the cleaner as the app's offers do.
 */
function addOffer(quoteId: string, cleanerId: string, deadline: Date, date: string, slot: string) {
  const token = randomBytes(32).toString("base64url");
  const at = new Date(deadline.getTime() - 12 * 60 * 60 * 1000).toISOString();
  const id = randomUUID();
  const db = openServerDatabase({ write: true });
  try {
    const booking = db
      .prepare(
        `select b.id, q.estimated_hours from bookings b join quotes q on q.id = b.quote_id
           where b.quote_id = ? and b.status = 'confirmed'`,
      )
      .get(quoteId) as { id: string; estimated_hours: number } | undefined;
    db.prepare(
      `insert into assignments (id, quote_id, booking_id, cleaner_id, scheduled_date, time_slot,
         status, response_deadline, token_hash, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?)`,
    ).run(
      id,
      quoteId,
      booking?.id ?? null,
      cleanerId,
      date,
      slot,
      deadline.toISOString(),
      createHash("sha256").update(token).digest("hex"),
      at,
      at,
    );
    if (booking) {
      const minutesOnSite = Math.round(booking.estimated_hours * 60);
      insertOfferHold(db, {
        cleanerId,
        bookingId: booking.id,
        assignmentId: id,
        date,
        slot,
        minutesOnSite,
      });
    }
  } finally {
    db.close();
  }
  return token;
}

/** The link in the newest job offer emailed to `email`, from the email outbox. */
function offerLink(email: string) {
  const db = openServerDatabase();
  try {
    const rows = db
      .prepare(
        "select payload from outbox_messages where topic = 'assignment.offered' order by created_at desc",
      )
      .all() as { payload: string }[];
    for (const row of rows) {
      const mail = JSON.parse(row.payload) as { to: string; text: string };
      if (mail.to === email)
        return /https?:\/\/\S+\/assignments\/[\w-]+/.exec(mail.text)?.[0] ?? null;
    }
    return null;
  } finally {
    db.close();
  }
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test("staff assign a cleaner from the board; the cleaner accepts by the emailed link; the card updates", async ({
  page,
  browser,
  signInAs,
}) => {
  // Two browsers, the board twice and four axe runs: a long journey.
  test.slow();
  const t = tag();
  const cleaner = addCleaner(`Mei ${t} Chen`);
  addLead(`Ivy ${t}`);
  const date = daysAhead(6);

  await openBoard({ page, signInAs }, t);
  await page.getByRole("button", { name: `Actions for Ivy ${t}` }).click();
  await page.getByRole("menuitem", { name: "Assign Cleaner" }).click();

  const panel = page.getByRole("dialog", { name: `Assign Cleaner: Ivy ${t}` });
  const submit = panel.getByRole("button", { name: "Assign Cleaner" });
  await expect(panel.getByRole("radio", { name: new RegExp(`Mei ${t} Chen`) })).toBeVisible();
  await expect(submit).toBeDisabled();
  await panel.getByLabel("Date", { exact: true }).fill(date);
  await panel.getByLabel("Time", { exact: true }).selectOption({ label: "10:00 AM" });
  await expect(submit).toBeDisabled();
  const choice = panel.getByRole("radio", { name: new RegExp(`Mei ${t} Chen`) });
  await expect(panel.getByText("Free at that time").first()).toBeVisible();
  await choice.check();
  await expect(submit).toBeEnabled();
  await expectNoAxeViolations(page);
  await submit.click();

  await expect(panel).toBeHidden();
  const card = page.getByRole("article", { name: `Ivy ${t}` });
  await expect(
    card.getByText(`Pending Response: Mei ${t} Chen · Expires`, { exact: false }),
  ).toBeVisible();
  await expect(card.getByText("Crew: No cleaner yet")).toBeVisible();

  // The cleaner, on a phone and not signed in, opens the link from the email.
  await expect.poll(() => offerLink(cleaner.email)).toMatch(/\/assignments\//);
  const link = offerLink(cleaner.email)!;
  const phone = await browser.newContext({ viewport: PHONE });
  const offer = await phone.newPage();
  const opened = await offer.goto(link);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(offer.getByRole("heading", { level: 1, name: "Job offer" })).toBeVisible();
  // The cleaners' plain frame: the business's name, no marketing navigation, footer or chat.
  await expect(offer.getByRole("link", { name: "Harbour & Gold Cleaning" })).toBeVisible();
  await expect(offer.getByRole("navigation")).toHaveCount(0);
  await expect(offer.getByRole("contentinfo")).toHaveCount(0);
  await expect(offer.getByText(/chat with us/i)).toHaveCount(0);
  await expect(offer.getByText("Mosman NSW 2088", { exact: true })).toBeVisible();
  await expect(offer.getByText("$96.00")).toBeVisible(); // 3 hours at the $32 pay rate
  await expect(offer.getByText(`Ivy ${t}`)).toHaveCount(0);
  await expect(offer.getByText("0412 555 019")).toHaveCount(0);
  await expectNoSidewaysScroll(offer);
  await expectNoAxeViolations(offer);

  await offer.getByRole("button", { name: "Accept" }).click();
  await expect(
    offer.getByRole("heading", { level: 1, name: "Thanks, the job is yours" }),
  ).toBeVisible();
  await expect(offer.getByText(`Ivy ${t}`)).toBeVisible();
  await expect(offer.getByText("0412 555 019")).toBeVisible();
  await expectNoAxeViolations(offer);
  // The answered page stays as the answer left it: nothing reloads the used link (which answers
  // 410, and would be a console error) until the cleaner opens it again.
  await offer.waitForLoadState("networkidle");

  // Reused: the link answers once.
  const reused = await offer.goto(link);
  expect(reused?.status()).toBe(410);
  await expect(
    offer.getByRole("heading", { level: 1, name: "This offer has already been answered" }),
  ).toBeVisible();
  // Tampered: a changed token was never issued.
  const tampered = await offer.goto(`${link.slice(0, -2)}${link.endsWith("AA") ? "BB" : "AA"}`);
  expect(tampered?.status()).toBe(404);
  await expect(
    offer.getByRole("heading", { level: 1, name: "We could not find this job offer" }),
  ).toBeVisible();
  await expectNoAxeViolations(offer);
  await phone.close();

  // Back on the board: the card shows the accepted offer, in Booked.
  await page.reload();
  const booked = page.getByRole("region", { name: "Booked" });
  await expect(
    booked.getByRole("article", { name: `Ivy ${t}` }).getByText(`Crew: Mei ${t} Chen`),
  ).toBeVisible();
});

test("the details page opens the panel with ?assign=1, prefilled from the booking, and refuses an overlapping cleaner", async ({
  page,
  signInAs,
  browserProblems,
}) => {
  // The refused save answers 422, as an API caller would see it.
  browserProblems.allow(/\/admin\/assign-cleaner/);
  await signInAs("staff");
  const t = tag();
  const date = daysAhead(7);
  const busy = addCleaner(`Bo ${t} Busy`);
  const free = addCleaner(`Fay ${t} Free`);
  const earlier = addLead(`Ada ${t}`, { date, slot: "09:00" });
  addOffer(earlier, busy.id, new Date(Date.now() + 6 * 60 * 60 * 1000), date, "09:00");
  const id = addLead(`Cy ${t}`, { date, slot: "10:00" });

  await page.setViewportSize(PHONE);
  await page.goto(`/admin/quotes/${id}?assign=1`);
  const panel = page.getByRole("dialog", { name: `Assign Cleaner: Cy ${t}` });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel("Date", { exact: true })).toHaveValue(date);
  await expect(panel.getByLabel("Time", { exact: true })).toHaveValue("10:00");
  const busyChoice = panel.getByRole("radio", { name: new RegExp(`Bo ${t} Busy`) });
  await expect(panel.locator("label").filter({ hasText: `Bo ${t} Busy` })).toContainText(
    "On another job 09:00–12:00",
  );
  await expectNoAxeViolations(page);

  await busyChoice.check();
  await panel.getByRole("button", { name: "Assign Cleaner" }).click();
  await expect(
    panel.getByText(
      "This cleaner cannot take this job: On another job 09:00–12:00. Choose another cleaner or time.",
    ),
  ).toBeVisible();

  await panel.getByRole("radio", { name: new RegExp(`Fay ${t} Free`) }).check();
  await panel.getByRole("button", { name: "Assign Cleaner" }).click();
  await expect(panel).toBeHidden();
  await expect(
    page.getByText(new RegExp(`Offered to Fay ${t} Free .*: Pending Response`)),
  ).toBeVisible();
  await expect.poll(() => offerLink(free.email)).toMatch(/\/assignments\//);
});

test("the panel says why a cleaner is not free, and refuses one without a police check", async ({
  page,
  signInAs,
  browserProblems,
}) => {
  // The refused save answers 422, as an API caller would see it.
  browserProblems.allow(/\/admin\/assign-cleaner/);
  await signInAs("staff");
  const t = tag();
  const date = daysAhead(8);
  const weekday = weekdayOf(date);
  addCleaner(`Di ${t} Dayoff`, { days: EVERY_DAY.filter((day) => day !== weekday) });
  addCleaner(`Ned ${t} Nocheck`, { policeCheck: false });
  const id = addLead(`Ru ${t}`, { date, slot: "09:00" });

  await page.goto(`/admin/quotes/${id}?assign=1`);
  const panel = page.getByRole("dialog", { name: `Assign Cleaner: Ru ${t}` });
  const choice = (name: string) => panel.locator("label").filter({ hasText: name });
  await expect(choice(`Di ${t} Dayoff`)).toContainText(`Not working ${weekday}s`);
  await expect(choice(`Ned ${t} Nocheck`)).toContainText("No police check on record");
  await expectNoAxeViolations(page);

  await panel.getByRole("radio", { name: new RegExp(`Ned ${t} Nocheck`) }).check();
  await panel.getByRole("button", { name: "Assign Cleaner" }).click();
  await expect(
    panel.getByText(
      "This cleaner cannot take this job: No police check on record. Choose another cleaner or time.",
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test("an expired offer's page says so, with 410 and no job details", async ({ page }) => {
  const t = tag();
  const cleaner = addCleaner(`Ed ${t} Late`);
  const date = daysAhead(5);
  const quote = addLead(`Lu ${t}`, { date, slot: "13:00" });
  const token = addOffer(quote, cleaner.id, new Date(Date.now() - 60 * 60 * 1000), date, "13:00");

  await page.setViewportSize(PHONE);
  const response = await page.goto(`/assignments/${token}`);
  expect(response?.status()).toBe(410);
  await expect(
    page.getByRole("heading", { level: 1, name: "This offer has expired" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await expect(page.getByText("Mosman")).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // Posting an answer anyway is refused the same way.
  const post = await page.request.post(`/assignments/${token}`, {
    form: { answer: "accept" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(post.status()).toBe(410);
});

test("the quote details dialog on the list opens the panel, and Cancel returns to it", async ({
  page,
  signInAs,
}) => {
  await signInAs("staff");
  const t = tag();
  addLead(`Ned ${t}`);
  await gotoReady(page, `/admin/quotes?view=list&q=${t}`);
  await page.getByRole("button", { name: `Ned ${t}`, exact: true }).click();
  const details = page.getByRole("dialog", { name: `Quote details: Ned ${t}` });
  await details.getByRole("button", { name: "Assign Cleaner" }).click();
  const panel = page.getByRole("dialog", { name: `Assign Cleaner: Ned ${t}` });
  await expect(panel.getByRole("button", { name: "Assign Cleaner" })).toBeDisabled();
  await expectNoAxeViolations(page);
  await panel.getByRole("button", { name: "Cancel" }).click();
  await expect(panel).toBeHidden();
  await expect(details).toBeVisible();
  await expect(details.getByRole("button", { name: "Assign Cleaner" })).toBeFocused();
});
