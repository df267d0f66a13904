import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { openServerDatabase } from "./server-database";
import { sydneyWeekdayPlus } from "./sydney-dates";

// The cleaner's app (docs/decisions/0063-cleaner-app-sign-in.md) on a phone: sign in from the
// emailed link, see an open offer counting down, accept it in the app, find it as the next job,
// and sign out. The test writes a cleaner and a booked lead offered to them.

const PHONE = { width: 390, height: 844 };
const SHOTS = "/tmp/cleaner-app-shots";

/** A hired cleaner with one open offer: a booked three-hour job in Mosman, answer within 3 h 20 min. */
function cleanerWithOffer() {
  const tag = randomBytes(3).toString("hex");
  const ids = { cleaner: randomUUID(), quote: randomUUID(), booking: randomUUID() };
  const email = `mei.${tag}@example.com`;
  const at = new Date();
  const iso = at.toISOString();
  const date = sydneyWeekdayPlus(4);
  const db = openServerDatabase({ write: true });
  try {
    db.prepare(
      `insert into cleaners (id, name, email, phone, services, availability, languages, specialties,
         status, rating, active_bookings, completed_jobs, has_abn, has_transport, source,
         police_check_expires_on, created_at, updated_at)
       values (?, ?, ?, '0491 570 157', '["Residential"]', '["Monday"]', '["English"]', '[]',
         'available', 4.9, 0, 0, 0, 0, 'admin', '2099-12-31', ?, ?)`,
    ).run(ids.cleaner, `Mei ${tag} Chen`, email, iso, iso);
    db.prepare(
      `insert into quotes (id, reference, client_name, client_email, client_phone, service_type,
         space_details, cleaning_level, estimated_hours, cleaners_needed, hourly_rate_cents,
         total_cents, status, lead_status, lead_source, created_at, updated_at)
       values (?, ?, ?, ?, '0412 555 019', 'residential', '{"type":"house","bedrooms":3,"bathrooms":2}',
         'deep', 3, 1, 5000, 15000, 'pending', 'qualified', 'website', ?, ?)`,
    ).run(ids.quote, `HG-${tag.toUpperCase()}`, `Ivy ${tag} Park`, `${tag}@example.com`, iso, iso);
    db.prepare(
      `insert into bookings (id, reference, quote_id, scheduled_date, time_slot, address, suburb,
         postcode, status, price_cents, created_at, updated_at)
       values (?, ?, ?, ?, '09:00', '12 Harbour Street', 'Mosman', '2088', 'confirmed', 15000, ?, ?)`,
    ).run(ids.booking, `BK-${tag.toUpperCase()}`, ids.quote, date, iso, iso);
    db.prepare(
      `insert into assignments (id, quote_id, booking_id, cleaner_id, scheduled_date, time_slot,
         status, response_deadline, token_hash, created_at, updated_at)
       values (?, ?, ?, ?, ?, '09:00', 'pending', ?, ?, ?, ?)`,
    ).run(
      randomUUID(),
      ids.quote,
      ids.booking,
      ids.cleaner,
      date,
      new Date(at.getTime() + (3 * 60 + 20) * 60_000).toISOString(),
      createHash("sha256").update(randomBytes(32)).digest("hex"),
      iso,
      iso,
    );
  } finally {
    db.close();
  }
  return { email, firstName: "Mei", client: `Ivy ${tag} Park` };
}

/** The sign-in link in the newest cleaner sign-in email to `email`, from the email outbox. */
function signInLinkFor(email: string) {
  const db = openServerDatabase();
  try {
    const rows = db
      .prepare(
        "select payload from outbox_messages where topic = 'cleaner.magic_link' order by created_at desc",
      )
      .all() as { payload: string }[];
    const mail = rows
      .map((row) => JSON.parse(row.payload) as { to: string; text: string })
      .find((payload) => payload.to === email);
    const url = mail && /https?:\/\/\S+\/cleaner\/sign-in\/verify\?token=[\w-]+/.exec(mail.text);
    return url ? new URL(url[0]) : null;
  } finally {
    db.close();
  }
}

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

test("a cleaner signs in from the emailed link, accepts an offer in the app and finds it as the next job", async ({
  page,
}) => {
  test.slow(); // two sign-ins by emailed link, three axe passes and screenshots at 390 px
  mkdirSync(SHOTS, { recursive: true });
  const cleaner = cleanerWithOffer();
  await page.setViewportSize(PHONE);

  await page.goto("/cleaner");
  await expect(page).toHaveURL(/\/cleaner\/sign-in$/);
  await expect(page.getByRole("heading", { name: "Sign in to your jobs" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Email").fill(cleaner.email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("status")).toContainText("a sign-in link is on its way");
  await page.screenshot({ path: `${SHOTS}/sign-in-390.png`, fullPage: true });

  await expect.poll(() => signInLinkFor(cleaner.email)).not.toBeNull();
  const link = signInLinkFor(cleaner.email)!;
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { name: "Finish signing in" })).toBeVisible();
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page).toHaveURL(/\/cleaner$/);
  await expect(page.getByRole("heading", { name: `Hello, ${cleaner.firstName}` })).toBeVisible();
  const offers = page.getByRole("region", { name: "Offers" });
  const offer = offers.getByRole("article", { name: "Mosman" });
  await expect(offer).toContainText(/Answer within 3 h (19|20) min/);
  await expect(offer).toContainText("9:00 AM – 12:00 PM");
  await expect(page.getByText(cleaner.client)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/offer-390.png`, fullPage: true });

  await offer.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByRole("status")).toContainText("Offer accepted");
  const next = page.getByRole("region", { name: "Next job" });
  await expect(next.getByRole("article")).toContainText("Mosman");
  await expect(next.getByRole("article")).toContainText("3 h on site");
  await expect(next.getByRole("article")).toContainText("Just you");
  await expect(offers).toContainText("No offers waiting for an answer.");
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/today-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/today-1280.png`, fullPage: true });

  // The link worked once: it cannot sign anyone in again.
  await page.goto(link.pathname + link.search);
  await expect(
    page.getByRole("heading", { name: "This sign-in link cannot be used" }),
  ).toBeVisible();

  await page.goto("/cleaner");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/cleaner\/sign-in\?signedOut=1$/);
  await page.goto("/cleaner");
  await expect(page).toHaveURL(/\/cleaner\/sign-in$/);
});

test("the app is installable: its manifest opens /cleaner and names the brand's icons", async ({
  request,
}) => {
  const response = await request.get("/manifest.webmanifest");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = (await response.json()) as {
    start_url: string;
    scope: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    start_url: "/cleaner",
    scope: "/cleaner",
    theme_color: "#101828",
  });
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");
  }
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    "192x192 any",
    "512x512 any",
    "192x192 maskable",
    "512x512 maskable",
  ]);
});
