import { randomBytes, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { addDays, sydneyDate, sydneyInstant } from "../../app/lib/sydney-time";
import { newReference } from "../../app/lib/ids";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { magicLinkFor, PHONE } from "./journeys";
import { openServerDatabase } from "./server-database";

// Customer accounts (docs/decisions/0012-real-customer-data.md): sign-in by a magic link read
// from the email outbox, My Bookings with real bookings, a booking opened by its reference,
// another customer's booking out of reach, the profile and its details form, rewards, sign-out.

const SLOTS = ["08:00", "09:00", "10:00", "11:00", "13:00", "14:00", "15:00", "16:00"];
const CHECK_EMAIL =
  /Check your email\. If .+ has a booking with us, a sign-in link is on its way\./;

type Seeded = { id: string; reference: string; quoteId: string };

function addCustomer(email: string, name: string) {
  const db = openServerDatabase({ write: true });
  const id = randomUUID();
  const at = new Date().toISOString();
  db.prepare(
    "insert into customers (id, email, name, phone, created_at, updated_at) values (?, ?, ?, ?, ?, ?)",
  ).run(id, email, name, "0412 345 678", at, at);
  db.close();
  return id;
}

function addBooking(customerId: string, date: string, slot: string, address: string): Seeded {
  const db = openServerDatabase({ write: true });
  const quoteId = randomUUID();
  const id = randomUUID();
  const reference = newReference();
  const at = new Date().toISOString();
  db.prepare(
    `insert into quotes (id, reference, client_name, client_email, client_phone, customer_id,
       service_type, space_details, cleaning_level, estimated_hours, cleaners_needed,
       hourly_rate_cents, total_cents, status, lead_status, lead_source, created_at, updated_at)
     values (?, ?, 'E2E Customer', 'e2e@example.com', null, ?, 'residential', '{}', 'deep', 5.5, 1,
       5000, 27500, 'pending_payment', 'qualified', 'website', ?, ?)`,
  ).run(quoteId, newReference("HQ"), customerId, at, at);
  db.prepare(
    `insert into bookings (id, reference, quote_id, customer_id, scheduled_date, time_slot, address,
       status, price_cents, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, 'confirmed', 27500, ?, ?)`,
  ).run(id, reference, quoteId, customerId, date, slot, address, at, at);
  db.close();
  return { id, reference, quoteId };
}

function addPaidPayment(booking: Seeded, cents: number) {
  const db = openServerDatabase({ write: true });
  const at = new Date().toISOString();
  db.prepare(
    `insert into payments (id, quote_id, booking_id, amount_cents, payment_method, provider, status,
       created_at, updated_at, paid_at) values (?, ?, ?, ?, 'card', 'test', 'paid', ?, ?, ?)`,
  ).run(randomUUID(), booking.quoteId, booking.id, cents, at, at, at);
  db.close();
}

/** A Sydney date and slot between 2 and 23 hours from now: inside the 24-hour window. */
function slotWithinADay() {
  const now = Date.now();
  const today = sydneyDate(new Date());
  for (const date of [today, addDays(today, 1)]) {
    for (const slot of SLOTS) {
      const ahead = sydneyInstant(date, slot).getTime() - now;
      if (ahead > 2 * 3_600_000 && ahead < 23 * 3_600_000) return { date, slot };
    }
  }
  throw new Error("no slot within a day");
}

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

test.describe("customer accounts", () => {
  // One worker, in order: the tests share the customers and bookings seeded once below, which a
  // second worker would seed again.
  test.describe.configure({ mode: "default" });
  const tag = randomBytes(4).toString("hex");
  const olivia = { email: `olivia.${tag}@example.com`, name: "Olivia Brown" };
  const noah = { email: `noah.${tag}@example.com`, name: "Noah Green" };
  let later: Seeded;
  let soon: Seeded;
  let noahs: Seeded;

  test.beforeAll(() => {
    const oliviaId = addCustomer(olivia.email, olivia.name);
    const noahId = addCustomer(noah.email, noah.name);
    const inTenDays = addDays(sydneyDate(new Date()), 10);
    later = addBooking(oliviaId, inTenDays, "14:00", `12 Harbour St ${tag}, Mosman NSW 2088`);
    const within = slotWithinADay();
    soon = addBooking(oliviaId, within.date, within.slot, `3 Soon Rd ${tag}, Manly NSW 2095`);
    noahs = addBooking(noahId, inTenDays, "09:00", `99 Private Ave ${tag}, Bondi NSW 2026`);
    addPaidPayment(later, 27_500);
  });

  test("a customer signs in with the emailed link and sees, and only sees, their own bookings", async ({
    page,
  }) => {
    // One long journey: more than the default 30 seconds on a busy 2-core machine.
    test.slow();

    await page.goto("/bookings");
    await expect(page.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fbookings$/);
    await expectNoAxeViolations(page);

    await page.getByLabel("Email").fill(olivia.email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByRole("status").filter({ hasText: CHECK_EMAIL })).toBeFocused();

    // The link is made just after the answer (the answer reads the same for anyone).
    await expect.poll(() => magicLinkFor(olivia.email)).not.toBeNull();
    const link = magicLinkFor(olivia.email);
    await page.goto(link!);
    await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/bookings$/);

    const cards = page.getByTestId("booking-card");
    await expect(cards).toHaveCount(2);
    const laterCard = cards.filter({ hasText: later.reference });
    await expect(laterCard).toContainText("Residential cleaning");
    await expect(laterCard).toContainText("2:00 PM");
    await expect(laterCard).toContainText(`12 Harbour St ${tag}`);
    await expect(laterCard).toContainText("$275.00");
    await expect(laterCard).toContainText("Confirmed");
    await expect(page.getByText(`99 Private Ave ${tag}`)).toHaveCount(0);

    // Each card says whether it is paid; only the unpaid one offers to pay
    // (docs/decisions/0047-rewards-follow-the-email.md).
    await expect(laterCard.getByText("Paid", { exact: true })).toBeVisible();
    await expect(laterCard.getByRole("link", { name: /Pay now/ })).toHaveCount(0);
    const soonCard = cards.filter({ hasText: soon.reference });
    await expect(soonCard.getByText("Unpaid", { exact: true })).toBeVisible();
    await expect(soonCard.getByRole("link", { name: /Pay now/ })).toHaveAttribute(
      "href",
      `/payment?ref=${soon.reference}`,
    );

    // Inside 24 hours the buttons are off and say why, in words.
    await expect(soonCard.getByRole("button", { name: "Cancel booking" })).toBeDisabled();
    await expect(soonCard.getByRole("button", { name: "Reschedule" })).toBeDisabled();
    await expect(soonCard).toContainText(
      "Changes and cancellations close 24 hours before the clean.",
    );
    await expectNoAxeViolations(page);

    // The cancel dialog asks first; keeping the booking changes nothing.
    await laterCard.getByRole("button", { name: "Cancel booking" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel this booking?" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Keep booking" }).click();
    await expect(dialog).toBeHidden();

    // The reschedule dialog offers a date from tomorrow and the spec's slots.
    await laterCard.getByRole("button", { name: "Reschedule" }).click();
    const reschedule = page.getByRole("dialog", { name: "Reschedule your booking" });
    await expect(reschedule.getByLabel("New time")).toHaveValue("14:00");
    await expect(reschedule.getByLabel("New date")).toHaveAttribute(
      "min",
      addDays(sydneyDate(new Date()), 1),
    );
    // Moving it goes through the booking feature: the card shows the new time.
    await reschedule.getByLabel("New date").fill(addDays(sydneyDate(new Date()), 12));
    await reschedule.getByLabel("New time").selectOption("10:00");
    await reschedule.getByRole("button", { name: "Move my booking" }).click();
    await expect(laterCard).toContainText("Your booking has moved.");
    await expect(laterCard).toContainText("10:00 AM");

    // A link is used once; its page says so with a 410.
    expect((await page.goto(link!))?.status()).toBe(410);
    await expect(
      page.getByRole("heading", { name: "This sign-in link cannot be used" }),
    ).toBeVisible();

    // Another customer's booking is out of reach, by its id or by a guessed reference.
    const response = await page.request.post("/bookings", {
      form: { intent: "cancel", bookingId: noahs.id },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(response.status()).toBe(404);
    const guessed = await page.goto(`/bookings?ref=${newReference()}`);
    expect(guessed?.status()).toBe(404);
    const byId = await page.goto(`/bookings?ref=${noahs.id}`);
    expect(byId?.status()).toBe(404);

    // Rewards: 1 point per dollar paid.
    await page.goto("/subscription#rewards");
    await expect(page.getByTestId("rewards-status")).toContainText("Your rewards: Bronze");
    await expect(page.getByTestId("rewards-status")).toContainText("275 points");
    await expect(page.getByTestId("rewards-status")).toContainText("725 more points to Silver");

    // The profile, its four links, and the details form.
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: olivia.name })).toBeVisible();
    await expect(page.getByText(olivia.email)).toBeVisible();
    await expect(page.getByText(`3 Soon Rd ${tag}`)).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Account" });
    for (const name of ["My Bookings", "Rewards", "Profile details", "Contact us"]) {
      await expect(menu.getByRole("link", { name })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await menu.getByRole("link", { name: "Profile details" }).click();
    await expect(page).toHaveURL(/\/profile\/details$/);
    await page.getByLabel("Phone").fill("12");
    await page.getByRole("button", { name: "Save details" }).click();
    // The message sits beside the field and in the form's summary.
    await expect(page.getByText("Please enter a phone number we can call")).toHaveCount(2);
    await page.getByLabel("Name").fill("Olivia Brown-Smith");
    await page.getByLabel("Phone").fill("0491 570 156");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByText("Your details are saved.")).toBeVisible();
    await expectNoAxeViolations(page);

    // At 390 px every account page fits without sideways scrolling.
    await page.setViewportSize(PHONE);
    for (const path of ["/bookings", "/profile", "/profile/details"]) {
      await page.goto(path);
      await expectNoSidewaysScroll(page);
    }
    await page.goto("/bookings");
    await expect(
      page.getByRole("link", { name: `Pay now for booking ${soon.reference}` }),
    ).toBeVisible();
    await expect(page.getByText("Unpaid", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/profile/details");
    await expect(page.getByLabel("Name")).toHaveValue("Olivia Brown-Smith");

    // Log Out ends the session.
    await page.goto("/profile");
    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(page.getByText("You are signed out.")).toBeVisible();
    await page.goto("/bookings");
    await expect(page.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
  });

  test("before JavaScript loads, signing in and asking to cancel work as plain forms", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/sign-in?redirectTo=%2Fbookings");
      const earlier = magicLinkFor(olivia.email);
      await page.getByLabel("Email").fill(olivia.email);
      await page.getByRole("button", { name: "Email me a sign-in link" }).click();
      await expect(page.getByRole("status").filter({ hasText: CHECK_EMAIL })).toBeVisible();
      // A new link, made just after the answer (an earlier test used the last one).
      await expect.poll(() => magicLinkFor(olivia.email)).not.toBe(earlier);
      await page.goto(magicLinkFor(olivia.email)!);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/bookings$/);

      const card = () => page.getByTestId("booking-card").filter({ hasText: later.reference });
      await card().getByText("Cancel booking").click();
      await card().getByRole("button", { name: "Yes, cancel this booking" }).click();
      await expect(card()).toContainText("This booking was cancelled.");
      // It was paid: the provider refunded it (docs/decisions/0027-lead-lifecycle.md).
      const db = openServerDatabase();
      try {
        const payment = db
          .prepare("select status from payments where booking_id = ?")
          .get(later.id) as { status: string };
        expect(payment.status).toBe("refunded");
      } finally {
        db.close();
      }
    } finally {
      await context.close();
    }
  });

  test("an unknown email gets the same answer and no email", async ({ page }) => {
    const stranger = `stranger.${tag}@example.com`;
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(stranger);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByRole("status").filter({ hasText: CHECK_EMAIL })).toBeVisible();
    expect(magicLinkFor(stranger)).toBeNull();
  });

  test("a booking's reference opens it read-only before sign-in, without its address", async ({
    page,
  }) => {
    const response = await page.goto(`/bookings?ref=${later.reference}`);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    const card = page.getByTestId("booking-card");
    await expect(card).toContainText(later.reference);
    await expect(card).not.toContainText(`12 Harbour St ${tag}`);
    await expect(card.getByText("Sign in to reschedule or cancel this booking.")).toBeVisible();
    await expect(card.getByRole("button")).toHaveText(["Email me a sign-in link"]);
    await expectNoAxeViolations(page);
  });

  test("a visitor finds the account from the header and sees the tiers without points", async ({
    page,
  }) => {
    await page.goto("/about");
    await page.getByRole("banner").getByRole("link", { name: "My account" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();

    await page.goto("/subscription");
    await expect(page.getByTestId("rewards-status")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Sign in to see your points" })).toBeVisible();
  });
});
