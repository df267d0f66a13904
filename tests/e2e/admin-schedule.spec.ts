import { randomBytes, randomUUID } from "node:crypto";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { openServerDatabase } from "./server-database";

// The schedule: a week as a grid at 1280 px and a day as a list at 390 px, each job
// with its cleaner or a highlighted "Unassigned", each slot's count of jobs, and a job's details one
// link away. Each test books jobs of its own on a far-off Wednesday no other test uses, in
// suburbs named with its own tag.

type Job = { suburb: string; slot: string; cleaner?: string; paid?: boolean };

/** A random Wednesday between 2040 and 2099, YYYY-MM-DD. */
function farWednesday() {
  const base = new Date(Date.UTC(2040, 0, 4)); // a Wednesday
  const weeks = randomBytes(2).readUInt16BE(0) % 3000;
  return new Date(base.getTime() + weeks * 7 * 86_400_000).toISOString().slice(0, 10);
}

function bookJobs(date: string, jobs: Job[]) {
  const db = openServerDatabase({ write: true });
  const at = new Date().toISOString();
  try {
    return db.transaction(() =>
      jobs.map((job) => {
        const quoteId = randomUUID();
        const bookingId = randomUUID();
        db.prepare(
          `insert into quotes (id, reference, client_name, client_email, client_phone, service_type,
            space_details, cleaning_level, estimated_hours, cleaners_needed, hourly_rate_cents,
            total_cents, status, lead_status, lead_source, created_at, updated_at)
           values (?, ?, ?, 'schedule@example.com', '0412 345 678', 'residential',
            '{"type":"house","bedrooms":3,"bathrooms":2}', 'deep', 5, 1, 5000, 25000,
            'pending_payment', 'qualified', 'website', ?, ?)`,
        ).run(
          quoteId,
          `HG-${randomBytes(4).toString("hex").toUpperCase()}`,
          `Client of ${job.suburb}`,
          at,
          at,
        );
        db.prepare(
          `insert into bookings (id, reference, quote_id, scheduled_date, time_slot, address, suburb,
            postcode, status, price_cents, created_at, updated_at)
           values (?, ?, ?, ?, ?, '1 Main St', ?, '2000', 'confirmed', 25000, ?, ?)`,
        ).run(
          bookingId,
          `BK-${randomBytes(5).toString("hex").toUpperCase()}`,
          quoteId,
          date,
          job.slot,
          job.suburb,
          at,
          at,
        );
        if (job.paid) {
          db.prepare(
            `insert into payments (id, quote_id, booking_id, amount_cents, payment_method, provider,
              status, created_at, updated_at, paid_at)
             values (?, ?, ?, 25000, 'card', 'test', 'paid', ?, ?, ?)`,
          ).run(randomUUID(), quoteId, bookingId, at, at, at);
        }
        if (job.cleaner) {
          const cleanerId = randomUUID();
          db.prepare(
            `insert into cleaners (id, name, email, phone, services, availability, languages,
              specialties, status, source, created_at, updated_at)
             values (?, ?, ?, '0491 570 157', '["Residential"]', '["Wednesday"]', '["English"]',
              '[]', 'available', 'admin', ?, ?)`,
          ).run(cleanerId, job.cleaner, `${cleanerId}@example.com`, at, at);
          db.prepare(
            `insert into assignments (id, quote_id, booking_id, cleaner_id, scheduled_date, time_slot,
              status, response_deadline, token_hash, created_at, updated_at)
             values (?, ?, ?, ?, ?, ?, 'accepted', ?, ?, ?, ?)`,
          ).run(
            randomUUID(),
            quoteId,
            bookingId,
            cleanerId,
            date,
            job.slot,
            at,
            randomUUID(),
            at,
            at,
          );
        }
        return { quoteId, bookingId };
      }),
    )();
  } finally {
    db.close();
  }
}

