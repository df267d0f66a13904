import path from "node:path";
import type { Page, Request } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { insertBookedQuotes, randomReference } from "../helpers/booked-quotes-sqlite";
import { openServerDatabase, serverDataDir } from "./server-database";

// Paying for a booking with the test provider (docs/product/public-site.md#payment-details,
// docs/decisions/0007-payments-through-a-provider.md): the browser posts only a test token, the booking is paid once, a
// declined card shows the red banner, a reference is the key to its booking, and the Stripe
// webhook refuses what it cannot verify.

/** A booked quote (pending_payment, qualified) and its confirmed booking: $450 for 9 hours. */
function insertBooking() {
  const [booked] = insertBookedQuotes(path.join(serverDataDir(), "app.db"));
  return { ref: booked!.reference, bookingId: booked!.bookingId };
}

function moneyOf(bookingId: string, ref: string) {
  const db = openServerDatabase();
  try {
    return {
      payments: db
        .prepare("select status, provider, amount_cents from payments where booking_id = ?")
        .all(bookingId) as Array<{ status: string; provider: string; amount_cents: number }>,
      transactions: db
        .prepare("select type, amount_cents from transactions where reference_id = ?")
        .all(ref) as Array<{ type: string; amount_cents: number }>,
    };
  } finally {
    db.close();
  }
}

/** The receipt email the payment of a booking queued. */
function receiptOf(bookingId: string) {
  const db = openServerDatabase();
  try {
    const row = db
      .prepare(
        `select o.payload from outbox_messages o join payments p on p.id = o.subject_id
         where o.topic = 'payment.receipt' and p.booking_id = ?`,
      )
      .get(bookingId) as { payload: string };
    return JSON.parse(row.payload) as { subject: string; text: string };
  } finally {
    db.close();
  }
}

async function fillCard(page: Page, card: { number: string; expiry?: string; cvc?: string }) {
  await page.getByLabel("Card number").fill(card.number);
  await page.getByLabel("Expiry (MM/YY)").fill(card.expiry ?? "12/34");
  await page.getByLabel("CVC").fill(card.cvc ?? "123");
}

test("paying with 4242 4242 4242 4242 sends only a test token and leads to payment success", async ({
  page,
}) => {
  const booking = insertBooking();
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request);
  });
  await page.goto(`/payment?ref=${booking.ref}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment details");
  await expect(page.getByTestId("summary-service")).toHaveText("Residential, Deep Clean");
  await expect(page.getByTestId("summary-hours")).toHaveText("9 hours");
  await expect(page.getByTestId("summary-rate")).toHaveText("$50 per cleaner-hour");
  await expect(page.getByTestId("summary-total")).toHaveText("$450.00");
  await expect(page.getByTestId("test-mode-notice")).toContainText("Test mode");
  await expect(page.getByText("Demo mode: test payments and sample data")).toBeVisible();
  await expect(page.getByText("Your payment is secure and encrypted.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back" })).toBeVisible();
  // No card input can be posted by a form: none has a name.
  for (const label of ["Card number", "Expiry (MM/YY)", "CVC"]) {
    await expect(page.getByLabel(label)).not.toHaveAttribute("name");
  }
  await expectNoAxeViolations(page);

  // The browser checks the card first (Luhn, expiry, CVC) and sends nothing while it is wrong.
  await fillCard(page, { number: "4242 4242 4242 4241", expiry: "01/20", cvc: "12" });
  await page.getByRole("button", { name: "Pay Now" }).click();
  await expect(page.getByText("Enter a valid card number")).toBeVisible();
  await expect(page.getByText("This card has expired")).toBeVisible();
  await expect(page.getByText("The CVC is 3 or 4 digits")).toBeVisible();
  await expect(page.getByLabel("Card number")).toBeFocused();
  expect(posts).toEqual([]);

  await fillCard(page, { number: "4242424242424242", expiry: "12/34", cvc: "123" });
  await page.getByRole("button", { name: "Pay Now" }).click();
  await expect(page).toHaveURL(new RegExp(`/payment-success\\?ref=${booking.ref}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment successful");
  await expect(page.getByTestId("payment-result")).toHaveText("Thank you: $450.00 paid");
  await expect(page.getByRole("link", { name: "View My Bookings" })).toHaveAttribute(
    "href",
    `/bookings?ref=${booking.ref}`,
  );
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  // docs/decisions/0054-tax-invoice-receipts-and-one-price.md: the page and the emailed receipt
  // are the booking's tax invoice: its number and date, the ABN and the GST in the total.
  const invoice = page.getByRole("article", { name: "Tax invoice" });
  await expect(invoice).toContainText(/INV-\d{6}/);
  // Any valid ABN: the settings journey changes the business's own.
  await expect(invoice).toContainText(/ABN \d{2} \d{3} \d{3} \d{3}/);
  await expect(invoice.getByRole("row", { name: /GST included in the total/ })).toContainText(
    "$40.91",
  );
  await expect(invoice).toContainText("Paid on");
  await expectNoAxeViolations(page);
  const receipt = receiptOf(booking.bookingId);
  expect(receipt.subject).toMatch(/^Tax invoice INV-\d{6} from .+: paid$/);
  expect(receipt.text).toMatch(/ABN \d{2} \d{3} \d{3} \d{3}/);
  expect(receipt.text).toContain("Total: $450.00, GST included: $40.91.");
  expect(receipt.text).toMatch(/ at \d{1,2}:\d{2} (AM|PM)/);

  // What left the browser: the intent and the token, never the number, expiry or CVC.
  expect(posts).toHaveLength(1);
  const body = posts[0]!.postData() ?? "";
  expect(new URLSearchParams(body).get("token")).toBe("tok_visa");
  expect(body).not.toMatch(/4242|12%2F34|12\/34|123/);

  expect(moneyOf(booking.bookingId, booking.ref)).toEqual({
    payments: [{ status: "paid", provider: "test", amount_cents: 45000 }],
    transactions: [{ type: "payment", amount_cents: 45000 }],
  });
  // Back on the payment page, the booking says it is paid and offers no form.
  await page.goto(`/payment?ref=${booking.ref}`);
  await expect(page.getByRole("heading", { name: "This booking is paid" })).toBeVisible();
  await expect(page.getByLabel("Card number")).toHaveCount(0);
});

