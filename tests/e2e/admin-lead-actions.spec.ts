import { randomBytes, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { randomReference } from "../helpers/booked-quotes-sqlite";
import { expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";
import { openServerDatabase } from "./server-database";

// Lead actions (docs/decisions/0033-invoices-and-review-requests.md): staff issue an invoice and see
// it printable and in the outbox; ask for a review, which the client gives through the emailed
// link of a completed job and which arrives verified on the marketing screen; message a client and see it on the
// timeline; complete an assigned job. Each test writes leads of its own, named with a fresh tag.

const tag = () => `Ac${randomBytes(3).toString("hex")}`;

function addLead(name: string, status = "pending") {
  const db = openServerDatabase({ write: true });
  try {
    const id = randomUUID();
    const at = new Date().toISOString();
    db.prepare(
      `insert into quotes (id, reference, client_name, client_email, client_phone, service_type,
        space_details, cleaning_level, estimated_hours, cleaners_needed, hourly_rate_cents,
        total_cents, status, lead_status, lead_source, created_at, updated_at)
       values (?, ?, ?, ?, '0412 345 678', 'residential', '{"type":"house","bedrooms":3}',
        'deep', 4, 1, 5500, 22000, ?, ?, 'website', ?, ?)`,
    ).run(
      id,
      randomReference("HG"),
      name,
      emailOf(name),
      status,
      status === "assigned" || status === "completed" ? "booked" : "new",
      at,
      at,
    );
    return id;
  } finally {
    db.close();
  }
}

const emailOf = (name: string) => `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`;

/** An assigned job: the lead, a cleaner and the offer they accepted. */
function addAssignedJob(name: string) {
  const quoteId = addLead(name, "assigned");
  const cleanerId = randomUUID();
  const at = new Date().toISOString();
  const db = openServerDatabase({ write: true });
  try {
    db.prepare(
      `insert into cleaners (id, name, email, phone, services, availability, languages,
        specialties, status, rating, active_bookings, completed_jobs, source, created_at, updated_at)
       values (?, ?, ?, '0491 570 157', '["Residential"]', '["Monday"]', '["English"]', '[]',
        'active', 4.8, 1, 12, 'admin', ?, ?)`,
    ).run(cleanerId, `Cleaner ${name}`, `${cleanerId}@example.com`, at, at);
    db.prepare(
      `insert into assignments (id, quote_id, booking_id, cleaner_id, scheduled_date, time_slot,
        status, response_deadline, token_hash, responded_at, previous_quote_status, created_by,
        created_at, updated_at)
       values (?, ?, null, ?, '2026-12-01', '09:00', 'accepted', ?, ?, ?, 'pending', null, ?, ?)`,
    ).run(randomUUID(), quoteId, cleanerId, at, randomUUID(), at, at, at);
  } finally {
    db.close();
  }
  return { quoteId, cleanerId };
}

function emailsTo(email: string, topic: string) {
  const db = openServerDatabase();
  try {
    const rows = db
      .prepare("select payload from outbox_messages where topic = ? order by created_at")
      .all(topic) as { payload: string }[];
    return rows
      .map((row) => JSON.parse(row.payload) as { to: string; subject: string; text: string })
      .filter((mail) => mail.to === email);
  } finally {
    db.close();
  }
}

function toasts(page: Page) {
  return page.getByRole("region", { name: "Messages (F8)" });
}

async function openRowMenu(page: Page, name: string, t: string) {
  await gotoReady(page, `/admin/quotes?view=list&q=${t}`);
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
}

test("Invoice issues a numbered tax invoice, shows it printable and emails it", async ({
  page,
  signInAs,
}) => {
  await signInAs("staff");
  const t = tag();
  const name = `Ivy ${t}`;
  addLead(name);

  await openRowMenu(page, name, t);
  await page.getByRole("menuitem", { name: "Invoice" }).click();
  await expect(page).toHaveURL(/\/admin\/invoices\/[\w-]+$/);
  await expect(toasts(page).getByText(/Invoice INV-\d{6} issued and emailed/)).toBeVisible();
  const invoice = page.getByRole("article", { name: "Tax invoice" });
  const number = (await page.getByRole("heading", { level: 1 }).textContent())!.replace(
    "Invoice ",
    "",
  );
  expect(number).toMatch(/^INV-\d{6}$/);
  await expect(invoice).toContainText(/ABN \d{2} \d{3} \d{3} \d{3}/);
  await expect(invoice).toContainText(name);
  await expect(invoice.getByRole("row", { name: /Total \$220\.00/ })).toBeVisible();
  await expect(
    invoice.getByRole("row", { name: /GST included in the total \$20\.00/ }),
  ).toBeVisible();
  await expect(invoice).toContainText("Amount due: $220.00");
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Printed, the admin frame and the buttons stay off the paper.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(page.getByRole("navigation").first()).toBeHidden();
  await page.emulateMedia({ media: "screen" });

  const [mail] = emailsTo(emailOf(name), "invoice.issued");
  expect(mail?.subject).toContain(`Tax invoice ${number}`);
  expect(mail?.text).toContain("GST included: $20.00");

  // Issuing again for the same amount shows the same invoice.
  await openRowMenu(page, name, t);
  await page.getByRole("menuitem", { name: "Invoice" }).click();
  await expect(
    toasts(page).getByText(`Invoice ${number} was already issued for this amount`),
  ).toBeVisible();
  expect(emailsTo(emailOf(name), "invoice.issued")).toHaveLength(1);
});

test("Request review emails a link after the job; the review arrives verified, and the link works once", async ({
  page,
  signInAs,
}) => {
  await signInAs("staff");
  const t = tag();
  const name = `Rae ${t}`;
  // Before the clean, nobody is asked how it went: the menu has no Request review.
  const open = addLead(`Una ${t}`);
  await openRowMenu(page, `Una ${t}`, t);
  await expect(page.getByRole("menuitem", { name: "Message" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Request review" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  const refused = await page.request.post(`/admin/quotes/${open}`, {
    form: { intent: "request-review" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(409);

  addLead(name, "completed");
  await openRowMenu(page, name, t);
  await page.getByRole("menuitem", { name: "Request review" }).click();
  await expect(toasts(page).getByText("Review request emailed")).toBeVisible();
  const [mail] = emailsTo(emailOf(name), "review.requested");
  const path = /\/review\/[\w-]+/.exec(mail?.text ?? "")?.[0];
  expect(path).toBeTruthy();

  // The client, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  const opened = await page.goto(path!);
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "How was your clean?" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("radio", { name: /5 stars/ })).toBeChecked();
  await expect(page.getByLabel("Name shown with your review (optional)")).toHaveValue("Rae");
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Send review" }).click();
  await expect(page.getByLabel("Your review", { exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(page.getByLabel("Your review", { exact: true })).toHaveAccessibleDescription(
    /Tell us how your clean went/,
  );
  await page.getByRole("radio", { name: /4 stars/ }).check();
  await page.getByLabel("Your review", { exact: true }).fill(`Tidy and on time ${t}`);
  await page.getByRole("button", { name: "Send review" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your review" })).toBeVisible();
  // Post/redirect/get: reloading the thanks neither posts again nor says the link is used.
  await expect(page).toHaveURL(/\?sent=1$/);
  expect((await page.reload())?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Thank you for your review" })).toBeVisible();

  const again = await page.goto(path!);
  expect(again?.status()).toBe(410);
  await expect(
    page.getByRole("heading", { name: "This review link has already been used" }),
  ).toBeVisible();
  const tampered = await page.goto(`${path!.slice(0, -3)}xyz`);
  expect(tampered?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This review link is not valid" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/admin/marketing?tab=customer-reviews");
  const row = page
    .getByRole("table", { name: "Customer reviews" })
    .getByRole("row")
    .filter({
      hasText: `Tidy and on time ${t}`,
    });
  await expect(row).toContainText("4 of 5");
  await expect(row).toContainText("Verified");
  await expect(row).not.toContainText("Not verified");
});

test("a review sent without JavaScript lands on the thanks with a 200", async ({
  page,
  signInAs,
  baseURL,
}) => {
  await signInAs("staff");
  const t = tag();
  const name = `Noa ${t}`;
  addLead(name, "completed");
  await openRowMenu(page, name, t);
  await page.getByRole("menuitem", { name: "Request review" }).click();
  await expect(toasts(page).getByText("Review request emailed")).toBeVisible();
  const path = /\/review\/[\w-]+/.exec(
    emailsTo(emailOf(name), "review.requested")[0]?.text ?? "",
  )?.[0];

  // A plain form post, as a browser without JavaScript sends it.
  const sent = await page.request.post(path!, {
    form: { rating: "5", comment: `Spotless ${t}`, displayName: "Noa" },
    headers: { origin: baseURL! },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(303);
  expect(sent.headers()["location"]).toBe(`${path}?sent=1`);
  const thanks = await page.goto(sent.headers()["location"]!);
  expect(thanks?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Thank you for your review" })).toBeVisible();
});

test("Message emails the client and appears on the lead's timeline", async ({ page, signInAs }) => {
  await signInAs("staff");
  const t = tag();
  const name = `Max ${t}`;
  const id = addLead(name);

  await gotoReady(page, `/admin/quotes/${id}`);
  await page.getByRole("button", { name: "Message", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Message ${name}` });
  await expect(dialog.getByLabel("Subject")).toHaveValue(/^About your cleaning quote HG-/);
  await dialog.getByLabel("Subject").fill(`Friday ${t}`);
  await dialog.getByRole("button", { name: "Send message" }).click();
  await expect(dialog.getByLabel("Message")).toHaveAccessibleDescription("Enter a message");
  await expectNoAxeViolations(page);
  await dialog.getByLabel("Message").fill("We can come at 9 on Friday.");
  await dialog.getByRole("button", { name: "Send message" }).click();
  await expect(toasts(page).getByText("Message emailed to the client")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Message sent: Friday ${t}`)).toBeVisible();

  const [mail] = emailsTo(emailOf(name), "lead.message_sent");
  expect(mail).toMatchObject({ subject: `Friday ${t}` });
  expect(mail?.text).toContain("We can come at 9 on Friday.");
});

test("Complete job finishes an assigned job, counts it for the cleaner and asks for a review", async ({
  page,
  signInAs,
}) => {
  await signInAs("staff");
  const t = tag();
  const name = `Joy ${t}`;
  const { quoteId, cleanerId } = addAssignedJob(name);

  await openRowMenu(page, name, t);
  await page.getByRole("menuitem", { name: "Complete job" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Complete the job for ${name}?` });
  await expectNoAxeViolations(page);
  await confirm.getByRole("button", { name: "Complete job" }).click();
  await expect(
    toasts(page).getByText("Job completed; the client was asked for a review"),
  ).toBeVisible();

  await page.goto(`/admin/quotes/${quoteId}`);
  await expect(page.getByText("Job completed", { exact: true })).toBeVisible();
  await expect(page.getByText("Review requested", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Complete job" })).toHaveCount(0);

  const db = openServerDatabase();
  try {
    expect(db.prepare("select status from quotes where id = ?").get(quoteId)).toEqual({
      status: "completed",
    });
    expect(
      db
        .prepare("select completed_jobs, active_bookings from cleaners where id = ?")
        .get(cleanerId),
    ).toEqual({ completed_jobs: 13, active_bookings: 0 });
  } finally {
    db.close();
  }
  expect(emailsTo(emailOf(name), "review.requested")).toHaveLength(1);
});
