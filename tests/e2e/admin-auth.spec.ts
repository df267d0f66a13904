import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import routes from "../../app/routes";
import { expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";
import { routeModuleHasAction } from "../helpers/route-modules";
import { openServerDatabase } from "./server-database";
import { createStaffAccount, sessionCookieHeader, type StaffAccount } from "./staff-sessions";

// Staff sign-in keeps strangers out (docs/decisions/0002-staff-accounts-and-sessions.md): sessions live on the server, sign-in is
// throttled, two-factor works with a real authenticator code, and every admin route of
// app/routes.ts refuses a request that carries no live session.
//
// Accounts: each test makes its own, written straight into the test server's database
// (./staff-sessions.ts), so tests running side by side never trip over each other. The tests
// about signing in use the form; the others start signed in. All tests reach the server from
// 127.0.0.1, which may fail 20 sign-ins in 15 minutes before it is throttled: these tests fail 6.

const THROTTLED = "Too many sign-in attempts. Please wait 15 minutes and try again.";

const createStaff = (label: string) => createStaffAccount({ label });

async function signIn(
  page: Page,
  staff: Pick<StaffAccount, "email" | "password">,
  start = "/admin/login",
) {
  await page.goto(start);
  await page.getByLabel("Email").fill(staff.email);
  await page.getByLabel("Password").fill(staff.password);
  await page.getByRole("button", { name: "Sign in to Admin Panel" }).click();
}

/** The code an authenticator app shows `offsetMs` from now. */
function totpCode(secret: string, offsetMs = 0) {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetMs });
}

