import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";
import { spawnBuiltServer, waitUntilListening } from "../helpers/server-process";
import { openServerDatabase } from "./server-database";
import { createStaffAccount, startStaffSession } from "./staff-sessions";

// Staff passwords (docs/decisions/0045-password-changes-and-resets.md): a forgotten one is reset
// by an emailed link, an owner can send a member that link from the Team screen, and anyone can
// change their own on Your account. Each journey runs at a phone's and a desktop's width.

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const NEW_PASSWORD = "a fresh and long passphrase";

/** The reset link of the latest reset email to `email`, as the outbox holds it for the mailer. */
async function resetLinkFor(email: string) {
  let link = "";
  await expect
    .poll(() => {
      const db = openServerDatabase();
      try {
        const rows = db
          .prepare(
            "select payload from outbox_messages where topic = 'staff.password_reset' order by created_at desc",
          )
          .all() as { payload: string }[];
        const mine = rows
          .map((row) => JSON.parse(row.payload) as { to: string; text: string })
          .find((payload) => payload.to === email);
        link = /https?:\/\/\S+\/admin\/reset-password\/[\w-]+/.exec(mine?.text ?? "")?.[0] ?? "";
        return link;
      } finally {
        db.close();
      }
    })
    .toMatch(/\/admin\/reset-password\//);
  return new URL(link).pathname;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in to Admin Panel" }).click();
}

/** Sets a new password on the reset page at `path`, and lands on sign-in. */
async function chooseNewPassword(page: Page, path: string) {
  const opened = await page.goto(path);
  // The token stays on this site (docs/decisions/0045-password-changes-and-resets.md).
  expect(opened?.headers()["referrer-policy"]).toBe("same-origin");
  await expect(
    page.getByRole("heading", { level: 1, name: "Choose a new password" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm new password").fill("not the same passphrase");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("The passwords do not match")).toBeVisible();
  await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/admin\/login\?reset=done$/);
  await expect(
    page.getByText("Your password has been changed. Sign in with your new password."),
  ).toBeVisible();
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
    });

    test("a forgotten password: the emailed link sets a new one, once, and it signs in", async ({
      page,
      browserProblems,
    }) => {
      // The spent link's page answers 404 on purpose.
      browserProblems.allow(/\/admin\/reset-password\//);
      const staff = await createStaffAccount({ role: "staff", label: `forgot-${viewport.width}` });
      await page.goto("/admin/login");
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: "Reset your password" }),
      ).toBeVisible();
      await expectNoAxeViolations(page);

      // An unknown email reads exactly like a known one.
      const unknown = `nobody-${viewport.width}@example.com`;
      await page.getByLabel("Email").fill(unknown);
      await page.getByRole("button", { name: "Email me a reset link" }).click();
      await expect(
        page.getByText(`Check your email. If ${unknown} has a staff account, a link to choose`),
      ).toBeVisible();
      await page.goto("/admin/forgot-password");
      await page.getByLabel("Email").fill(staff.email);
      await page.getByRole("button", { name: "Email me a reset link" }).click();
      await expect(
        page.getByText(`Check your email. If ${staff.email} has a staff account, a link to choose`),
      ).toBeVisible();
      await expectNoAxeViolations(page);

      const path = await resetLinkFor(staff.email);
      await chooseNewPassword(page, path);
      await signIn(page, staff.email, NEW_PASSWORD);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);

      const spent = await page.goto(path);
      expect(spent?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Link not valid" })).toBeVisible();
    });

    test("Your account changes the password: the current one first, the new one twice", async ({
      page,
      browserProblems,
      signInAs,
    }) => {
      // A wrong current password is answered 422: the form parsed, the rule refused it.
      browserProblems.allow(/\/admin\/account/);
      const staff = await signInAs({ role: "staff", label: `change-${viewport.width}` });
      // Another device's session, which the change ends.
      const elsewhere = await startStaffSession(staff);
      await gotoReady(page, "/admin/account");
      const section = page.getByRole("region", { name: "Password" });
      await expectNoAxeViolations(page);

      await section.getByLabel("Current password").fill("not my password at all");
      await section.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
      await section.getByLabel("Confirm new password").fill(NEW_PASSWORD);
      const refused = page.waitForResponse(
        (response) =>
          response.request().method() === "POST" && response.url().includes("/admin/account"),
      );
      await section.getByRole("button", { name: "Change password" }).click();
      await expect(section.getByText("That password is not right.")).toBeVisible();
      expect((await refused).status()).toBe(422);

      await section.getByLabel("Current password").fill(staff.password);
      await section.getByRole("button", { name: "Change password" }).click();
      await expect(
        page
          .getByRole("region", { name: "Messages (F8)" })
          .getByText("Password changed. Your other sessions have been signed out."),
      ).toBeVisible();
      await expect(section.getByLabel("Current password")).toHaveValue("");

      // This browser is still signed in; the other device is not.
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
      const other = await page.request.get("/admin/account", {
        headers: { cookie: `hg_session=${elsewhere}` },
        maxRedirects: 0,
      });
      expect(other.status()).toBe(302);

      await page.context().clearCookies();
      await signIn(page, staff.email, NEW_PASSWORD);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
    });
  });
}

