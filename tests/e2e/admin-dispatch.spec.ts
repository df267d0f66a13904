import { randomBytes, randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { insertOfferHold, openServerDatabase } from "./server-database";

// The dispatch board: a job dragged from "Needs cleaners" onto a free cleaner is offered to them
// (the offer email waits in the outbox, the row says "Offered"); while a job is dragged, a
// cleaner who cannot take it says why, and a drop on them is refused with the rule's words; the
// Offer to… menu does the same from the keyboard; at 390 px the board is a list. Each test books
// jobs of its own on a random weekday within the year (offers go no further) and adds cleaners
// whose names start "Aaa", so they sort to the top of the rows, tagged with the test's own tag.

const EVERY_DAY = '["Monday","Tuesday","Wednesday","Thursday","Friday","Saturday","Sunday"]';

/** A random Wednesday 60 to 340 days ahead, YYYY-MM-DD. */
function dateAhead() {
  const day = new Date(Date.now() + (60 + (randomBytes(2).readUInt16BE(0) % 280)) * 86_400_000);
  day.setUTCDate(day.getUTCDate() + ((3 - day.getUTCDay() + 7) % 7));
  return day.toISOString().slice(0, 10);
}

type Seed = {
  cleaners: { name: string; status?: string }[];
  jobs: { suburb: string; slot: string; crew?: number; acceptedBy?: string }[];
};

/** Cleaners and booked jobs on `date`, written to the server's database; their ids by name. */
function seed(date: string, { cleaners, jobs }: Seed) {
  const db = openServerDatabase({ write: true });
  const at = new Date().toISOString();
  const ids = new Map<string, string>();
  try {
    db.transaction(() => {
      for (const cleaner of cleaners) {
        const id = randomUUID();
        ids.set(cleaner.name, id);
        db.prepare(
          `insert into cleaners (id, name, email, phone, services, availability, languages,
            specialties, status, source, police_check_expires_on, created_at, updated_at)
           values (?, ?, ?, '0491 570 157', '["Residential"]', ?, '["English"]', '[]', ?, 'admin',
            '2099-12-31', ?, ?)`,
        ).run(
          id,
          cleaner.name,
          `${id}@example.com`,
          EVERY_DAY,
          cleaner.status ?? "available",
          at,
          at,
        );
      }
      for (const job of jobs) {
        const quoteId = randomUUID();
        const bookingId = randomUUID();
        const crew = job.crew ?? 1;
        db.prepare(
          `insert into quotes (id, reference, client_name, client_email, client_phone, service_type,
            space_details, cleaning_level, estimated_hours, cleaners_needed, hourly_rate_cents,
            total_cents, status, lead_status, lead_source, created_at, updated_at)
           values (?, ?, ?, 'dispatch@example.com', '0412 345 678', 'residential',
            '{"type":"house","bedrooms":3,"bathrooms":2}', 'deep', ?, ?, 5000, 15000,
            'pending_payment', 'qualified', 'website', ?, ?)`,
        ).run(
          quoteId,
          `HG-${randomBytes(4).toString("hex").toUpperCase()}`,
          `Client of ${job.suburb}`,
          3 * crew,
          crew,
          at,
          at,
        );
        db.prepare(
          `insert into bookings (id, reference, quote_id, scheduled_date, time_slot, address, suburb,
            postcode, status, price_cents, crew_size, created_at, updated_at)
           values (?, ?, ?, ?, ?, '1 Main St', ?, '2000', 'confirmed', 15000, ?, ?, ?)`,
        ).run(
          bookingId,
          `BK-${randomBytes(5).toString("hex").toUpperCase()}`,
          quoteId,
          date,
          job.slot,
          job.suburb,
          crew,
          at,
          at,
        );
        if (job.acceptedBy) {
          const assignmentId = randomUUID();
          db.prepare(
            `insert into assignments (id, quote_id, booking_id, cleaner_id, scheduled_date,
              time_slot, status, response_deadline, token_hash, created_at, updated_at)
             values (?, ?, ?, ?, ?, ?, 'accepted', ?, ?, ?, ?)`,
          ).run(
            assignmentId,
            quoteId,
            bookingId,
            ids.get(job.acceptedBy)!,
            date,
            job.slot,
            at,
            randomUUID(),
            at,
            at,
          );
          // Its hold, as every accepted offer has (docs/decisions/0060-crews-and-cleaner-holds.md).
          insertOfferHold(db, {
            cleanerId: ids.get(job.acceptedBy)!,
            bookingId,
            assignmentId,
            date,
            slot: job.slot,
            minutesOnSite: 3 * 60, // 3 hours a cleaner: the quote above
          });
        }
      }
    })();
    return ids;
  } finally {
    db.close();
  }
}

/** Whether an offer email to the cleaner waits in the outbox. */
function offerEmailed(cleanerId: string) {
  const db = openServerDatabase();
  try {
    const rows = db
      .prepare("select payload from outbox_messages where topic = 'assignment.offered'")
      .all() as { payload: string }[];
    return rows.some((row) => (JSON.parse(row.payload) as { to: string }).to.startsWith(cleanerId));
  } finally {
    db.close();
  }
}

const board = (page: Page) => page.getByTestId("dispatch-board");
const row = (page: Page, name: string) => board(page).getByRole("listitem", { name });
const laneCard = (page: Page, suburb: string) =>
  board(page)
    .getByRole("region", { name: /Needs cleaners/ })
    .getByRole("article", { name: new RegExp(`^${suburb}:`) });

/** Drags with the mouse from the handle onto the target, in steps as a hand would. */
async function drag(page: Page, handle: Locator, target: Locator, before?: () => Promise<void>) {
  const from = (await handle.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + 30, { steps: 5 });
  const to = (await target.boundingBox())!;
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  if (before) await before();
  await page.mouse.up();
}

test.describe("the dispatch board", () => {
  test("a job dragged onto a free cleaner is offered to them, and the crew counts it", async ({
    page,
    signInAs,
  }) => {
    const tag = randomBytes(3).toString("hex");
    const date = dateAhead();
    const free = `Aaa Free ${tag}`;
    const suspended = `Aaa Suspended ${tag}`;
    const ids = seed(date, {
      cleaners: [{ name: free }, { name: suspended, status: "suspended" }],
      jobs: [{ suburb: `Bondi ${tag}`, slot: "09:00", crew: 2 }],
    });
    await page.setViewportSize({ width: 1280, height: 1400 });
    await signInAs("staff");
    await page.goto(`/admin/dispatch?view=week&date=${date}`);
    await expect(page.getByRole("heading", { level: 1, name: "Dispatch" })).toBeVisible();
    const card = laneCard(page, `Bondi ${tag}`);
    await expect(card).toContainText("9:00 AM – 12:00 PM");
    await expect(card).toContainText("0 of 2 cleaners");
    await expect(card.getByRole("link", { name: /^Lead/ })).toHaveAttribute(
      "href",
      /^\/admin\/quotes\//,
    );
    // Staff see no pay figures: no hours booked.
    await expect(page.getByTestId("week-hours")).toHaveCount(0);
    await expectNoAxeViolations(page);

    await drag(page, card.getByRole("button", { name: /^Drag Bondi/ }), row(page, free));
    // A crew's offer names its seat (docs/decisions/0060-crews-and-cleaner-holds.md).
    await expect(page.getByRole("status").filter({ hasText: "offered to" })).toHaveText(
      `Seat 1 of 2 offered to ${free}. They have been emailed a link to answer.`,
    );
    const offered = row(page, free).getByRole("article", { name: new RegExp(`^Bondi ${tag}:`) });
    await expect(offered).toContainText("Offered");
    await expect(laneCard(page, `Bondi ${tag}`)).toContainText("0 of 2 cleaners, 1 offered");
    expect(offerEmailed(ids.get(free)!)).toBe(true);
    // A suspended cleaner is greyed and takes no drop.
    await expect(row(page, suspended)).toContainText("Suspended");
    await expect(row(page, suspended)).toHaveAttribute("data-suspended", "true");
    await expectNoAxeViolations(page);
  });

  test("a cleaner on another job says so while a job is dragged, and the drop is refused", async ({
    page,
    signInAs,
    browserProblems,
  }) => {
    browserProblems.allow(/\/admin\/dispatch/);
    const tag = randomBytes(3).toString("hex");
    const date = dateAhead();
    const busy = `Aaa Booked ${tag}`;
    seed(date, {
      cleaners: [{ name: busy }],
      jobs: [
        { suburb: `Manly ${tag}`, slot: "09:00", acceptedBy: busy },
        { suburb: `Coogee ${tag}`, slot: "10:00" },
      ],
    });
    await page.setViewportSize({ width: 1280, height: 1400 });
    await signInAs("owner");
    await page.goto(`/admin/dispatch?view=week&date=${date}`);
    // Owners see each cleaner's booked hours for the week.
    await expect(row(page, busy).getByTestId("week-hours")).toHaveText("3 hours booked this week");
    await expect(row(page, busy).getByRole("article")).toContainText("Confirmed");
    const card = laneCard(page, `Coogee ${tag}`);
    await drag(page, card.getByRole("button", { name: /^Drag Coogee/ }), row(page, busy), () =>
      expect(row(page, busy)).toContainText("Cannot take it: On another job 09:00–12:00"),
    );
    await expect(page.getByRole("alert").filter({ hasText: "cannot take" })).toHaveText(
      "This cleaner cannot take this job: On another job 09:00–12:00. Choose another cleaner or time.",
    );
    await expect(laneCard(page, `Coogee ${tag}`)).toContainText("0 of 1 cleaner");
  });

  test("Offer to… from the keyboard: free cleaners first, the others disabled with the reason", async ({
    page,
    signInAs,
  }) => {
    const tag = randomBytes(3).toString("hex");
    const date = dateAhead();
    const free = `Aaa Free ${tag}`;
    const busy = `Aaa Booked ${tag}`;
    seed(date, {
      cleaners: [{ name: free }, { name: busy }],
      jobs: [
        { suburb: `Manly ${tag}`, slot: "09:00", acceptedBy: busy },
        { suburb: `Coogee ${tag}`, slot: "10:00" },
      ],
    });
    await page.setViewportSize({ width: 1280, height: 1000 });
    await signInAs("staff");
    await page.goto(`/admin/dispatch?view=day&date=${date}`);
    const trigger = laneCard(page, `Coogee ${tag}`).getByRole("button", { name: /^Offer to…/ });
    await expectNoAxeViolations(page);
    await trigger.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    const busyItem = menu.getByRole("menuitem", { name: new RegExp(busy) });
    await expect(busyItem).toHaveAttribute("aria-disabled", "true");
    await expect(busyItem).toContainText("On another job 09:00–12:00");
    const freeItem = menu.getByRole("menuitem", { name: new RegExp(free) });
    await expect(freeItem).not.toHaveAttribute("aria-disabled");
    const names = await menu.getByRole("menuitem").allTextContents();
    expect(names.findIndex((n) => n.includes(free))).toBeLessThan(
      names.findIndex((n) => n.includes(busy)),
    );
    await freeItem.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Job offered to" })).toHaveText(
      `Job offered to ${free}. They have been emailed a link to answer.`,
    );
    await expect(
      row(page, free).getByRole("article", { name: new RegExp(`^Coogee ${tag}:`) }),
    ).toContainText("Offered");
  });

  test("at 390 px the board is a list: jobs needing cleaners first, then each cleaner", async ({
    page,
    signInAs,
  }) => {
    const tag = randomBytes(3).toString("hex");
    const date = dateAhead();
    const free = `Aaa Free ${tag}`;
    seed(date, {
      cleaners: [{ name: free }],
      jobs: [{ suburb: `Bondi ${tag}`, slot: "09:00" }],
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs("staff");
    await page.goto(`/admin/dispatch?view=day&date=${date}`);
    await expect(page.getByTestId("dispatch-board")).toBeHidden();
    const headings = page.getByRole("main").getByRole("heading", { level: 2 });
    await expect(headings.first()).toHaveText(/^Needs cleaners/);
    const card = page.getByRole("article", { name: new RegExp(`^Bondi ${tag}:`) });
    await expect(card).toContainText("0 of 1 cleaner");
    await card.getByRole("button", { name: /^Offer to…/ }).click();
    await page.getByRole("menuitem", { name: new RegExp(free) }).click();
    await expect(page.getByRole("status").filter({ hasText: "Job offered to" })).toBeVisible();
    const cleaner = page.getByRole("listitem", { name: free });
    await expect(cleaner.getByRole("article")).toContainText("Offered");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
});
