import { randomBytes } from "node:crypto";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { can, type Permission, type StaffRole } from "../../app/features/auth/permissions";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";
import { routeModuleHasAction } from "../helpers/route-modules";
import { openServerDatabase } from "./server-database";
import { createStaffAccount, sessionCookieHeader, signInAs } from "./staff-sessions";

// Staff roles (docs/architecture.md#staff-roles): every admin route, for a stranger, a member of staff and an owner,
// answers as the permission table says; the menu shows only what a role may open; an owner
// invites someone by email and they join; refused and unknown pages stay inside the admin frame.
//
// Each test starts signed in with accounts of its own (./staff-sessions.ts); that the demo seed's
// owner and staff logins sign in is app/features/demo-data/demo-seed.test.ts's business.

/**
 * The permission each admin route module needs, written here rather than read from the app, so
 * a route added to app/routes.ts without a line here fails the first test below.
 */
const ROUTE_PERMISSIONS: Record<string, Permission> = {
  "routes/admin/admin-layout.tsx": "account.manage",
  "routes/admin/index.tsx": "dashboard.view",
  "routes/admin/dashboard.tsx": "dashboard.view",
  "routes/admin/quotes.tsx": "leads.view",
  "routes/admin/quote.tsx": "leads.view",
  "routes/admin/messages.tsx": "leads.view",
  "routes/admin/customers.tsx": "leads.view",
  "routes/admin/customer.tsx": "leads.view",
  "routes/admin/invoice.tsx": "leads.view",
  "routes/admin/schedule.tsx": "leads.view",
  "routes/admin/dispatch.tsx": "leads.view",
  "routes/admin/cleaners.tsx": "cleaners.view",
  "routes/admin/cleaner.tsx": "cleaners.view",
  "routes/admin/finance.tsx": "finance.view",
  "routes/admin/timesheets.tsx": "timesheets.manage",
  "routes/admin/pay-runs.tsx": "payroll.manage",
  "routes/admin/pay-run.tsx": "payroll.manage",
  "routes/admin/margins.tsx": "finance.view",
  "routes/admin/marketing.tsx": "marketing.manage",
  "routes/admin/settings.tsx": "settings.manage",
  "routes/admin/deliveries.tsx": "deliveries.manage",
  "routes/admin/team.tsx": "team.manage",
  "routes/admin/audit.tsx": "audit.view",
  "routes/admin/account.tsx": "account.manage",
  "routes/admin/not-found.tsx": "account.manage",
};

type GuardedRoute = { file: string; url: string };

/** Every route module inside the guarded admin layout (index routes included), with a URL to try. */
function guardedRoutes(entries: RouteConfigEntry[], inGuard = false): GuardedRoute[] {
  return entries.flatMap((entry) => {
    const isLayout = entry.file === "routes/admin/admin-layout.tsx";
    const guarded = inGuard || isLayout;
    const own: GuardedRoute[] =
      guarded && !isLayout
        ? [
            {
              file: entry.file,
              url: entry.index
                ? "/admin"
                : `/${entry.path!}`.replace(/:[^/]+/g, "any-id").replace("*", "no-such-page"),
            },
          ]
        : [];
    return [...own, ...guardedRoutes(entry.children ?? [], guarded)];
  });
}

/** The admin's toast list (Radix's viewport, "Messages (F8)"). */
function toasts(page: Page) {
  return page.getByRole("region", { name: "Messages (F8)" });
}