test("an owner sends a member a reset link from the Team screen, and the member sets a new password", async ({
  page,
  browser,
  baseURL,
  browserProblems,
  signInAs,
}) => {
  browserProblems.allow(/\/admin\/team/);
  await page.setViewportSize({ width: 1280, height: 800 });
  const member = await createStaffAccount({ role: "staff", label: "team-reset" });
  await signInAs({ role: "owner", label: "team-reset-owner", name: "Olive Owner" });
  await gotoReady(page, "/admin/team");
  const row = page.getByRole("row").filter({ hasText: member.email });
  await row.getByRole("button", { name: `Actions for ${member.name}` }).click();
  await page.getByRole("menuitem", { name: "Send password reset link" }).click();
  await expect(
    page
      .getByRole("region", { name: "Messages (F8)" })
      .getByText(`A password reset link was sent to ${member.email}.`),
  ).toBeVisible();

  const path = await resetLinkFor(member.email);
  const memberContext = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
  });
  const memberPage = await memberContext.newPage();
  await chooseNewPassword(memberPage, path);
  await signIn(memberPage, member.email, NEW_PASSWORD);
  await expect(memberPage).toHaveURL(/\/admin\/dashboard$/);
  await memberContext.close();
});

for (const viewport of VIEWPORTS) {
  // On a server of its own: turned on here, the policy would send every other journey running on
  // the shared server to set up two-factor.
  test(`with two-factor required, an owner without it is held on Your account until it is set up (${viewport.width} px)`, async ({
    browser,
  }) => {
    // Starting, migrating and seeding a server of its own takes a good part of the usual 30 s.
    test.setTimeout(120_000);
    const owner = { email: "owner@harbour.example", password: "the owner's long passphrase" };
    const server = spawnBuiltServer({ ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password });
    try {
      const context = await browser.newContext({
        baseURL: await waitUntilListening(server),
        viewport,
      });
      const page = await context.newPage();
      await signIn(page, owner.email, owner.password);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await gotoReady(page, "/admin/team");
      const policy = page.getByRole("region", { name: "Sign-in security" });
      await expect(policy.getByLabel("Require two-factor sign-in")).not.toBeChecked();
      await expectNoAxeViolations(page);
      await policy.getByLabel("Require two-factor sign-in").check();
      await policy.getByRole("button", { name: "Save sign-in security" }).click();
      await expect(
        page
          .getByRole("region", { name: "Messages (F8)" })
          .getByText("Two-factor sign-in is now required for the whole team."),
      ).toBeVisible();

      // Nothing else opens first, now or at the next sign-in.
      await page.goto("/admin/quotes");
      await expect(page).toHaveURL(/\/admin\/account\?two-factor=required$/);
      await context.clearCookies();
      await signIn(page, owner.email, owner.password);
      await expect(page).toHaveURL(/\/admin\/account\?two-factor=required$/);
      await expect(
        page.getByText(
          "This business requires two-factor sign-in. Set it up below to use the back office.",
        ),
      ).toBeVisible();
      await expect(
        page.getByRole("button", { name: "Set up two-factor authentication" }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await context.close();
    } finally {
      await server.cleanUp();
    }
  });
}
