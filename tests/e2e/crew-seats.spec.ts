import { randomBytes, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { offerLinkFor } from "./journeys";
import { openServerDatabase } from "./server-database";

// docs/decisions/0060-crews-and-cleaner-holds.md: a job for two cleaners is offered seat by
// seat from the quote details; each cleaner accepts their emailed link on a phone, and the
// details read "1 of 2 cleaners", then "2 of 2 cleaners". The test writes a booking and two
// cleaners of its own, named with a tag no other test uses.

const tag = () => `Cs${randomBytes(3).toString("hex")}`;

/** A Sydney date a week ahead, YYYY-MM-DD (far from the 2-hour deadline cap). */
const weekAhead = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(
    new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
  );

/** Two cleaners who take any job, and a booked 8-hour lead for a crew of two. */
function addCrewJob(t: string, date: string) {
  const at = new Date().toISOString();
  const quoteId = randomUUID();
  const everyDay = JSON.stringify([
    ...["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    ...["Saturday", "Sunday"],
  ]);
  const db = openServerDatabase({ write: true });
  try {
    const cleaners = [`Ada ${t} Lee`, `Bo ${t} Tran`].map((name) => {
      const id = randomUUID();
      db.prepare(
        `insert into cleaners (id, name, email, phone, services, availability, languages,
           specialties, status, rating, active_bookings, completed_jobs, has_abn, has_transport,
           source, police_check_expires_on, created_at, updated_at)
         values (?, ?, ?, '0491 570 158', '["Residential"]', ?, '["English"]', '[]',
           'available', 4.7, 0, 0, 1, 1, 'admin', '2099-12-31', ?, ?)`,
      ).run(id, name, `${id}@example.com`, everyDay, at, at);
      return { name, email: `${id}@example.com` };
    });
    db.prepare(
      `insert into quotes (id, reference, client_name, client_email, client_phone, service_type,
         space_details, cleaning_level, estimated_hours, cleaners_needed, hourly_rate_cents,
         total_cents, status, lead_status, lead_source, created_at, updated_at)
       values (?, ?, ?, ?, '0412 555 020', 'residential', ?, 'deep', 8, 2, 5000, 40000,
         'pending', 'booked', 'website', ?, ?)`,
    ).run(
      quoteId,
      `HG-${randomBytes(4).toString("hex").toUpperCase()}`,
      `Crew ${t}`,
      `crew.${t.toLowerCase()}@example.com`,
      JSON.stringify({ type: "house", bedrooms: 5, bathrooms: 3, address: "Manly NSW 2095" }),
      at,
      at,
    );
    db.prepare(
      `insert into bookings (id, reference, quote_id, scheduled_date, time_slot, address, suburb,
         postcode, status, price_cents, crew_size, created_at, updated_at)
       values (?, ?, ?, ?, '08:00', '3 Ocean Street', 'Manly', '2095', 'confirmed', 40000, 2,
         ?, ?)`,
    ).run(
      randomUUID(),
      `BK-${randomBytes(4).toString("hex").toUpperCase()}`,
      quoteId,
      date,
      at,
      at,
    );
    return { quoteId, cleaners };
  } finally {
    db.close();
  }
}

/** Offers the next open seat to `cleaner` from the quote details' Assign Cleaner panel. */
async function offerNextSeat(page: Page, client: string, cleaner: string) {
  await page.getByRole("button", { name: "Assign Cleaner" }).click();
  const panel = page.getByRole("dialog", { name: `Assign Cleaner: ${client}` });
  await expect(panel.getByLabel("Seat")).toBeVisible();
  await panel.getByRole("radio", { name: new RegExp(cleaner) }).check();
  await panel.getByRole("button", { name: "Assign Cleaner" }).click();
  await expect(panel).toBeHidden();
}

test("a crew of two: each seat is offered and accepted on a phone; the details read 2 of 2", async ({
  page,
  browser,
  signInAs,
}) => {
  // Two offers, two phones and the details three times: a long journey.
  test.slow();
  await signInAs("staff");
  const t = tag();
  const { quoteId, cleaners } = addCrewJob(t, weekAhead());
  const client = `Crew ${t}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/quotes/${quoteId}`);
  const staffing = page.getByTestId("crew-staffing");
  await expect(staffing).toHaveText("0 of 2 cleaners");

  await offerNextSeat(page, client, cleaners[0]!.name);
  await expect(
    page.getByText(`Seat 1: ${cleaners[0]!.name} (waiting for an answer)`),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await offerNextSeat(page, client, cleaners[1]!.name);
  await expect(
    page.getByText(`Seat 2: ${cleaners[1]!.name} (waiting for an answer)`),
  ).toBeVisible();

  for (const [index, cleaner] of cleaners.entries()) {
    await expect.poll(() => offerLinkFor(cleaner.email)).toMatch(/\/assignments\//);
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const offer = await phone.newPage();
    await offer.goto(offerLinkFor(cleaner.email)!);
    // Each cleaner sees their share: 8 hours by two, 4 hours at the $32 pay rate.
    await expect(offer.getByText("$128.00")).toBeVisible();
    await expectNoAxeViolations(offer);
    await offer.getByRole("button", { name: "Accept" }).click();
    await expect(
      offer.getByRole("heading", { level: 1, name: "Thanks, the job is yours" }),
    ).toBeVisible();
    await offer.waitForLoadState("networkidle");
    await phone.close();
    await page.reload();
    await expect(staffing).toHaveText(`${index + 1} of 2 cleaners`);
  }

  await expect(page.getByText(`Seat 2: ${cleaners[1]!.name} (accepted)`)).toBeVisible();
  // Every seat accepted: the job is staffed and Assign Cleaner is gone.
  await expect(page.getByRole("button", { name: "Assign Cleaner" })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