test.describe("the role × route matrix", () => {
  test("every admin route in app/routes.ts has a permission in this spec's table", () => {
    const files = guardedRoutes(routes).map((route) => route.file);
    expect(files.length).toBeGreaterThanOrEqual(12);
    expect([...files, "routes/admin/admin-layout.tsx"].sort()).toEqual(
      Object.keys(ROUTE_PERMISSIONS).sort(),
    );
  });

  test("a stranger is sent to sign in; staff get 403 in the frame where the owner gets the page", async ({
    playwright,
    baseURL,
  }) => {
    const cookies = new Map<StaffRole, string>();
    for (const role of ["staff", "owner"] as const) {
      cookies.set(role, await sessionCookieHeader(await createStaffAccount({ role })));
    }
    const api = await playwright.request.newContext({ baseURL });

    for (const { file, url } of guardedRoutes(routes)) {
      const permission = ROUTE_PERMISSIONS[file]!;
      const stranger = await api.get(url, { maxRedirects: 0 });
      expect(stranger.status(), `GET ${url} as a stranger`).toBe(302);
      expect(stranger.headers()["location"]).toBe(
        `/admin/login?redirectTo=${encodeURIComponent(url)}`,
      );
      // A page without an action takes no post from anyone: a quiet 405 before any guard. A form
      // on an index route posts with ?index, as React Router targets it.
      const takesPost = routeModuleHasAction(file);
      const postUrl = file === "routes/admin/index.tsx" ? "/admin?index" : url;
      const strangerPost = await api.post(postUrl, {
        form: { intent: "role-matrix" },
        maxRedirects: 0,
      });
      expect(strangerPost.status(), `POST ${url} as a stranger`).toBe(takesPost ? 401 : 405);

      for (const role of ["staff", "owner"] as const) {
        const cookie = cookies.get(role)!;
        const allowed = can(role, permission);
        const page = await api.get(url, { headers: { cookie }, maxRedirects: 0 });
        const post = await api.post(postUrl, {
          // A browser sends its Origin with every post; one carrying a session without it is
          // refused (app/server/request-origin.server.ts).
          headers: { cookie, origin: baseURL! },
          form: { intent: "role-matrix" },
          maxRedirects: 0,
        });
        const label = `${url} as ${role} (${permission})`;
        if (!allowed) {
          expect(page.status(), `GET ${label}`).toBe(403);
          const html = await page.text();
          expect(html, `GET ${label}`).toContain("No access");
          expect(html, `GET ${label} keeps the admin menu`).toContain('aria-label="Admin"');
          expect(post.status(), `POST ${label}`).toBe(takesPost ? 403 : 405);
          continue;
        }
        if (file === "routes/admin/not-found.tsx") {
          expect(page.status(), `GET ${label}`).toBe(404);
          expect(await page.text()).toContain("Page not found");
        } else if (file === "routes/admin/cleaner.tsx") {
          // No cleaner has the id "any-id": the profile answers its own 404 inside the frame.
          expect(page.status(), `GET ${label}`).toBe(404);
          expect(await page.text()).toContain("Cleaner not found");
        } else if (file === "routes/admin/quote.tsx") {
          // No lead has the id "any-id": the details page says so, inside the frame.
          expect(page.status(), `GET ${label}`).toBe(404);
          expect(await page.text()).toContain("That lead no longer exists.");
        } else if (file === "routes/admin/invoice.tsx") {
          // No invoice has the id "any-id": the page says so, inside the frame.
          expect(page.status(), `GET ${label}`).toBe(404);
          expect(await page.text()).toContain("That invoice does not exist.");
        } else if (file === "routes/admin/customer.tsx") {
          // No customer has the id "any-id": the page says so, inside the frame.
          expect(page.status(), `GET ${label}`).toBe(404);
          expect(await page.text()).toContain("Customer not found");
        } else if (file === "routes/admin/pay-run.tsx") {
          // No pay run has the id "any-id": the page says so, inside the frame.
          expect(page.status(), `GET ${label}`).toBe(404);
          expect(await page.text()).toContain("Pay run not found");
        } else if (file === "routes/admin/index.tsx") {
          expect(page.status(), `GET ${label}`).toBe(302);
          expect(page.headers()["location"]).toBe("/admin/dashboard");
        } else {
          expect(page.status(), `GET ${label}`).toBe(200);
        }
        expect([401, 403], `POST ${label}`).not.toContain(post.status());
      }
    }
    await api.dispose();
  });
});

/**
 * Admin resource routes (CSV, JSON) sit outside the admin layout: no frame to show a refusal in,
 * so they answer the status alone. Each needs a line here, with a URL that answers 200 for a role
 * that may open it.
 */
