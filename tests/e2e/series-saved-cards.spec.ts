import { randomBytes, randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { newTestQuote, signInWithEmailedLink } from "./journeys";
import { openServerDatabase } from "./server-database";
import { sydneyDatePlus, sydneyWeekdayPlus } from "./sydney-dates";

// Saved cards on a regular clean (docs/decisions/0074-saved-cards-and-off-session-charges.md,
// docs/decisions/0093-save-a-card-after-the-first-visit.md): the card is saved on the payment
// success page of the first visit, the next visit is charged once after it is done, and a card
// declined off-session, or one that needs its holder, is settled through the emailed link. Each
// test books its weekly clean through the booking form's post, and completes a visit and runs the
// hourly sweep by writing the server's tables, as the server's worker would find them.

const CHARGE_JOB = "payments.charge_saved_card";

/** A weekly clean booked on the form's post: its first visit's reference, and the customer's email. */
async function bookWeeklyClean(request: APIRequestContext, firstVisit: string) {
  const email = `card.${randomBytes(4).toString("hex")}@example.com`;
  const quote = await newTestQuote(request, { name: "Cara Card", email, phone: "0412 000 777" });
  const booked = await request.post(`/booking?ref=${quote.reference}`, {
    form: {
      date: firstVisit,
      timeSlot: "10:00",
      address: "3 Card Crescent",
      suburb: "Bondi NSW 2026",
      frequency: "weekly",
    },
    maxRedirects: 0,
  });
  expect(booked.status()).toBe(302);
  const location = new URL(booked.headers()["location"]!, "http://localhost");
  return { email, firstRef: location.searchParams.get("ref")! };
}

/**
 * The visit after the first, done yesterday: completed as Complete job or the crew's last
 * check-out leaves it, and dated yesterday, since only a visit dated today or earlier is charged.
 */
function completeNextVisit(firstRef: string) {
  const db = openServerDatabase({ write: true });
  try {
    const next = db
      .prepare(
        `select b.id, b.reference, b.price_cents from series_occurrences o
           join bookings b on b.id = o.booking_id
         where o.series_id = (select o1.series_id from series_occurrences o1
                                join bookings b1 on b1.id = o1.booking_id where b1.reference = ?)
           and b.reference <> ?
         order by o.occurrence_date limit 1`,
      )
      .get(firstRef, firstRef) as { id: string; reference: string; price_cents: number };
    db.prepare(
      "update bookings set status = 'completed', completed_at = ?, scheduled_date = ? where id = ?",
    ).run(new Date().toISOString(), sydneyDatePlus(-1), next.id);
    return next;
  } finally {
    db.close();
  }
}

/** A card saved for the customer of `bookingRef`, as the test provider stores one. */
function saveTestCard(bookingRef: string, token: string, last4: string) {
  const db = openServerDatabase({ write: true });
  try {
    const { customer_id } = db
      .prepare("select customer_id from bookings where reference = ?")
      .get(bookingRef) as { customer_id: string };
    const id = randomUUID();
    db.prepare(
      `insert into saved_cards (id, customer_id, provider, provider_customer_id, payment_method_id,
         brand, last4, exp_month, exp_year, created_at, removed_at)
       values (?, ?, 'test', null, ?, 'visa', ?, 12, 2034, ?, null)`,
    ).run(id, customer_id, `test_pm_${token}_${id}`, last4, new Date().toISOString());
  } finally {
    db.close();
  }
}

/** An outbox job due now, as its schedule would make it: the server's worker runs it. */
function runJobNow(topic: string, payload: object = {}) {
  const id = randomUUID();
  const db = openServerDatabase({ write: true });
  try {
    const at = new Date().toISOString();
    db.prepare(
      `insert into outbox_messages (id, kind, topic, payload, status, next_attempt_at, created_at, updated_at)
       values (?, 'job', ?, ?, 'pending', ?, ?, ?)`,
    ).run(id, topic, JSON.stringify(payload), at, at, at);
  } finally {
    db.close();
  }
  return id;
}

/** The hourly series sweep, which schedules the charge of each completed, unpaid visit. */
const runSeriesSweep = () => runJobNow("recurring.sweep");

function jobStatus(id: string) {
  const db = openServerDatabase();
  try {
    return (
      db.prepare("select status from outbox_messages where id = ?").get(id) as {
        status: string;
      }
    ).status;
  } finally {
    db.close();
  }
}

/** What the visit's card was asked for and what was paid, as the tables hold it. */
function moneyOf(bookingId: string) {
  const db = openServerDatabase();
  try {
    return {
      charges: db
        .prepare("select attempt, status from card_charges where booking_id = ? order by attempt")
        .all(bookingId) as { attempt: number; status: string }[],
      paid: db
        .prepare(
          "select provider, amount_cents from payments where booking_id = ? and status = 'paid'",
        )
        .all(bookingId) as { provider: string; amount_cents: number }[],
    };
  } finally {
    db.close();
  }
}

/** The latest email to `to` whose subject names `reference`, or null. */
function emailAbout(to: string, reference: string) {
  const db = openServerDatabase();
  try {
    const rows = db
      .prepare(
        `select payload from outbox_messages where kind = 'email' and topic = 'payment.saved_card_failed'
         order by created_at desc`,
      )
      .all() as { payload: string }[];
    return (
      rows
        .map((row) => JSON.parse(row.payload) as { to: string; subject: string; text: string })
        .find((mail) => mail.to === to && mail.subject.includes(reference)) ?? null
    );
  } finally {
    db.close();
  }
}

async function payByCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay Now" }).click();
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test("the first visit's card is saved on the success page, and the next visit is charged to it once", async ({
  page,
  request,
}) => {
  test.slow();
  const { email, firstRef } = await bookWeeklyClean(request, sydneyWeekdayPlus(13));

  // The first visit, paid on the payment page; its success page offers to keep a card.
  await page.goto(`/payment?ref=${firstRef}`);
  await payByCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(new RegExp(`/payment-success\\?ref=${firstRef}$`));
  const offer = page.getByRole("region", { name: "Pay later visits automatically" });
  await offer.getByLabel("Test card").selectOption({ label: "4242 4242 4242 4242: paid" });
  await offer.getByRole("button", { name: "Save card for later visits" }).click();
  await expect(offer.getByRole("status")).toHaveText(
    "Later visits are charged to your Visa ending in 4242 after each clean. Change or remove it in your profile.",
  );
  await expectNoAxeViolations(page);

  // The profile shows the card.
  await signInWithEmailedLink(page, "/sign-in?redirectTo=%2Fprofile", email);
  await expect(page).toHaveURL(/\/profile$/);
  const saved = page.getByRole("region", { name: "Saved card" });
  await expect(saved.getByText("Visa ending in 4242")).toBeVisible();
  await expect(saved.getByRole("button", { name: "Remove card" })).toBeVisible();

  // The next visit is done; the sweep charges it. The sweep run again, and the charge job run a
  // second time (a worker's retry), charge nothing more. The jobs are not counted: another test's
  // sweep running at the same moment may schedule this visit's charge too, and by design a job
  // scheduled twice claims the visit's charge once.
  const visit = completeNextVisit(firstRef);
  runSeriesSweep();
  await expect.poll(() => moneyOf(visit.id).charges).toEqual([{ attempt: 1, status: "succeeded" }]);
  const again = [runSeriesSweep(), runJobNow(CHARGE_JOB, { bookingId: visit.id, attempt: 1 })];
  for (const job of again) await expect.poll(() => jobStatus(job)).toBe("delivered");
  expect(moneyOf(visit.id)).toEqual({
    charges: [{ attempt: 1, status: "succeeded" }],
    paid: [{ provider: "test", amount_cents: visit.price_cents }],
  });

  // My Bookings says the visit is paid.
  await page.goto("/bookings");
  const card = page.getByTestId("booking-card").filter({ hasText: visit.reference });
  await expect(card.getByText("Paid", { exact: true })).toBeVisible();
});

for (const scenario of [
  {
    card: "declined off-session",
    token: "tok_chargeCustomerFail",
    last4: "0341",
    status: "declined",
    subject: "Your payment for booking",
    payWith: "4242 4242 4242 4242",
  },
  {
    card: "that needs its holder to confirm",
    token: "tok_authenticationRequired",
    last4: "3184",
    status: "requires_action",
    subject: "Please confirm your payment for booking",
    payWith: "4000 0027 6000 3184",
  },
]) {
  test(`a saved card ${scenario.card} emails a link that pays the visit`, async ({
    page,
    request,
  }) => {
    const first = sydneyWeekdayPlus(scenario.token === "tok_chargeCustomerFail" ? 15 : 17);
    const { email, firstRef } = await bookWeeklyClean(request, first);
    saveTestCard(firstRef, scenario.token, scenario.last4);
    const visit = completeNextVisit(firstRef);
    runSeriesSweep();
    await expect
      .poll(() => moneyOf(visit.id).charges)
      .toEqual([{ attempt: 1, status: scenario.status }]);

    // The customer's email: what happened, and a signed link to pay.
    await expect.poll(() => emailAbout(email, visit.reference)).not.toBeNull();
    const mail = emailAbout(email, visit.reference)!;
    expect(mail.subject).toContain(scenario.subject);
    expect(mail.text).toContain(dollars(visit.price_cents));
    const link = new URL(/https?:\/\/\S+\/pay-link\?t=\S+/.exec(mail.text)![0]);

    // The link opens the visit's payment page without signing in; the card confirms there.
    await page.goto(link.pathname + link.search);
    await expect(page).toHaveURL(new RegExp(`/payment\\?ref=${visit.reference}$`));
    await expect(page.getByTestId("summary-total")).toHaveText(dollars(visit.price_cents));
    await payByCard(page, scenario.payWith);
    await expect(page).toHaveURL(new RegExp(`/payment-success\\?ref=${visit.reference}$`));
    await expect(page.getByTestId("payment-result")).toHaveText(
      `Thank you: ${dollars(visit.price_cents)} paid`,
    );
    expect(moneyOf(visit.id).paid).toEqual([{ provider: "test", amount_cents: visit.price_cents }]);
  });
}