test.describe("the schedule", () => {
  test("a week at 1280 px: jobs by slot, Unassigned highlighted, a slot's count, details one link away", async ({
    page,
    signInAs,
  }) => {
    const tag = randomBytes(3).toString("hex");
    const date = farWednesday();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs("staff");
    await page.goto(`/admin/schedule?view=week&date=${date}`);
    const [assigned, unassigned] = bookJobs(date, [
      { suburb: `Mosman ${tag}`, slot: "09:00", cleaner: `Mei ${tag}`, paid: true },
      { suburb: `Manly ${tag}`, slot: "13:00" },
      { suburb: `Coogee ${tag} 0`, slot: "09:00" },
      { suburb: `Coogee ${tag} 1`, slot: "09:00" },
    ]);
    await page.reload();

    const grid = page.getByRole("table", { name: /Bookings by time slot/ });
    await expect(grid).toBeVisible();
    const mosman = grid.getByRole("article", { name: `Mosman ${tag}: Residential` });
    await expect(mosman).toContainText(`Cleaner: Mei ${tag}`);
    await expect(mosman).toContainText("Paid");
    await expect(mosman).toContainText("5 h");
    const manly = grid.getByRole("article", { name: `Manly ${tag}: Residential` });
    await expect(manly).toContainText("Unassigned");
    await expect(manly).toContainText("Not paid");
    await expect(manly).toHaveAttribute("data-unassigned", "true");
    await expect(mosman).not.toHaveAttribute("data-unassigned");
    await expect(grid.getByText("3 booked")).toBeVisible();
    await expect(manly.getByRole("link", { name: /^Assign a cleaner/ })).toHaveAttribute(
      "href",
      `/admin/quotes/${unassigned!.quoteId}?assign=1`,
    );
    await expect(mosman.getByRole("link", { name: /^Assign a cleaner/ })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // By keyboard: the job's details link opens its quote details.
    await mosman.getByRole("link", { name: /^Open details: Mosman/ }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/admin/quotes/${assigned!.quoteId}`);
    await expect(
      page.getByRole("heading", { level: 1, name: /Quote details: Client of Mosman/ }),
    ).toBeVisible();
  });

  test("a day at 390 px is a list under the day's heading; previous and next move a day", async ({
    page,
    signInAs,
  }) => {
    const tag = randomBytes(3).toString("hex");
    const date = farWednesday();
    bookJobs(date, [{ suburb: `Bondi ${tag}`, slot: "08:00" }]);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs("staff");
    await page.goto(`/admin/schedule?view=day&date=${date}`);

    await expect(page.getByRole("table")).toBeHidden();
    const day = page.getByRole("region", { name: /^Wednesday/ });
    await expect(day.getByRole("heading", { level: 3, name: /8:00 AM/ })).toBeVisible();
    const job = day.getByRole("article", { name: `Bondi ${tag}: Residential` });
    await expect(job).toContainText("Unassigned");
    await expect(page.getByRole("link", { name: "Day", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Next day" }).click();
    await expect(page.getByRole("region", { name: /^Thursday/ })).toContainText("No bookings");
    await page.getByRole("link", { name: "Previous day" }).click();
    await expect(page.getByRole("article", { name: `Bondi ${tag}: Residential` })).toBeVisible();
    await page.getByRole("link", { name: "Week", exact: true }).click();
    await expect(page).toHaveURL(`/admin/schedule?view=week&date=${date}`);
    await expect(page.getByRole("region", { name: /^Monday/ })).toContainText("No bookings");
    await expect(page.getByRole("article", { name: `Bondi ${tag}: Residential` })).toBeVisible();
  });

  test("a busy slot in the week lists its first five jobs and links the rest to its day", async ({
    page,
    signInAs,
  }) => {
    const tag = randomBytes(3).toString("hex");
    const date = farWednesday();
    bookJobs(
      date,
      Array.from({ length: 7 }, (_, n) => ({ suburb: `Randwick ${tag} ${n}`, slot: "10:00" })),
    );
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs("staff");
    await page.goto(`/admin/schedule?view=week&date=${date}`);

    const grid = page.getByRole("table", { name: /Bookings by time slot/ });
    await expect(grid.getByText("7 booked")).toBeVisible();
    await expect(grid.getByRole("article", { name: new RegExp(`^Randwick ${tag}`) })).toHaveCount(
      5,
    );
    const more = grid.getByRole("link", { name: /^2 more jobs at 10:00 AM on Wed/ });
    await expect(more).toBeVisible();
    await expectNoAxeViolations(page);

    await more.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/admin/schedule?view=day&date=${date}`);
    await expect(page.getByRole("article", { name: new RegExp(`^Randwick ${tag}`) })).toHaveCount(
      7,
    );
    await expect(page.getByRole("link", { name: /more jobs/ })).toHaveCount(0);
  });
});
