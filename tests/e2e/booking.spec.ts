import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { newTestQuote } from "./journeys";
import { holdEveryCleaner, openServerDatabase } from "./server-database";
import { sydneyDatePlus, sydneySundayPlus, sydneyWeekdayPlus } from "./sydney-dates";

/** The time slot radios (the form's "How often" radios are another group). */
const slotRadios = (page: Page) =>
  page.getByRole("group", { name: "Time slot" }).getByRole("radio");

// The booking journey (docs/product/public-site.md#booking-page, docs/product/public-site.md#booking-success): a quote made through
// the API is booked on /booking?ref=…, the booking success page shows it, a full slot cannot be
// chosen, and the server refuses today.

/** A deep clean of a 2-bedroom apartment in Bondi, quoted for Mia at `email`. */
const newQuote = (request: APIRequestContext, email: string) =>
  newTestQuote(request, { name: "Mia Booker", email, phone: "0412 000 222" });

const aud = (cents: number) =>
  new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" }).format(cents / 100);

test("a quote is booked with the calendar and a slot, and the success page shows the booking", async ({
  page,
  request,
}) => {
  const { reference, totalCents } = await newQuote(request, "mia.booker@example.com");
  await page.goto(`/booking?ref=${reference}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book your clean");
  await expect(page.getByTestId("booking-total")).toContainText(aud(totalCents));
  await expect(page.getByText("Free cancellation up to 24 hours before your clean.")).toBeVisible();
  await expect(page.getByLabel("Suburb and postcode")).toHaveValue("Bondi NSW 2026");
  await expectNoAxeViolations(page);

  // A date a week ahead, chosen in the calendar (the next month's page when it falls there).
  const date = sydneyWeekdayPlus(8);
  const day = page.locator(`[data-day="${date}"]:not([data-outside]) button`);
  if (!(await day.isVisible())) await page.getByRole("button", { name: /next month/i }).click();
  await day.click();
  await expect(page.getByText(/^Chosen: /)).toBeVisible();
  await page.getByText("9:00 AM").click();
  await page.getByLabel("Street address").fill("12 Campbell Parade");
  await page.getByRole("button", { name: "Confirm Booking" }).click();

  await expect(page).toHaveURL(/\/booking-success\?ref=BK-[A-Z2-7]{26}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your clean is booked");
  await expect(page.getByTestId("booking-time")).toHaveText("9:00 AM");
  await expect(page.getByTestId("booking-address")).toHaveText(
    "12 Campbell Parade, Bondi NSW 2026",
  );
  // A first booking is Bronze: 5% off (docs/decisions/0047-rewards-follow-the-email.md).
  const discount = Math.round(totalCents * 0.05);
  await expect(page.getByTestId("booking-price")).toHaveText(
    `${aud(totalCents - discount)} (${aud(discount)} rewards discount)`,
  );
  const bookingRef = new URL(page.url()).searchParams.get("ref")!;
  await expect(page.getByRole("link", { name: "View My Bookings" })).toHaveAttribute(
    "href",
    `/bookings?ref=${bookingRef}`,
  );
  await expect(page.getByRole("link", { name: "Pay now" })).toHaveAttribute(
    "href",
    `/payment?ref=${bookingRef}`,
  );
  await expectNoAxeViolations(page);

  const db = openServerDatabase();
  try {
    const stored = db
      .prepare(
        `select b.scheduled_date, b.time_slot, q.status, q.lead_status from bookings b
         join quotes q on q.id = b.quote_id where b.reference = ?`,
      )
      .get(bookingRef);
    expect(stored).toEqual({
      scheduled_date: date,
      time_slot: "09:00",
      status: "pending_payment",
      lead_status: "qualified",
    });
  } finally {
    db.close();
  }

  // The quote is booked now: its page says so and leads to sign-in, never to the booking's
  // reference, with or without a post of the form.
  await page.goto(`/booking?ref=${reference}`);
  await expect(page).toHaveURL(new RegExp(`/booking\\?ref=${reference}$`));
  await expect(page.getByRole("heading", { name: "This quote is already booked." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in to My Bookings" })).toHaveAttribute(
    "href",
    "/sign-in?redirectTo=%2Fbookings",
  );
  expect(await page.content()).not.toContain(bookingRef);
  await expectNoAxeViolations(page);
  const posted = await page.request.post(`/booking?ref=${reference}`, {
    form: {
      date: sydneyWeekdayPlus(30),
      timeSlot: "09:00",
      address: "1 Ocean St",
      suburb: "Bondi NSW 2026",
    },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(409);
  expect(await posted.text()).not.toContain(bookingRef);

  // Its quote page says what became of it, and no longer offers to book it.
  await page.goto(`/quote-result?ref=${reference}`);
  await expect(page.getByRole("heading", { name: "Your clean is booked" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Book this clean" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sign in to My Bookings" })).toBeVisible();
});

test("a full slot is shown unavailable and cannot be chosen", async ({ page, request }) => {
  const { reference } = await newQuote(request, "full.slot@example.com");
  const date = sydneyWeekdayPlus(20);
  // Every cleaner is out on another job from 10:00 to 10:30: a clean from 10:00 has no crew.
  holdEveryCleaner(date, "10:00", "10:30");
  await page.goto(`/booking?ref=${reference}&date=${date}`);
  const full = page.getByRole("radio", { name: /10:00 AM/ });
  await expect(full).toBeDisabled();
  await expect(page.locator(`label[for="${await full.getAttribute("id")}"]`)).toContainText(
    "Fully booked",
  );
  await expect(page.getByRole("radio", { name: /11:00 AM/ })).toBeEnabled();
});

test("the server refuses a booking for today, with the message in the red box", async ({
  request,
}) => {
  const { reference } = await newQuote(request, "today@example.com");
  const response = await request.post(`/booking?ref=${reference}`, {
    form: {
      date: sydneyDatePlus(0),
      timeSlot: "09:00",
      address: "1 Test Street",
      suburb: "Bondi NSW 2026",
    },
  });
  expect(response.status()).toBe(422);
  expect(await response.text()).toContain("Please choose a date from tomorrow onwards.");
  const db = openServerDatabase();
  try {
    const count = db
      .prepare(
        `select count(*) as n from bookings b join quotes q on q.id = b.quote_id where q.reference = ?`,
      )
      .get(reference) as { n: number };
    expect(count.n).toBe(0);
  } finally {
    db.close();
  }
});

test("an unknown booking or quote reference goes home", async ({ page }) => {
  await page.goto("/booking?ref=HG-ZZZZZZZZZZ");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/booking-success?ref=BK-AAAAAAAAAAAAAAAAAAAAAAAAAA");
  await expect(page).toHaveURL(/\/$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  // With scripts off, Chromium refuses the module preloads; that is the point, not a defect.
  test.beforeEach(({ browserProblems }) => browserProblems.allow(/\/assets\/.+\.js/));

  test("the booking form still books with the browser's own date field", async ({
    page,
    request,
  }) => {
    const { reference } = await newQuote(request, "no.script@example.com");
    await page.goto(`/booking?ref=${reference}`);
    await page.getByLabel("Date").fill(sydneyWeekdayPlus(30));
    await page.getByText("2:00 PM").click();
    await page.getByLabel("Street address").fill("3 Ocean Street");
    await page.getByRole("button", { name: "Confirm Booking" }).click();
    await expect(page).toHaveURL(/\/booking-success\?ref=BK-/);
    await expect(page.getByTestId("booking-time")).toHaveText("2:00 PM");
  });

  test("a slot that filled meanwhile is refused and then shown unavailable", async ({
    page,
    request,
    browserProblems,
  }) => {
    browserProblems.allow(/status of 409/);
    const { reference } = await newQuote(request, "late.comer@example.com");
    const date = sydneyWeekdayPlus(40);
    await page.goto(`/booking?ref=${reference}`);
    // Every cleaner is taken at 14:00 meanwhile.
    holdEveryCleaner(date, "14:00", "14:30");
    await page.getByLabel("Date").fill(date);
    await page.getByText("2:00 PM").click();
    await page.getByLabel("Street address").fill("5 Late Lane");
    await page.getByRole("button", { name: "Confirm Booking" }).click();
    await expect(
      page
        .getByText("Sorry, that time slot is now fully booked. Please choose another time.")
        .first(),
    ).toBeVisible();
    await expect(page.getByRole("radio", { name: /2:00 PM/ })).toBeDisabled();
    await expect(page.getByLabel("Street address")).toHaveValue("5 Late Lane");
  });
});

/** Adds a closed date to the business profile, as staff would in Settings. */
function closeOn(date: string, label: string) {
  const db = openServerDatabase({ write: true });
  try {
    const row = db.prepare(`select value from settings where key = 'business_profile'`).get() as {
      value: string;
    };
    const profile = JSON.parse(row.value) as { closedDates?: { date: string; label: string }[] };
    profile.closedDates = [...(profile.closedDates ?? []), { date, label }];
    db.prepare(`update settings set value = ? where key = 'business_profile'`).run(
      JSON.stringify(profile),
    );
    // The server keeps the profile under the content version, as a save in Settings bumps it
    // (docs/decisions/0059-durable-writes-near-the-floor.md).
    db.prepare("update content_version set version = version + 1 where id = 1").run();
  } finally {
    db.close();
  }
}

// docs/decisions/0040-business-hours-bound-bookings.md: no slot on a Sunday or a closed date, and
// no start that would run past closing, on a phone and on a desktop.
for (const width of [390, 1280]) {
  test(`at ${width}px a Sunday and a closed date offer no slots, and the server refuses them`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const { reference } = await newQuote(request, `closed.${width}@example.com`);
    const sunday = sydneySundayPlus(width === 390 ? 10 : 17);
    await page.goto(`/booking?ref=${reference}&date=${sunday}`);
    await expect(
      page.getByText("We are closed on Sundays. Please choose another date."),
    ).toBeVisible();
    await expect(slotRadios(page)).toHaveCount(0);
    await expectNoAxeViolations(page);

    const holiday = sydneyWeekdayPlus(width === 390 ? 50 : 60);
    closeOn(holiday, "Staff training day");
    await page.goto(`/booking?ref=${reference}&date=${holiday}`);
    await expect(
      page.getByText(
        "We are closed on that date (Staff training day). Please choose another date.",
      ),
    ).toBeVisible();
    await expect(slotRadios(page)).toHaveCount(0);

    // A weekday offers the 4-hour clean every start up to 2 PM, none later.
    await page.goto(`/booking?ref=${reference}&date=${sydneyWeekdayPlus(25)}`);
    await expect(page.getByRole("radio", { name: /2:00 PM/ })).toBeEnabled();
    await expect(page.getByRole("radio", { name: /3:00 PM|4:00 PM/ })).toHaveCount(0);
    await expectNoAxeViolations(page);

    for (const [date, timeSlot, message] of [
      [sunday, "09:00", "We are closed on Sundays. Please choose another date."],
      [
        sydneyWeekdayPlus(25),
        "16:00",
        "This clean takes about 4 hours, so it must start by 2:00 PM",
      ],
    ] as const) {
      const response = await request.post(`/booking?ref=${reference}`, {
        form: { date, timeSlot, address: "1 Test Street", suburb: "Bondi NSW 2026" },
      });
      expect(response.status()).toBe(422);
      expect(await response.text()).toContain(message);
    }
  });
}

// docs/decisions/0060-crews-and-cleaner-holds.md: a day on which no crew is free for the clean
// shows as unavailable in the calendar, and its slots as fully booked, on a phone and a desktop.
for (const width of [390, 1280]) {
  test(`at ${width}px a day with no free crew cannot be chosen in the calendar`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const { reference } = await newQuote(request, `no.crew.${width}@example.com`);
    const busy = sydneyWeekdayPlus(width === 390 ? 70 : 75);
    const free = sydneyWeekdayPlus(width === 390 ? 80 : 85);
    holdEveryCleaner(busy, "06:00", "20:00");
    // Opened on the busy day's month, the calendar greys it out and keeps another day open.
    await page.goto(`/booking?ref=${reference}&date=${busy}`);
    await expect(
      page.getByText("Days we are closed or fully booked cannot be chosen."),
    ).toBeVisible();
    await expect(page.locator(`[data-day="${busy}"]`)).toHaveAttribute("data-disabled", "true");
    for (const slot of await slotRadios(page).all()) await expect(slot).toBeDisabled();
    await expectNoAxeViolations(page);
    // Turned to another month, the calendar asks for that month's days.
    await page.goto(`/booking?ref=${reference}`);
    // The calendar opens on the month of the earliest date, Sydney's tomorrow.
    const month = sydneyDatePlus(1);
    const monthsAhead =
      (Number(busy.slice(0, 4)) - Number(month.slice(0, 4))) * 12 +
      Number(busy.slice(5, 7)) -
      Number(month.slice(5, 7));
    for (let i = 0; i < monthsAhead; i += 1) {
      await page.getByRole("button", { name: /next month/i }).click();
    }
    await expect(page.locator(`[data-day="${busy}"]`)).toHaveAttribute("data-disabled", "true");
    if (free.slice(0, 7) === busy.slice(0, 7)) {
      await expect(page.locator(`[data-day="${free}"]`)).not.toHaveAttribute("data-disabled");
    }
    const response = await request.post(`/booking?ref=${reference}`, {
      form: { date: busy, timeSlot: "09:00", address: "1 Test Street", suburb: "Bondi NSW 2026" },
    });
    expect(response.status()).toBe(409);
    expect(await response.text()).toContain(
      "Sorry, that time slot is now fully booked. Please choose another time.",
    );
  });
}
