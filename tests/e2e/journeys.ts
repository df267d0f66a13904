import { randomBytes, randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, gotoReady } from "./fixtures";
import { openServerDatabase } from "./server-database";

// Steps several browser tests take the same way: a lead written straight into the tables and the
// leads board opened on it, and a customer's quote, booking and sign-in by the emailed link.
// Each test still names what it checks; these only set the scene.

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

export type TestLead = {
  /** The board column's status ("new" when not given). */
  leadStatus?: string;
  /** A booking of the lead, confirmed unless told; a completed one completes the quote. */
  booking?: { date: string; slot: string; status?: string };
};

/**
 * A priced lead as the quote form leaves one (a 3-hour deep clean of a house in Mosman, $150),
 * named `name` with an email made from it, with its booking when given. Answers the quote's id.
 */
export function insertTestLead(name: string, lead: TestLead = {}) {
  const id = randomUUID();
  const at = new Date().toISOString();
  const db = openServerDatabase({ write: true });
  try {
    db.prepare(
      `insert into quotes (id, reference, client_name, client_email, client_phone, service_type,
         space_details, cleaning_level, estimated_hours, cleaners_needed, hourly_rate_cents,
         total_cents, status, lead_status, lead_source, created_at, updated_at)
       values (?, ?, ?, ?, '0412 555 019', 'residential', ?, 'deep', 3, 1, 5000, 15000, ?, ?,
         'website', ?, ?)`,
    ).run(
      id,
      `HG-${randomBytes(4).toString("hex").toUpperCase()}`,
      name,
      `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
      JSON.stringify({ type: "house", bedrooms: 3, bathrooms: 2, address: "Mosman NSW 2088" }),
      lead.booking?.status === "completed" ? "completed" : "pending",
      lead.leadStatus ?? "new",
      at,
      at,
    );
    if (lead.booking) {
      db.prepare(
        `insert into bookings (id, reference, quote_id, scheduled_date, time_slot, address, suburb,
           postcode, status, price_cents, created_at, updated_at)
         values (?, ?, ?, ?, ?, '12 Harbour Street', 'Mosman', '2088', ?, 15000, ?, ?)`,
      ).run(
        randomUUID(),
        `BK-${randomBytes(4).toString("hex").toUpperCase()}`,
        id,
        lead.booking.date,
        lead.booking.slot,
        lead.booking.status ?? "confirmed",
        at,
        at,
      );
    }
  } finally {
    db.close();
  }
  return id;
}

/** The lead's board status as stored now. */
export function leadStatusOf(id: string) {
  const db = openServerDatabase();
  try {
    const row = db.prepare("select lead_status from quotes where id = ?").get(id) as {
      lead_status: string;
    };
    return row.lead_status;
  } finally {
    db.close();
  }
}

/**
 * Signs a new staff member in and opens the leads board at `viewport`, searched for `search` (the
 * test's own tag, so only its leads show), once the page has settled.
 */
export async function openBoard(
  { page, signInAs }: { page: Page; signInAs: (role: "staff") => Promise<unknown> },
  search: string,
  viewport = DESKTOP,
) {
  await signInAs("staff");
  await page.setViewportSize(viewport);
  await gotoReady(page, `/admin/quotes?view=board&q=${search}`);
}

/** A quote for a deep clean of a 2-bedroom apartment in Bondi, made through the API. */
export async function newTestQuote(
  request: APIRequestContext,
  leadInfo: { name: string; email: string; phone: string },
) {
  const created = await request.post("/api/v1/quotes", {
    data: {
      serviceType: "residential",
      spaceDetails: { type: "apartment", bedrooms: 2, bathrooms: 1, address: "Bondi NSW 2026" },
      cleaningLevel: "deep",
      preferences: { timePreference: "morning" },
      conditions: { dirtLevel: "normal" },
      photosWaived: true,
      leadInfo,
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { reference: string; totalCents: number };
}

/**
 * Books the quote on /booking as a customer does: the date in the calendar (its next month's page
 * when it falls there), a slot by its label ("1:00 PM") and the street. Answers the booking's
 * reference, from the success page it lands on.
 */
export async function bookInCalendar(
  page: Page,
  quoteReference: string,
  choice: { date: string; slot: string; street: string },
) {
  await page.goto(`/booking?ref=${quoteReference}`);
  const day = page.locator(`[data-day="${choice.date}"]:not([data-outside]) button`);
  if (!(await day.isVisible())) await page.getByRole("button", { name: /next month/i }).click();
  await day.click();
  await expect(page.getByText(/^Chosen: /)).toBeVisible();
  await page.getByText(choice.slot).click();
  await page.getByLabel("Street address").fill(choice.street);
  await page.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(page).toHaveURL(/\/booking-success\?ref=BK-/);
  return new URL(page.url()).searchParams.get("ref")!;
}

/** The link of the newest offer emailed to `email`, read from the email outbox, or null. */
export function offerLinkFor(email: string) {
  const db = openServerDatabase();
  try {
    const mail = db
      .prepare(
        `select payload from outbox_messages where topic = 'assignment.offered'
           and payload like ? order by created_at desc limit 1`,
      )
      .get(`%${email}%`) as { payload: string } | undefined;
    const text = mail ? (JSON.parse(mail.payload) as { text: string }).text : "";
    return /https?:\/\/\S+\/assignments\/[\w-]+/.exec(text)?.[0] ?? null;
  } finally {
    db.close();
  }
}

/** The sign-in link of the latest magic-link email to `email`, or null. */
export function magicLinkFor(email: string, topic = "customer.magic_link") {
  const db = openServerDatabase();
  try {
    const rows = db
      .prepare("select payload from outbox_messages where topic = ? order by created_at desc")
      .all(topic) as { payload: string }[];
    for (const row of rows) {
      const mail = JSON.parse(row.payload) as { to: string; text: string };
      if (mail.to === email) {
        return /https?:\/\/\S+\/sign-in\/verify\?\S+/.exec(mail.text)?.[0] ?? null;
      }
    }
    return null;
  } finally {
    db.close();
  }
}

/**
 * Follows the sign-in link emailed to `email` (made just after the answer) and signs in; a
 * cleaner's link comes under the topic "cleaner.magic_link".
 */
export async function signInByEmailedLink(page: Page, email: string, topic?: string) {
  await expect.poll(() => magicLinkFor(email, topic)).toBeTruthy();
  await page.goto(magicLinkFor(email, topic)!);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Asks for a sign-in link on `signInPath` (the customer's "/sign-in" or the cleaner's
 * "/cleaner/sign-in") as `email`, and follows the link that arrives.
 */
export async function signInWithEmailedLink(
  page: Page,
  signInPath: string,
  email: string,
  topic?: string,
) {
  await page.goto(signInPath);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await signInByEmailedLink(page, email, topic);
}