test.describe("staff sign-in", () => {
  test("wrong credentials are refused without saying which half; the right ones open the page asked for", async ({
    page,
    browserProblems,
  }) => {
    browserProblems.allow(/\/admin\/login/);
    const staff = await createStaff("signin");
    await page.goto("/admin/quotes");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fquotes$/);
    await expect(page.getByRole("heading", { level: 1, name: "Staff sign-in" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("autocomplete", "username");
    await expect(page.getByLabel("Password")).toHaveAttribute("autocomplete", "current-password");

    await page.getByLabel("Email").fill(staff.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in to Admin Panel" }).click();
    await expect(page.getByText("Invalid email or password")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login/);
    await expect(page.getByLabel("Password")).toHaveValue("");

    await page.getByLabel("Password").fill(staff.password);
    await page.getByRole("button", { name: "Sign in to Admin Panel" }).click();
    await expect(page).toHaveURL(/\/admin\/quotes$/);
    await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Leads", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByText(staff.name).first()).toBeAttached();

    // Signed in, the sign-in screen sends staff straight on.
    await page.goto("/admin/login");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("a redirectTo that leaves the admin is ignored", async ({ page }) => {
    const staff = await createStaff("redirect");
    await signIn(page, staff, "/admin/login?redirectTo=%2F%2Fevil.example%2Fadmin");
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/admin\/dashboard$/);
  });

  test("repeated failures for one account are throttled with a clear message and 429", async ({
    page,
    browserProblems,
  }) => {
    browserProblems.allow(/\/admin\/login/);
    const staff = await createStaff("throttle");
    const attempt = async (password: string) => {
      const answered = page.waitForResponse(
        (r) => r.request().method() === "POST" && r.url().includes("/admin/login"),
      );
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in to Admin Panel" }).click();
      return answered;
    };
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(staff.email);
    for (let i = 1; i <= 5; i++) {
      expect((await attempt(`wrong guess ${i}`)).status()).toBe(401);
      await expect(page.getByText("Invalid email or password")).toBeVisible();
    }
    // The sixth try waits, even with the right password.
    expect((await attempt(staff.password)).status()).toBe(429);
    await expect(page.getByText(THROTTLED)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login/);
  });

  test("signing out ends the session, and its cookie opens nothing afterwards", async ({
    page,
    context,
    playwright,
    baseURL,
  }) => {
    const staff = await createStaff("signout");
    await signIn(page, staff);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const cookie = (await context.cookies()).find((c) => c.name === "hg_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect((await context.cookies()).find((c) => c.name === "hg_session")).toBeUndefined();
    await page.goto("/admin/settings");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fsettings$/);

    // The old cookie, replayed by hand, is a dead session.
    const replay = await playwright.request.newContext({ baseURL });
    const response = await replay.get("/admin/dashboard", {
      headers: { cookie: `hg_session=${cookie!.value}` },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toMatch(/^\/admin\/login/);
    await replay.dispose();
  });

  test("a forged admin_auth flag in local storage grants nothing", async ({ page }) => {
    await page.goto("/admin/login");
    await page.evaluate(() => {
      localStorage.setItem("admin_auth", "true");
      sessionStorage.setItem("admin_auth", "true");
    });
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Staff sign-in" })).toBeVisible();
  });

  test("the sign-in page has no accessibility violations, also showing an error", async ({
    page,
    browserProblems,
  }) => {
    browserProblems.allow(/\/admin\/login/);
    await gotoReady(page, "/admin/login");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Sign in to Admin Panel" }).click();
    await expect(page.getByText("Enter your email address")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the sign-in form's errors sit beside their fields, with focus on the first", async ({
    page,
  }) => {
    await gotoReady(page, "/admin/login");
    const email = page.getByLabel("Email");
    const password = page.getByLabel("Password");
    await page.getByRole("button", { name: "Sign in to Admin Panel" }).click();
    await expect(email).toHaveAccessibleDescription("Enter your email address");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAccessibleDescription("Enter your password");
    await expect(email).toBeFocused();
    await expect(page.getByText("Please check the fields below.")).toBeVisible();

    await email.fill("someone@example.com");
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Sign in to Admin Panel" }).click();
    await expect(password).toBeFocused();
    await expect(password).toHaveAccessibleDescription("Enter your password");
  });
});

test.describe("two-factor authentication", () => {
  test("enrolment by QR code, then sign-in with the app's code and with a recovery code", async ({
    page,
    signInAs,
  }) => {
    const staff = await signInAs({ label: "totp" });
    await gotoReady(page, "/admin/account");
    const security = page.getByRole("region", { name: "Security" });
    await security.getByRole("button", { name: "Set up two-factor authentication" }).click();

    const qr = security.getByRole("img", { name: /QR code to add .+ to an authenticator app/ });
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
    const keyText = await security.locator("p", { hasText: "Set-up key:" }).innerText();
    const secret = /([A-Z2-7]{4}(?: [A-Z2-7]{4})+)/.exec(keyText)![1]!.replaceAll(" ", "");
    await expectNoAxeViolations(page);

    // A blank code is named beside its field, which takes focus.
    await security.getByRole("button", { name: "Turn on two-factor authentication" }).click();
    await expect(
      security.getByText("Enter the 6-digit code the app shows", { exact: true }),
    ).toBeVisible();
    await expect(security.getByLabel(/Enter the 6-digit code/)).toBeFocused();

    await security.getByLabel(/Enter the 6-digit code/).fill(totpCode(secret));
    await security.getByRole("button", { name: "Turn on two-factor authentication" }).click();
    await expect(security.getByText("Save your recovery codes now")).toBeVisible();
    const recoveryCodes = await security.locator("li").allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);

    // The password alone is no longer enough.
    await signIn(page, staff, "/admin/login?redirectTo=%2Fadmin%2Faccount");
    await expect(
      page.getByRole("heading", { level: 1, name: "Two-step verification" }),
    ).toBeVisible();
    await page.goto("/admin/account");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Faccount$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Two-step verification" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    // The next step's code: the current one was spent on enrolment and is never accepted twice.
    await page.getByLabel("Authentication code").fill(totpCode(secret, 30_000));
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page).toHaveURL(/\/admin\/account$/);
    await expect(
      page.getByRole("region", { name: "Security" }).getByText("On", { exact: true }),
    ).toBeVisible();

    // A recovery code works once in place of the app.
    await page.getByRole("button", { name: "Sign out" }).click();
    await signIn(page, staff);
    await page.getByRole("link", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[0]!.toLowerCase());
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto("/admin/account");
    await expect(page.getByText("9 of 10 recovery codes left.")).toBeVisible();
  });
});

test.describe("the admin shell", () => {
  test("the sidebar names the page and who is signed in; the theme is saved and rendered by the server", async ({
    page,
    signInAs,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const staff = await signInAs({ label: "shell" });
    await page.goto("/admin/settings");
    const nav = page.getByRole("navigation", { name: "Admin" });
    for (const name of [
      "Dashboard",
      "Leads",
      "Cleaners",
      "Finance",
      "Marketing",
      "Settings",
      "Deliveries",
      "Team",
      "Audit log",
      "Your account",
    ]) {
      await expect(nav.getByRole("link", { name })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Settings" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("complementary").getByText(staff.name)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto("/admin/account");
    await page.getByLabel("Dark").check();
    await page.getByRole("button", { name: "Save appearance" }).click();
    await expect(
      page
        .getByRole("region", { name: "Messages (F8)" })
        .getByRole("listitem")
        .filter({ hasText: "Appearance saved." }),
    ).toBeVisible();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    // Rendered that way by the server, so there is no light flash on the next page.
    const html = await (await page.request.get("/admin/quotes")).text();
    expect(html).toMatch(/<html lang="en-AU" class="dark( demo-mode)?">/);
    await gotoReady(page, "/admin/quotes");
    await expectNoAxeViolations(page);

    await page.goto("/admin/account");
    await page.getByLabel("System").check();
    await page.getByRole("button", { name: "Save appearance" }).click();
    await expect(page.locator("html")).toHaveClass(/\btheme-system\b/);
  });

  test("on a phone the sidebar is a menu button that opens and closes from the keyboard", async ({
    page,
    signInAs,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs({ label: "phone" });
    await gotoReady(page, "/admin/dashboard");
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();

    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeFocused();

    await menu.click();
    await nav.getByRole("link", { name: "Finance" }).click();
    await expect(page).toHaveURL(/\/admin\/finance$/);
    await expect(page.getByRole("heading", { level: 1, name: "Finance" })).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await expectNoAxeViolations(page);
  });
});

type AdminRoute = { path: string; file: string; guarded: boolean };

/** Every route under /admin in app/routes.ts, with whether it sits in the guarded layout. */
function adminRoutes(entries: RouteConfigEntry[], guarded = false): AdminRoute[] {
  return entries.flatMap((entry) => {
    const inGuard = guarded || entry.file === "routes/admin/admin-layout.tsx";
    const own =
      entry.path !== undefined && /^admin(\/|$)/.test(entry.path)
        ? [{ path: `/${entry.path}`, file: entry.file, guarded: inGuard }]
        : [];
    return [...own, ...adminRoutes(entry.children ?? [], inGuard)];
  });
}

test.describe("every admin route refuses a request without a live session", () => {
  const all = adminRoutes(routes);
  const guarded = all.filter((route) => route.guarded);

  test("the route table puts everything but sign-in, sign-out, invitations and password resets behind the guard", () => {
    expect(guarded.length).toBeGreaterThanOrEqual(9);
    expect(
      all
        .filter((route) => !route.guarded)
        .map((route) => route.path)
        .sort(),
    ).toEqual([
      // Resource routes (a CSV, a JSON figure, a document) outside the frame: each names its permission,
      // and admin-roles.spec.ts's resource-route table proves strangers and staff are refused.
      "/admin/assign-cleaner",
      "/admin/cleaners/:id/documents/:documentId",
      "/admin/finance/export.csv",
      "/admin/forgot-password",
      "/admin/invite/:token",
      "/admin/login",
      "/admin/logout",
      "/admin/pay-runs/:id/files/:file",
      "/admin/reset-password/:token",
    ]);
  });

  test("pages redirect to sign-in and posts get 401, with no cookie, an expired one or a signed-out one", async ({
    playwright,
    baseURL,
  }) => {
    const staff = await createStaff("routes");
    const fresh = await playwright.request.newContext({ baseURL });

    // A session that was signed out.
    const signedOut = await sessionCookieHeader(staff);
    const logout = await fresh.post("/admin/logout", {
      headers: { cookie: signedOut, origin: baseURL! },
      // A page's POST must be a form (request-screen.server.ts answers anything else 415).
      form: {},
      maxRedirects: 0,
    });
    expect(logout.status()).toBe(302);

    // A live session, to prove the same requests would otherwise go through.
    const live = await sessionCookieHeader(staff);

    // A session past its 7 days, its row still there until the guard sees it.
    const expired = await sessionCookieHeader(staff, { expired: true });

    const cases: [label: string, cookie: string | null][] = [
      ["no cookie", null],
      ["an expired session", expired],
      ["a signed-out session", signedOut],
      ["a forged cookie", "hg_session=InN0b2xlbi10b2tlbiI.forged-signature"],
    ];
    for (const route of guarded) {
      const url = route.path.replace(/:[^/]+/g, "any-id").replace("*", "no-such-page");
      for (const [label, cookie] of cases) {
        const headers: Record<string, string> = cookie ? { cookie } : {};
        const page = await fresh.get(url, { headers, maxRedirects: 0 });
        expect(page.status(), `GET ${url} with ${label}`).toBe(302);
        expect(page.headers()["location"], `GET ${url} with ${label}`).toBe(
          `/admin/login?redirectTo=${encodeURIComponent(url)}`,
        );
        // A form on an index route posts with ?index, as React Router targets it.
        const postUrl = route.file === "routes/admin/index.tsx" ? `${url}?index` : url;
        const post = await fresh.post(postUrl, {
          headers,
          form: { intent: "theme", theme: "dark" },
          maxRedirects: 0,
        });
        // A page without an action takes no post at all: a quiet 405 before any guard runs.
        const refusals = routeModuleHasAction(route.file) ? [401, 403] : [405];
        expect(refusals, `POST ${url} with ${label}`).toContain(post.status());
      }
      const ok = await fresh.get(url, { headers: { cookie: live }, maxRedirects: 0 });
      // No lead or cleaner has the id "any-id": those pages answer their own 404 in the frame.
      const unknownId = /:id$/.test(route.path) || route.path === "/admin/*";
      const expected = unknownId ? [404] : [200, 302];
      expect(expected, `GET ${url} with a live session`).toContain(ok.status());
      if (ok.status() === 302) expect(ok.headers()["location"]).not.toMatch(/login/);
    }

    // A live session from another site cannot change anything either: a foreign Origin, or only
    // Sec-Fetch-Site: cross-site, is refused with 403 before the body is read.
    const forged = await fresh.post("/admin/account", {
      headers: { cookie: live, origin: "https://evil.example" },
      form: { intent: "theme", theme: "dark" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    const crossSite = await fresh.post("/admin/account", {
      headers: { cookie: live, "sec-fetch-site": "cross-site" },
      form: { intent: "theme", theme: "dark" },
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(403);
    const theme = openServerDatabase()
      .prepare("select theme from staff_users where email = ?")
      .get(staff.email) as { theme: string };
    expect(theme.theme).toBe("system");

    await fresh.dispose();
  });
});
