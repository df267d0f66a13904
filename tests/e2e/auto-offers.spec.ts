import { randomBytes, randomUUID } from "node:crypto";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { bookInCalendar, DESKTOP, newTestQuote, PHONE, offerLinkFor } from "./journeys";
import { holdEveryCleaner, openServerDatabase } from "./server-database";
import { sydneyWeekdayPlus } from "./sydney-dates";

// docs/decisions/0064-automatic-offers.md: a customer books, and the server's outbox worker
// offers the job to the best free cleaner by email; they decline through the link on their
// phone, and the next cleaner's offer email arrives, with no one at the office lifting a
// finger. Everyone else is held that day, so the test's two cleaners are the only ones free.

const tag = () => `Ao${randomBytes(3).toString("hex")}`;

/** Two cleaners who work every day: the first rated higher, so asked first. */
function addTwoCleaners(t: string) {
  const at = new Date().toISOString();
  const everyDay = JSON.stringify([
    ...["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    ...["Saturday", "Sunday"],
  ]);
  const db = openServerDatabase({ write: true });
  try {
    return [
      [`Ada ${t} Lee`, 5],
      [`Bo ${t} Tran`, 4.9],
    ].map(([name, rating]) => {
      const id = randomUUID();
      db.prepare(
        `insert into cleaners (id, name, email, phone, services, availability, languages,
           specialties, status, rating, active_bookings, completed_jobs, has_abn, has_transport,
           source, police_check_expires_on, created_at, updated_at)
         values (?, ?, ?, '0491 570 158', '["Residential"]', ?, '["English"]', '[]',
           'available', ?, 0, 0, 1, 1, 'admin', '2099-12-31', ?, ?)`,
      ).run(id, name, `${id}@example.com`, everyDay, rating, at, at);
      return { name: String(name), email: `${id}@example.com` };
    });
  } finally {
    db.close();
  }
}

function quoteIdOf(reference: string) {
  const db = openServerDatabase();
  try {
    const row = db.prepare(`select id from quotes where reference = ?`).get(reference) as {
      id: string;
    };
    return row.id;
  } finally {
    db.close();
  }
}

test("a decline moves the offer on to the next cleaner by itself", async ({
  page,
  browser,
  request,
  signInAs,
}) => {
  test.slow();
  const t = tag();
  // A day no other journey books, within the calendar's next page.
  const date = sydneyWeekdayPlus(17);
  holdEveryCleaner(date, "07:00", "18:00");
  const [ada, bo] = addTwoCleaners(t);
  const email = `auto.${t.toLowerCase()}@example.com`;
  const quote = await newTestQuote(request, { name: `Auto ${t}`, email, phone: "0412 555 021" });
  await bookInCalendar(page, quote.reference, { date, slot: "1:00 PM", street: "5 Beach Road" });

  // The worker offers the job to Ada, the best free cleaner; nobody else has been asked.
  await expect.poll(() => offerLinkFor(ada!.email), { timeout: 20_000 }).toMatch(/\/assignments\//);
  expect(offerLinkFor(bo!.email)).toBeNull();
  const phone = await browser.newContext({ viewport: PHONE });
  const adaPage = await phone.newPage();
  await adaPage.goto(offerLinkFor(ada!.email)!);
  await expectNoAxeViolations(adaPage);
  await adaPage.getByRole("button", { name: "Decline" }).click();
  await expect(adaPage.getByText("We will offer this job to someone else.")).toBeVisible();
  await phone.close();

  // Bo's offer email arrives, and its link opens an offer still to answer.
  await expect.poll(() => offerLinkFor(bo!.email), { timeout: 20_000 }).toMatch(/\/assignments\//);
  const boPhone = await browser.newContext({ viewport: PHONE });
  const boPage = await boPhone.newPage();
  await boPage.goto(offerLinkFor(bo!.email)!);
  await expect(boPage.getByRole("button", { name: "Accept" })).toBeVisible();
  await boPhone.close();

  // Staff see who was asked, when, what they answered, and that the chain asked them.
  await signInAs("staff");
  await page.setViewportSize(DESKTOP);
  await page.goto(`/admin/quotes/${quoteIdOf(quote.reference)}`);
  await expect(page.getByText(`${ada!.name}, offered automatically`)).toContainText("Declined");
  await expect(page.getByText(`${bo!.name}, offered automatically`)).toContainText(
    "Waiting for an answer",
  );
});