/** Each resource route, its permission, a URL, and what a permitted role gets (200 unless said). */
const RESOURCE_ROUTE_PERMISSIONS: Record<
  string,
  { permission: Permission; url: string; permitted?: number }
> = {
  "routes/admin/assign-cleaner.ts": {
    permission: "assignments.manage",
    url: "/admin/assign-cleaner?quote=any-id&date=2026-12-01&slot=09:00",
  },
  "routes/admin/finance-export.ts": {
    permission: "finance.view",
    url: "/admin/finance/export.csv?view=transactions&period=week",
  },
  // docs/decisions/0082-aba-bank-file.md: past the permission, a run that does not exist is a 404.
  "routes/admin/pay-run-file.ts": {
    permission: "payroll.manage",
    url: "/admin/pay-runs/any-id/files/lines.csv",
    permitted: 404,
  },
  // docs/decisions/0056-application-outcomes-and-documents.md: past the permission, a document
  // that does not exist is a 404.
  "routes/admin/cleaner-document.ts": {
    permission: "cleaner-documents.manage",
    url: "/admin/cleaners/any-id/documents/any-id",
    permitted: 404,
  },
};

/**
 * Route files under /admin outside the layout, other than the signed-out pages: sign-in,
 * sign-out, invitations and password resets.
 */
function adminResourceRoutes(entries: RouteConfigEntry[]): string[] {
  const pages = [
    "routes/admin/login.tsx",
    "routes/admin/logout.tsx",
    "routes/admin/invite.tsx",
    "routes/admin/forgot-password.tsx",
    "routes/admin/reset-password.tsx",
  ];
  return entries
    .filter((entry) => entry.file.startsWith("routes/admin/") && !pages.includes(entry.file))
    .filter((entry) => entry.file !== "routes/admin/admin-layout.tsx")
    .map((entry) => entry.file);
}

test.describe("admin resource routes", () => {
  test("each is listed, sends a stranger to sign in and refuses a role without its permission", async ({
    playwright,
    baseURL,
  }) => {
    expect(adminResourceRoutes(routes).sort()).toEqual(
      Object.keys(RESOURCE_ROUTE_PERMISSIONS).sort(),
    );
    const api = await playwright.request.newContext({ baseURL });
    for (const { permission, url, permitted = 200 } of Object.values(RESOURCE_ROUTE_PERMISSIONS)) {
      const stranger = await api.get(url, { maxRedirects: 0 });
      expect(stranger.status(), `GET ${url} as a stranger`).toBe(302);
      for (const role of ["staff", "owner"] as const) {
        const cookie = await sessionCookieHeader(await createStaffAccount({ role }));
        const answer = await api.get(url, { headers: { cookie }, maxRedirects: 0 });
        expect(answer.status(), `GET ${url} as ${role}`).toBe(
          can(role, permission) ? permitted : 403,
        );
      }
    }
    await api.dispose();
  });
});

