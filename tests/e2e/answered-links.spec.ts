import { createHash, randomBytes, randomUUID } from "node:crypto";
import { expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";
import { openServerDatabase } from "./server-database";
import { sydneyWeekdayPlus } from "./sydney-dates";

// One-time links answered with JavaScript running: a cleaner's job offer (declined here; the
// accepted path is in admin-assignments.spec.ts) and a staff invitation. Once answered, the page
// asks for nothing that is gone, so the browser logs no 404 or 410 (the fixture fails the test on
// any console error or failed request).

const tag = () => `Al${randomBytes(3).toString("hex")}`;
const hash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A cleaner, a priced lead with a booking, and a pending offer of it whose token we know. */
function addOffer(t: string) {
  const token = randomBytes(32).toString("base64url");
  const [quoteId, cleanerId] = [randomUUID(), randomUUID()];
  const date = sydneyWeekdayPlus(6);
  const at = new Date().toISOString();
  const deadline = new Date(Date.now() + 12 * 60 * 60 * 1000).toISOString();
  const db = openServerDatabase({ write: true });
  try {
    db.prepare(
      `insert into cleaners (id, name, email, phone, services, availability, languages,
         specialties, status, rating, active_bookings, completed_jobs, has_abn, has_transport,
         source, created_at, updated_at)
       values (?, ?, ?, '0491 570 157', '["Residential"]', '["Monday"]', '["English"]', '[]',
         'available', 4.9, 0, 0, 0, 0, 'admin', ?, ?)`,
    ).run(cleanerId, `Cleo ${t}`, `${cleanerId}@example.com`, at, at);
    db.prepare(
      `insert into quotes (id, reference, client_name, client_email, client_phone, service_type,
         space_details, cleaning_level, estimated_hours, cleaners_needed, hourly_rate_cents,
         total_cents, status, lead_status, lead_source, created_at, updated_at)
       values (?, ?, ?, ?, '0412 555 019', 'residential', ?, 'deep', 3, 1, 5000, 15000,
         'pending', 'new', 'website', ?, ?)`,
    ).run(
      quoteId,
      `HG-${randomBytes(4).toString("hex").toUpperCase()}`,
      `Nia ${t}`,
      `nia.${t.toLowerCase()}@example.com`,
      JSON.stringify({ type: "house", bedrooms: 2, address: "Mosman NSW 2088" }),
      at,
      at,
    );
    db.prepare(
      `insert into assignments (id, quote_id, cleaner_id, scheduled_date, time_slot, status,
         response_deadline, token_hash, created_at, updated_at)
       values (?, ?, ?, ?, '10:00', 'pending', ?, ?, ?, ?)`,
    ).run(randomUUID(), quoteId, cleanerId, date, deadline, hash(token), at, at);
  } finally {
    db.close();
  }
  return token;
}

/** An open invitation to the back office, whose token we know. */
function addInvitation(email: string) {
  const token = randomBytes(32).toString("base64url");
  const at = new Date().toISOString();
  const expires = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
  const db = openServerDatabase({ write: true });
  try {
    db.prepare(
      `insert into staff_invitations (id, token_hash, email, role, invited_by, expires_at,
         used_at, created_at)
       values (?, ?, ?, 'staff', null, ?, null, ?)`,
    ).run(randomUUID(), hash(token), email, expires, at);
  } finally {
    db.close();
  }
  return token;
}

test("a declined offer says thanks in the cleaners' frame and asks for nothing gone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const t = tag();
  const token = addOffer(t);
  await gotoReady(page, `/assignments/${token}`);
  await expect(page.getByRole("heading", { level: 1, name: "Job offer" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /chat/i })).toHaveCount(0);

  await page.getByRole("button", { name: "Decline" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Thanks for letting us know" }),
  ).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectNoAxeViolations(page);
});

test("an invitation accepted with JavaScript lands on the dashboard with no 404 on the way", async ({
  page,
}) => {
  const email = `invitee.${tag().toLowerCase()}@example.com`;
  const token = addInvitation(email);
  await gotoReady(page, `/admin/invite/${token}`);
  await expect(page.getByRole("heading", { level: 1, name: "Join the team" })).toBeVisible();
  await page.getByLabel("Your name").fill("Jo Newcomer");
  await page.getByLabel("Password", { exact: true }).fill("a long enough passphrase");
  await page.getByRole("button", { name: "Create account and sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.waitForLoadState("networkidle");
});