test("a declined card shows the red banner and nothing is paid", async ({
  page,
  browserProblems,
}) => {
  // The action answers a declined card with 402 Payment Required, on purpose.
  browserProblems.allow(/POST .*\/payment\.data/);
  const booking = insertBooking();
  await page.goto(`/payment?ref=${booking.ref}`);
  await fillCard(page, { number: "4000 0000 0000 0002" });
  await page.getByRole("button", { name: "Pay Now" }).click();
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await expectNoAxeViolations(page);
  await expect(page).toHaveURL(new RegExp(`/payment\\?ref=${booking.ref}$`));
  await expect(page.getByRole("button", { name: "Pay Now" })).toBeEnabled();
  expect(moneyOf(booking.bookingId, booking.ref)).toEqual({
    payments: [{ status: "pending", provider: "test", amount_cents: 45000 }],
    transactions: [],
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  // Chromium reports the blocked module scripts as failed requests.
  test.beforeEach(({ browserProblems }) => browserProblems.allow(/\/assets\/.+\.js/));

  test("Pay Now works as a plain form: a test card is chosen, its token posted, the result shown", async ({
    page,
    browserProblems,
  }) => {
    // Without a test card, and with a declined one, the page answers 422 and 402, on purpose.
    browserProblems.allow(/status of 4(22|02)/);
    const booking = insertBooking();
    const posts: Request[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request);
    });
    await page.goto(`/payment?ref=${booking.ref}`);
    // The typed card cannot be checked without a script: the page says so and offers choices.
    await expect(page.getByLabel("Card number")).toBeHidden();
    await expect(
      page.getByText("JavaScript is off in your browser, so this page cannot check a typed card."),
    ).toBeVisible();
    const cards = page.getByRole("group", { name: "Test card" });
    const payNow = page.getByRole("button", { name: "Pay Now" });
    await expect(payNow).toBeEnabled();

    await payNow.click();
    await expect(page).toHaveURL(new RegExp(`/payment\\?ref=${booking.ref}$`));
    await expect(cards.getByText("Choose a test card", { exact: true })).toBeVisible();
    await expect(cards).toHaveAccessibleDescription("Choose a test card");

    await cards.getByRole("radio", { name: "4000 0000 0000 0002: declined" }).check();
    await page.getByRole("button", { name: "Pay Now" }).click();
    await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
    await expect(page.getByText("Choose a test card", { exact: true })).toHaveCount(0);

    await page
      .getByRole("group", { name: "Test card" })
      .getByRole("radio", { name: "4242 4242 4242 4242: paid" })
      .check();
    await page.getByRole("button", { name: "Pay Now" }).click();
    await expect(page).toHaveURL(new RegExp(`/payment-success\\?ref=${booking.ref}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment successful");
    await expect(page.getByTestId("payment-result")).toHaveText("Thank you: $450.00 paid");

    // Each post carried the intent and at most a test token: no card number, expiry or CVC.
    expect(posts.map((post) => new URLSearchParams(post.postData() ?? "").get("token"))).toEqual([
      null,
      "tok_chargeDeclined",
      "tok_visa",
    ]);
    for (const post of posts) expect(post.postData()).not.toMatch(/4242|4000/);
    expect(moneyOf(booking.bookingId, booking.ref)).toEqual({
      payments: [{ status: "paid", provider: "test", amount_cents: 45000 }],
      transactions: [{ type: "payment", amount_cents: 45000 }],
    });
  });
});

test("a double Pay Now, and another tab paying at the same time, charge once", async ({
  page,
  context,
}) => {
  const booking = insertBooking();
  const second = await context.newPage();
  for (const tab of [page, second]) {
    await tab.goto(`/payment?ref=${booking.ref}`);
    await fillCard(tab, { number: "4242 4242 4242 4242" });
  }
  const payNow = page.getByRole("button", { name: "Pay Now" });
  await Promise.all([payNow.dblclick(), second.getByRole("button", { name: "Pay Now" }).click()]);
  for (const tab of [page, second]) {
    await expect(tab).toHaveURL(new RegExp(`/payment-success\\?ref=${booking.ref}$`));
  }
  expect(moneyOf(booking.bookingId, booking.ref)).toEqual({
    payments: [{ status: "paid", provider: "test", amount_cents: 45000 }],
    transactions: [{ type: "payment", amount_cents: 45000 }],
  });
});

test("a reference is the key to its booking: a changed one is a 404", async ({ page }) => {
  const mine = insertBooking();
  const response = await page.goto(`/payment?ref=${randomReference()}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText("$450.00")).toHaveCount(0);
  // A card posted for a reference that names no booking pays nothing.
  const posted = await page.request.post(`/payment?ref=${randomReference()}`, {
    form: { intent: "test-card", token: "tok_visa" },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(404);
  expect(moneyOf(mine.bookingId, mine.ref).payments).toEqual([]);
});

test("the Stripe webhook refuses a bad signature with 400", async ({ request }) => {
  const booking = insertBooking();
  const event = JSON.stringify({
    id: "evt_forged",
    object: "event",
    type: "checkout.session.completed",
    data: { object: { id: "cs_forged", payment_status: "paid", amount_total: 45000 } },
  });
  const forged = await request.post("/api/stripe/webhook", {
    data: event,
    headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=forged" },
  });
  expect(forged.status()).toBe(400);
  const unsigned = await request.post("/api/stripe/webhook", {
    data: event,
    headers: { "content-type": "application/json" },
  });
  expect(unsigned.status()).toBe(400);
  expect(moneyOf(booking.bookingId, booking.ref).payments).toEqual([]);
});

test("on a phone the payment page fits the screen, summary first", async ({ page }) => {
  const booking = insertBooking();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/payment?ref=${booking.ref}`);
  await expect(page.getByLabel("Card number")).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  const summary = await page.getByRole("heading", { name: "Order summary" }).boundingBox();
  const card = await page.getByRole("heading", { name: "Card details" }).boundingBox();
  expect(summary!.y).toBeLessThan(card!.y);
});

test("a payment still being confirmed shows so, and the page updates by itself once it is paid", async ({
  page,
}) => {
  const [booked] = insertBookedQuotes(path.join(serverDataDir(), "app.db"));
  await page.goto(`/payment-success?ref=${booked!.reference}`);
  await expect(page.getByTestId("payment-result")).toHaveText("We are confirming your payment");

  // The processor's confirmation arrives (as Stripe's webhook would record it).
  const db = openServerDatabase({ write: true });
  try {
    const at = new Date().toISOString();
    db.prepare(
      `insert into payments (id, quote_id, booking_id, amount_cents, payment_method, provider, status,
         created_at, updated_at, paid_at) values (?, ?, ?, 45000, 'card', 'stripe', 'paid', ?, ?, ?)`,
    ).run(crypto.randomUUID(), booked!.quoteId, booked!.bookingId, at, at, at);
  } finally {
    db.close();
  }
  await expect(page.getByTestId("payment-result")).toHaveText("Thank you: $450.00 paid", {
    timeout: 10_000,
  });
});
