import { randomUUID } from "node:crypto";
import { expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";
import { openServerDatabase } from "./server-database";

// docs/decisions/0056-application-outcomes-and-documents.md: an owner declines an
// application with a reason (the applicant is emailed), keeps a note on it and attaches a
// document, which downloads through the guarded route; at a phone's width and a desk's.

function seedApplicant(name: string) {
  const db = openServerDatabase({ write: true });
  const id = randomUUID();
  const at = new Date().toISOString();
  try {
    db.prepare(
      `insert into cleaners (id, name, email, phone, location, services, availability, languages,
         specialties, status, rating, active_bookings, completed_jobs, has_abn, has_transport,
         source, created_at, updated_at)
       values (?, ?, ?, '0412 345 678', 'Glebe', '["Residential"]', '["Monday"]', '["English"]',
         '[]', 'pending_review', 0, 0, 0, 0, 0, 'application', ?, ?)`,
    ).run(id, name, `${id}@example.com`, at, at);
  } finally {
    db.close();
  }
  return id;
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n");

// The journey runs at a phone's width, where the panel is tightest; a desk's width only changes
// the layout, which the second test reads with axe (an 11 MB upload each time is not free).
test("an owner declines an application, notes it and attaches a document at 390 px", async ({
  page,
  signInAs,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await signInAs("owner");
  const id = seedApplicant("Rae Applicant 390");
  await gotoReady(page, `/admin/cleaners/${id}`);
  const application = page.getByRole("region", { name: "Application" });
  await expect(application).toBeVisible();
  await expectNoAxeViolations(page);

  // Declining without a reason says why beside the field.
  await application.getByRole("button", { name: "Decline application" }).click();
  await expect(application.getByText("Say why the application is declined")).toBeVisible();
  await application.getByLabel("Reason for declining").fill("No right to work yet.");
  await application.getByRole("button", { name: "Decline application" }).click();
  await expect(
    page.getByRole("region", { name: "Messages (F8)" }).getByText("Application declined."),
  ).toBeVisible();
  await expect(application.getByText("No right to work yet.")).toBeVisible();
  await expect(application.getByRole("button", { name: "Reopen application" })).toBeVisible();
  // Approving is out of reach until the application is reopened.
  await expect(page.getByLabel("Status", { exact: true })).toHaveCount(0);

  await application.getByLabel("New note").fill("Called back: will apply again in March.");
  await application.getByRole("button", { name: "Add note" }).click();
  const notes = application.getByRole("list", { name: "Notes, newest first" });
  await expect(notes.getByText("Called back: will apply again in March.")).toBeVisible();

  // A file over the limit is stopped in the browser with the server's words.
  await application.getByLabel("File").setInputFiles({
    name: "scan.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]),
  });
  await application.getByRole("button", { name: "Attach document" }).click();
  await expect(
    application.getByText("This file is larger than 10 MB. Please choose a smaller one."),
  ).toBeVisible();

  await application.getByLabel("What it is").selectOption("right_to_work");
  await application.getByLabel("File").setInputFiles({
    name: "visa grant.pdf",
    mimeType: "application/pdf",
    buffer: PDF,
  });
  await application.getByRole("button", { name: "Attach document" }).click();
  const documents = application.getByRole("list", { name: "Documents" });
  await expect(documents.getByText("visa grant.pdf", { exact: true })).toBeVisible();
  // The saved toasts float over the page's foot until they time out (5 s); then axe reads it.
  await expect(page.getByRole("button", { name: "Dismiss" })).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    documents.getByRole("link", { name: /Download/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("visa grant.pdf");

  const db = openServerDatabase();
  try {
    expect(
      db.prepare("select status, application_outcome from cleaners where id = ?").get(id),
    ).toEqual({ status: "pending_review", application_outcome: "declined" });
    expect(
      db
        .prepare("select topic from outbox_messages where subject_id = ? and kind = 'email'")
        .all(id),
    ).toEqual([{ topic: "cleaner.declined" }]);
    const actions = db
      .prepare("select action from audit_log where subject_id = ? order by created_at, action")
      .all(id)
      .map((row) => (row as { action: string }).action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "application.declined",
        "application.note_added",
        "cleaner.document_uploaded",
        "cleaner.document_downloaded",
      ]),
    );
  } finally {
    db.close();
  }
});

test("the application panel at 1280 px has no accessibility violations", async ({
  page,
  signInAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs("owner");
  await gotoReady(page, `/admin/cleaners/${seedApplicant("Rae Applicant 1280")}`);
  await expect(page.getByRole("region", { name: "Application" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("staff see notes but not documents, and the download route refuses them", async ({
  page,
  signInAs,
  browserProblems,
}) => {
  browserProblems.allow(/\/documents\//);
  await signInAs("staff");
  const id = seedApplicant("Kit Applicant");
  await page.goto(`/admin/cleaners/${id}`);
  const application = page.getByRole("region", { name: "Application" });
  await expect(
    application.getByText(
      "Documents (police check certificates, ID, right to work) are open to owners only.",
    ),
  ).toBeVisible();
  await expect(application.getByRole("button", { name: "Attach document" })).toHaveCount(0);
  const refused = await page.request.get(`/admin/cleaners/${id}/documents/${randomUUID()}`, {
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
});
