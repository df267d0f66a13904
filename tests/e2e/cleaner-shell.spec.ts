import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { PHONE, signInByEmailedLink } from "./journeys";
import { openServerDatabase } from "./server-database";
import { sydneyDatePlus, sydneyWeekdayPlus } from "./sydney-dates";

// The cleaner's app around the job, on a phone: Today stays readable offline with its banner
// and an action says it needs a connection (docs/decisions/0070-cleaner-time-off-and-working-pattern.md);
// a time-off request reaches the cleaner's profile, where staff approve it.

/**
 * A hired cleaner with one accepted job in Mosman tomorrow, at 3 PM: the next job on Today
 * whatever the hour the test runs (a job today would be over, and gone, after 5 PM Sydney time).
 */
function cleanerWithNextJob() {
  const tag = randomBytes(3).toString("hex");
  const ids = { cleaner: randomUUID(), quote: randomUUID(), booking: randomUUID() };
  const email = `ana.${tag}@example.com`;
  const iso = new Date().toISOString();
  const db = openServerDatabase({ write: true });
  try {
    db.prepare(
      `insert into cleaners (id, name, email, phone, services, availability, languages, specialties,
         status, rating, active_bookings, completed_jobs, has_abn, has_transport, source,
         police_check_expires_on, working_hours, created_at, updated_at)
       values (?, ?, ?, '0491 570 158', '["Residential"]', '["Monday","Friday"]', '["English"]', '[]',
         'available', 4.8, 1, 0, 0, 0, 'admin', '2099-12-31', '08:00-16:00', ?, ?)`,
    ).run(ids.cleaner, `Ana ${tag} Ruiz`, email, iso, iso);
    db.prepare(
      `insert into quotes (id, reference, client_name, client_email, client_phone, service_type,
         space_details, cleaning_level, estimated_hours, cleaners_needed, hourly_rate_cents,
         total_cents, status, lead_status, lead_source, created_at, updated_at)
       values (?, ?, ?, ?, '0412 555 020', 'residential', '{"type":"house","bedrooms":2,"bathrooms":1}',
         'basic', 2, 1, 5000, 10000, 'assigned', 'qualified', 'website', ?, ?)`,
    ).run(ids.quote, `HG-${tag.toUpperCase()}`, `Kit ${tag} Lowe`, `${tag}@example.com`, iso, iso);
    db.prepare(
      `insert into bookings (id, reference, quote_id, scheduled_date, time_slot, address, suburb,
         postcode, status, price_cents, created_at, updated_at)
       values (?, ?, ?, ?, '15:00', '4 Raglan Street', 'Mosman', '2088', 'confirmed', 10000, ?, ?)`,
    ).run(ids.booking, `BK-${tag.toUpperCase()}`, ids.quote, sydneyDatePlus(1), iso, iso);
    db.prepare(
      `insert into assignments (id, quote_id, booking_id, cleaner_id, scheduled_date, time_slot,
         status, response_deadline, token_hash, responded_at, created_at, updated_at)
       values (?, ?, ?, ?, ?, '15:00', 'accepted', ?, ?, ?, ?, ?)`,
    ).run(
      randomUUID(),
      ids.quote,
      ids.booking,
      ids.cleaner,
      sydneyDatePlus(1),
      iso,
      createHash("sha256").update(randomBytes(32)).digest("hex"),
      iso,
      iso,
      iso,
    );
  } finally {
    db.close();
  }
  return { id: ids.cleaner, email, name: `Ana ${tag} Ruiz` };
}

async function signInAsCleaner(page: Page, email: string) {
  await page.goto("/cleaner/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("status")).toContainText("a sign-in link is on its way");
  await signInByEmailedLink(page, email, "cleaner.magic_link");
  await expect(page).toHaveURL(/\/cleaner$/);
}

test("offline, a cleaner still reads their next job under a banner, and an action says it needs a connection", async ({
  page,
  context,
  browserProblems,
}) => {
  // Offline, React Router's route discovery cannot fetch the links' manifest and says so in the
  // console; the page works on from what the service worker kept, which is what is tested here.
  browserProblems.allow(/__manifest|manifest patches/);
  const cleaner = cleanerWithNextJob();
  await page.setViewportSize(PHONE);
  await signInAsCleaner(page, cleaner.email);
  // The worker takes control of the page, then a reload goes through it and keeps Today.
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  await page.reload();
  const next = page.getByRole("region", { name: "Next job" });
  await expect(next.getByRole("article")).toContainText("Mosman");

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "You're offline" })).toContainText(
    "You're offline — showing jobs from",
  );
  await expect(next.getByRole("article")).toContainText("Mosman");
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "You're offline. This needs a connection: try again when you are back online.",
  );
  await expect(page).toHaveURL(/\/cleaner$/);

  // Back online, signing out leaves nothing of the cleaner's jobs in the app's caches.
  await context.setOffline(false);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/cleaner\/sign-in\?signedOut=1$/);
  // The sign-in page may keep the app's scripts again, never a copy of Today.
  expect(await page.evaluate(async () => (await caches.match("/cleaner")) ?? null)).toBeNull();
  expect(await page.evaluate(async () => (await caches.match("/cleaner.data")) ?? null)).toBeNull();
});

test("a cleaner asks for time off and staff approve it on the cleaner's profile", async ({
  page,
  context,
  signInAs,
}) => {
  const cleaner = cleanerWithNextJob();
  const day = sydneyWeekdayPlus(20);
  await page.setViewportSize(PHONE);
  await signInAsCleaner(page, cleaner.email);
  await page
    .getByRole("navigation", { name: "Your app" })
    .getByRole("link", { name: "Availability" })
    .click();
  await expect(page.getByRole("heading", { name: "Availability", level: 1 })).toBeVisible();
  await page.getByLabel("First day off").fill(day);
  await page.getByLabel("Last day off").fill(day);
  await page.getByRole("button", { name: "Ask for time off" }).click();
  await expect(page.getByRole("status")).toContainText("Time off requested");
  await expect(page.getByText("Waiting for the office")).toBeVisible();
  await expectNoAxeViolations(page);

  // Staff's cookie is another cookie: the same browser holds both sessions.
  await signInAs("staff");
  const admin = await context.newPage();
  await admin.goto(`/admin/cleaners/${cleaner.id}`);
  await admin.getByRole("button", { name: /^Approve time off/ }).click();
  await expect(admin.getByText("(requested by the cleaner)")).toHaveCount(0);
  await admin.close();

  await page.reload();
  await expect(page.getByText("Approved", { exact: true })).toBeVisible();
});