test.describe("roles in the browser", () => {
  test("a member of staff sees no Settings or Team; a refused page and an unknown one stay in the frame", async ({
    page,
    browserProblems,
    signInAs,
  }) => {
    browserProblems.allow(/\/admin\/(settings|team|no-such-page)/);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs("staff");
    await page.goto("/admin/dashboard");
    const nav = page.getByRole("navigation", { name: "Admin" });
    for (const name of [
      "Dashboard",
      "Leads",
      "Schedule",
      "Dispatch",
      "Cleaners",
      "Marketing",
      "Your account",
    ]) {
      await expect(nav.getByRole("link", { name })).toBeVisible();
    }
    for (const name of ["Settings", "Team", "Finance", "Deliveries", "Audit log"]) {
      await expect(nav.getByRole("link", { name })).toHaveCount(0);
    }
    await expect(page.getByRole("note").filter({ hasText: "Demo mode" })).toBeVisible();

    const refused = await page.goto("/admin/settings");
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "No access" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expectNoAxeViolations(page);

    const unknown = await page.goto("/admin/no-such-page");
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Back to the dashboard" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("an owner invites someone by email; they set a password and land in the admin as staff", async ({
    page,
    browser,
    browserProblems,
    signInAs,
  }) => {
    browserProblems.allow(/\/admin\/team/);
    const owner = await signInAs({ role: "owner", label: "inviter", name: "Olive Owner" });
    const email = `invitee-${randomBytes(4).toString("hex")}@example.com`;
    await gotoReady(page, "/admin/team");
    await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();

    // A bad address is named beside its field.
    const invite = page.getByRole("region", { name: "Invite someone" });
    await invite.getByLabel("Email").fill("not-an-email");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(invite.getByText("Enter a valid email address")).toBeVisible();

    await invite.getByLabel("Email").fill(email);
    await invite.getByLabel("Role").selectOption("staff");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(toasts(page).getByText(`Invitation sent to ${email}.`)).toBeVisible();
    await expect(invite.getByLabel("Email")).toHaveValue("");
    await expect(
      page.getByRole("region", { name: "Open invitations" }).getByText(email),
    ).toBeVisible();

    // The email, as the outbox holds it for the mailer.
    let link = "";
    await expect
      .poll(() => {
        const db = openServerDatabase();
        try {
          const rows = db
            .prepare("select payload from outbox_messages where topic = 'staff.invited'")
            .all() as { payload: string }[];
          const mine = rows
            .map((row) => JSON.parse(row.payload) as { to: string; text: string })
            .find((payload) => payload.to === email);
          link = /https?:\/\/\S+\/admin\/invite\/[\w-]+/.exec(mine?.text ?? "")?.[0] ?? "";
          return link;
        } finally {
          db.close();
        }
      })
      .toMatch(/\/admin\/invite\//);

    // Without JavaScript: the invitation is a plain form that must work as one.
    const invitee = await browser.newContext({ javaScriptEnabled: false });
    const newcomer = await invitee.newPage();
    const opened = await newcomer.goto(new URL(link).pathname);
    // One policy, the one that keeps the token to this site and still lets the form post.
    expect(opened?.headers()["referrer-policy"]).toBe("same-origin");
    await expect(newcomer.getByRole("heading", { level: 1, name: "Join the team" })).toBeVisible();
    await expect(newcomer.getByText(`${owner.name} invited`)).toBeVisible();
    await newcomer.getByLabel("Your name").fill("Nina Newcomer");
    await newcomer.getByLabel("Password", { exact: true }).fill("short");
    await newcomer.getByRole("button", { name: "Create account and sign in" }).click();
    await expect(newcomer.getByText("Password must be at least 12 characters")).toBeVisible();
    await newcomer.getByLabel("Password", { exact: true }).fill("a long enough passphrase");
    await newcomer.getByRole("button", { name: "Create account and sign in" }).click();
    await expect(newcomer).toHaveURL(/\/admin\/dashboard$/);
    const nav = newcomer.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: "Dashboard" })).toBeAttached();
    await expect(nav.getByRole("link", { name: "Team" })).toHaveCount(0);

    // The link worked once.
    const again = await invitee.newPage();
    const reused = await again.goto(new URL(link).pathname);
    expect(reused?.status()).toBe(404);
    await expect(
      again.getByRole("heading", { level: 1, name: "Invitation not valid" }),
    ).toBeVisible();
    await invitee.close();

    await page.reload();
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row.getByRole("cell", { name: "Nina Newcomer", exact: true })).toBeVisible();
    await expect(row.getByRole("cell", { name: "Staff", exact: true })).toBeVisible();
  });

  test("a row's menu changes a role and, after a confirmation, deactivates, all by keyboard", async ({
    page,
    browserProblems,
    signInAs,
  }) => {
    browserProblems.allow(/\/admin\/team/);
    await page.setViewportSize({ width: 1280, height: 800 });
    const member = await createStaffAccount({ role: "owner", label: "team-menu" });
    await signInAs({ role: "owner", label: "team-menu-owner" });
    await gotoReady(page, "/admin/team");
    const row = page.getByRole("row").filter({ hasText: member.email });
    const actions = row.getByRole("button", { name: `Actions for ${member.name}` });

    // The member is an owner; the menu offers the other role, which asks first: Escape changes
    // nothing, the dialog's own button does.
    await actions.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem", { name: "Make staff…" })).toBeFocused();
    await page.keyboard.press("Enter");
    const confirmRole = page.getByRole("alertdialog", { name: `Make ${member.name} staff?` });
    await expect(confirmRole).toBeVisible();
    await expect(confirmRole.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(confirmRole).toBeHidden();
    await expect(actions).toBeFocused();
    await expect(row.getByRole("cell", { name: "Owner", exact: true })).toBeVisible();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await expect(confirmRole).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(confirmRole.getByRole("button", { name: "Make staff" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toasts(page).getByText(`${member.name} is now staff.`)).toBeVisible();
    await expect(row.getByRole("cell", { name: "Staff", exact: true })).toBeVisible();

    // Deactivating asks first; Escape keeps the account and gives focus back to the menu button.
    // (The menu reads: Make owner…, Send password reset link, Deactivate….)
    await actions.focus();
    await page.keyboard.press("Enter");
    // Each key after the menu has put focus where the previous one left it.
    await expect(menu.getByRole("menuitem", { name: "Make owner…" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: "Send password reset link" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: "Deactivate…" })).toBeFocused();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog", { name: `Deactivate ${member.name}?` });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(actions).toBeFocused();
    await expect(row.getByRole("cell", { name: "Active", exact: true })).toBeVisible();

    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(confirm).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(confirm.getByRole("button", { name: "Deactivate" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(
      toasts(page).getByText(`${member.name} can no longer sign in. Their sessions have ended.`),
    ).toBeVisible();
    await expect(row.getByRole("cell", { name: "Deactivated", exact: true })).toBeVisible();
  });

  test("without JavaScript the row's actions are plain forms that still work", async ({
    browser,
    baseURL,
  }) => {
    const member = await createStaffAccount({ role: "owner", label: "team-nojs" });
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    await signInAs(context, baseURL!, { role: "owner", label: "team-nojs-owner" });
    const page = await context.newPage();
    await page.goto("/admin/team");
    const row = page.getByRole("row").filter({ hasText: member.email });
    await row.getByRole("button", { name: `Deactivate ${member.name}` }).click();
    await expect(
      page.getByText(`${member.name} can no longer sign in. Their sessions have ended.`),
    ).toBeVisible();
    await expect(row.getByRole("cell", { name: "Deactivated", exact: true })).toBeVisible();
    await row.getByRole("button", { name: `Reactivate ${member.name}` }).click();
    await expect(page.getByText(`${member.name} can sign in again.`)).toBeVisible();
    // A role change asks first: a step of its own, which Cancel leaves without a change.
    await row.getByLabel(`Role of ${member.name}`).selectOption("staff");
    await row.getByRole("button", { name: "Change role" }).click();
    const step = page.getByRole("region", { name: `Make ${member.name} staff?` });
    await step.getByRole("link", { name: "Cancel" }).click();
    await expect(step).toBeHidden();
    await expect(row.getByRole("cell", { name: "Owner", exact: true })).toBeVisible();
    await row.getByLabel(`Role of ${member.name}`).selectOption("staff");
    await row.getByRole("button", { name: "Change role" }).click();
    await step.getByRole("button", { name: "Make staff" }).click();
    await expect(page.getByText(`${member.name} is now staff.`)).toBeVisible();
    await expect(row.getByRole("cell", { name: "Staff", exact: true })).toBeVisible();
    await context.close();
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`the team screen has no accessibility violations at ${viewport.width} px`, async ({
      page,
      browserProblems,
      signInAs,
    }) => {
      browserProblems.allow(/\/admin\/team/);
      await page.setViewportSize(viewport);
      await signInAs("owner");
      await gotoReady(page, "/admin/team");
      await expectNoAxeViolations(page);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      const invite = page.getByRole("region", { name: "Invite someone" });
      await invite.getByRole("button", { name: "Send invitation" }).click();
      await expect(invite.getByText("Enter the email address to invite")).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
