import { randomBytes } from "node:crypto";
import { expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";
import { openServerDatabase } from "./server-database";

// A contact message reaches the back office (docs/decisions/0046-contact-inbox.md): sent on
// /contact, it waits in Messages as open, with a Reply by email link, and staff mark it handled.
// Each run's sender carries a tag of its own, searched for, so tests beside it never disturb it.

for (const width of [390, 1280]) {
  test(`a message sent on /contact appears in Messages and is marked handled (${width} px)`, async ({
    page,
    signInAs,
  }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const tag = randomBytes(4).toString("hex");
    const email = `inbox-${tag}@example.com`;
    const lastName = `Inbox${tag}`;

    await gotoReady(page, "/contact");
    await page.getByLabel("First name", { exact: true }).fill("Tess");
    await page.getByLabel("Last name", { exact: true }).fill(lastName);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Phone", { exact: true }).fill("0491 570 156");
    await page
      .getByLabel("Message", { exact: true })
      .fill("Could you clean our office in Surry Hills\non Saturday mornings?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message sent successfully!")).toBeVisible();

    await signInAs("staff");
    await gotoReady(page, `/admin/messages?q=${tag}`);
    await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
    const message = page.getByRole("article", { name: `Tess ${lastName}` });
    await expect(message).toBeVisible();
    await expect(message.getByText("Open", { exact: true })).toBeVisible();
    await expect(message.getByText("Could you clean our office in Surry Hills")).toBeVisible();
    await expect(message.getByRole("link", { name: "Reply by email" })).toHaveAttribute(
      "href",
      new RegExp(`^mailto:${email.replace("@", "%40")}\\?subject=`),
    );
    if (width === 1280) {
      // The menu counts the open messages (this one at least).
      await expect(
        page
          .getByRole("navigation", { name: "Admin" })
          .getByRole("link", { name: /^Messages \d+ open$/ }),
      ).toBeVisible();
    }
    await expectNoAxeViolations(page);

    await message.getByRole("button", { name: "Mark handled" }).click();
    await expect(
      page.getByRole("region", { name: "Messages (F8)" }).getByText("Marked handled."),
    ).toBeVisible();
    await expect(message.getByText("Handled", { exact: true })).toBeVisible();
    await expect(message.getByRole("button", { name: "Reopen" })).toBeVisible();
    await expectNoAxeViolations(page);

    // Handled messages leave the Open view and are found under Handled.
    // On a phone the filters are folded behind a Filters button.
    if (width === 390) await page.getByRole("button", { name: "Filters" }).click();
    await page.getByLabel("Status", { exact: true }).selectOption("open");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No messages match your search")).toBeVisible();

    const db = openServerDatabase();
    try {
      const row = db
        .prepare("select handled_at from contact_messages where email = ?")
        .get(email) as { handled_at: string | null };
      expect(row.handled_at).not.toBeNull();
    } finally {
      db.close();
    }
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  // Chromium reports the blocked module scripts as failed requests.
  test.beforeEach(({ browserProblems }) => browserProblems.allow(/\/assets\/.+\.js/));

  test("Mark handled and Reopen are plain forms that still work and say what they did", async ({
    page,
    signInAs,
  }) => {
    const tag = randomBytes(4).toString("hex");
    const db = openServerDatabase({ write: true });
    try {
      db.prepare(
        `insert into contact_messages (id, first_name, last_name, email, phone, message, created_at)
         values (?, 'Nora', ?, ?, '0491 570 156', 'Do you clean windows?', ?)`,
      ).run(`nojs-${tag}`, `Plain${tag}`, `nojs-${tag}@example.com`, new Date().toISOString());
    } finally {
      db.close();
    }

    await signInAs("staff");
    await page.goto(`/admin/messages?q=${tag}`);
    const message = page.getByRole("article", { name: `Nora Plain${tag}` });
    await message.getByRole("button", { name: "Mark handled" }).click();
    await expect(message.getByText("Marked handled.")).toBeVisible();
    await expect(message.getByText("Handled", { exact: true })).toBeVisible();
    await message.getByRole("button", { name: "Reopen" }).click();
    await expect(message.getByText("Reopened.")).toBeVisible();
    await expect(message.getByText("Open", { exact: true })).toBeVisible();
  });
});
