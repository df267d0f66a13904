import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import pg from "pg";
import { findFreePort } from "../helpers/built-server";
import {
  spawnBuiltServer,
  startTcpProxy,
  waitUntilListening,
  type ServerProcess,
  type TcpProxy,
} from "../helpers/server-process";
import { expect, expectNoAxeViolations, gotoReady, test } from "./fixtures";
import { openServerDatabase } from "./server-database";

// The public site's forms and findability: the contact form (docs/product/public-site.md#contact-page, docs/product/public-site.md#statuses-and-flows, docs/product/public-site.md#messages), Subscribe
// Now (docs/decisions/0014-buttons-that-work.md), a cleaner's public profile (docs/decisions/0012-real-customer-data.md), the policies page, sitemap.xml and robots.txt.
// The server starts with APP_ENV=test, which seeds the demo data (cleaners and reviews) into a
// fresh database; tests read that database directly to pick cleaners and check stored rows.
//
// Every test reaches the server from 127.0.0.1, which may send public forms 10 times a minute
// (docs/decisions/0026-abuse-protection.md): these tests send 4.

const SUCCESS = "Message sent successfully! We'll get back to you soon.";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

type CleanerRow = { id: string; email: string; phone: string; name: string };

function cleanerWithStatus(status: string): CleanerRow {
  const db = openServerDatabase();
  try {
    const row = db
      .prepare("select id, email, phone, name from cleaners where status = ? order by id limit 1")
      .get(status) as CleanerRow | undefined;
    if (!row) throw new Error(`the demo seed has no ${status} cleaner`);
    return row;
  } finally {
    db.close();
  }
}

async function fillContactForm(page: Page, overrides: Partial<Record<string, string>> = {}) {
  const values = {
    "First name": "Olivia",
    "Last name": "Smith",
    Email: "olivia.smith@example.com",
    Phone: "0491 570 156",
    Message: "Could you quote for a fortnightly clean of a terrace in Paddington?",
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    await page.getByLabel(label, { exact: true }).fill(value!);
  }
  return values as Record<string, string>;
}

test.describe("the contact form", () => {
  test("sends, shows the success message, then clears it after 3 seconds", async ({ page }) => {
    await page.clock.install();
    await gotoReady(page, "/contact");
    // From here on the page's timers fire only when the test moves the clock.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await fillContactForm(page);
    await page.getByRole("button", { name: "Send Message" }).click();

    const success = page.getByText(SUCCESS);
    await expect(success).toBeVisible();
    await expect(page.getByLabel("First name", { exact: true })).toHaveValue("");

    await page.clock.runFor(2_900);
    await expect(success).toBeVisible();
    await page.clock.runFor(200);
    await expect(success).toBeHidden();
  });

  test("names each empty required field and summarises them, without sending", async ({ page }) => {
    await gotoReady(page, "/contact");
    await page.getByRole("button", { name: "Send Message" }).click();

    for (const message of [
      "Please enter your first name.",
      "Please enter your last name.",
      "Please enter your email address.",
      "Please enter your phone number.",
      "Please enter your message.",
    ]) {
      await expect(page.getByText(message).first()).toBeVisible();
    }
    await expect(page.getByText("Please check the highlighted fields:")).toBeVisible();
    await expect(page.getByLabel("First name", { exact: true })).toBeFocused();
    await expect(page.getByLabel("First name", { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expectNoAxeViolations(page);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    // Chromium reports the blocked module scripts as failed requests.
    test.beforeEach(({ browserProblems }) => browserProblems.allow(/\/assets\/.+\.js/));

    test("a message still sends and the success message shows", async ({ page }) => {
      await page.goto("/contact");
      await fillContactForm(page, { "First name": "Noah" });
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByText(SUCCESS)).toBeVisible();
    });

    test("a field the server refuses is named, and what was typed comes back", async ({ page }) => {
      await page.goto("/contact");
      await fillContactForm(page, { Email: "olivia@" });
      await page.getByRole("button", { name: "Send Message" }).click();
      const email = page.getByLabel("Email", { exact: true });
      await expect(email).toHaveAccessibleDescription(
        "Please enter a valid email address, like name@example.com.",
      );
      await expect(email).toHaveValue("olivia@");
      await expect(page.getByLabel("Last name", { exact: true })).toHaveValue("Smith");
      await expect(page.getByLabel("Message", { exact: true })).toHaveValue(/Paddington/);
    });
  });
});

// docs/decisions/0008-webhook-outbox.md: "Failed to send message. Please try again." only when the message was not stored, with
// everything typed still in the fields; a stored message is a success even while the automation
// host is down. Each test runs a server of its own (build/server.js, as production runs it), so
// taking its database or its automation host away disturbs no other test.
test.describe("the contact form when something behind it is down", () => {
  test.describe.configure({ timeout: 90_000 });
  const FAILED = "Failed to send message. Please try again.";
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;
  const cleanUps: (() => Promise<unknown> | unknown)[] = [];

  async function startServer(env: Record<string, string> = {}) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-e2e-contact-"));
    server = spawnBuiltServer({ DATA_DIR: dataDir, ...env });
    return waitUntilListening(server);
  }

  test.afterEach(async () => {
    for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
    await server?.cleanUp();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    server = undefined;
    dataDir = undefined;
  });

  /**
   * A backup or a migration in another process holding the write lock: the server's write waits
   * its busy timeout (5 s) and fails with SQLITE_BUSY. Released after the test.
   */
  function holdWriteLock() {
    const blocker = new Database(path.join(dataDir!, "app.db"));
    cleanUps.push(() => blocker.close());
    blocker.exec("begin immediate");
    cleanUps.push(() => blocker.exec("rollback"));
    return blocker;
  }

  /** A sender no demo message has: the demo seed picks its senders' names at random. */
  const uniqueEmail = () => `down-${randomBytes(4).toString("hex")}@example.com`;

  function storedMessagesFrom(db: Database.Database, email: string) {
    const row = db
      .prepare("select count(*) as n from contact_messages where email = ?")
      .get(email) as { n: number };
    return row.n;
  }

  async function expectFailureKeepsTypedText(page: Page, typed: Record<string, string>) {
    await page.getByRole("button", { name: "Send Message" }).click();
    // The server's one SQLite connection waits its busy timeout (5 s) at every locked write, its
    // outbox worker's included, so the answer can take several of those on a loaded machine.
    await expect(page.getByText(FAILED)).toBeVisible({ timeout: 45_000 });
    for (const [label, value] of Object.entries(typed)) {
      await expect(page.getByLabel(label, { exact: true }), label).toHaveValue(value);
    }
    await expect(page.getByText(SUCCESS)).toBeHidden();
  }

  test("SQLite: while another writer holds the database, the message fails and every typed value stays", async ({
    page,
    browserProblems,
  }) => {
    // The server's own origin differs from the shared one; its 503 is the point of the test.
    browserProblems.allow(/status of 503/);
    const url = await startServer();
    await gotoReady(page, `${url}/contact`);
    const email = uniqueEmail();
    const typed = await fillContactForm(page, { "First name": "Amelia", Email: email });

    const blocker = holdWriteLock();
    await expectFailureKeepsTypedText(page, typed);
    expect(storedMessagesFrom(blocker, email)).toBe(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test.beforeEach(({ browserProblems }) => browserProblems.allow(/\/assets\/.+\.js/));

    test("SQLite: the server's own page says the message failed and keeps every typed value", async ({
      page,
      browserProblems,
    }) => {
      browserProblems.allow(/status of 503/);
      const url = await startServer();
      await page.goto(`${url}/contact`);
      const email = uniqueEmail();
      const typed = await fillContactForm(page, { "First name": "Isla", Email: email });
      const blocker = holdWriteLock();
      await expectFailureKeepsTypedText(page, typed);
      expect(storedMessagesFrom(blocker, email)).toBe(0);
    });
  });

  // Like the integration tests' testDialects: PostgreSQL joins when TEST_DATABASE_URL names one
  // (CI always does), a configuration choice rather than a skipped test.
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    test("PostgreSQL: while the database is unreachable, the message fails and every typed value stays", async ({
      page,
      browserProblems,
    }) => {
      browserProblems.allow(/status of 503/);
      const target = new URL(postgresUrl);
      const database = `hg_e2e_contact_${randomBytes(6).toString("hex")}`;
      const admin = async (text: string) => {
        const client = new pg.Client({ connectionString: postgresUrl });
        await client.connect();
        try {
          await client.query(text);
        } finally {
          await client.end();
        }
      };
      await admin(`create database ${database}`);
      cleanUps.push(() => admin(`drop database if exists ${database} with (force)`));
      const proxy: TcpProxy = await startTcpProxy({
        host: target.hostname,
        port: Number(target.port || 5432),
      });
      cleanUps.push(() => proxy.cut().catch(() => undefined));
      const through = new URL(target);
      through.hostname = "127.0.0.1";
      through.port = String(proxy.port);
      through.pathname = `/${database}`;

      const url = await startServer({ DATABASE_URL: through.toString() });
      await gotoReady(page, `${url}/contact`);
      const typed = await fillContactForm(page, { "First name": "Isla" });

      await proxy.cut();
      await expectFailureKeepsTypedText(page, typed);
    });
  }

  test("with the automation host down, the message is stored, queued for delivery and a success", async ({
    page,
  }) => {
    // Nothing listens on this port: every webhook delivery is refused.
    const hook = `http://127.0.0.1:${await findFreePort()}/hook`;
    const url = await startServer({ WEBHOOK_PRODUCTION_URL: hook, WEBHOOK_TEST_URL: hook });
    await gotoReady(page, `${url}/contact`);
    const email = `down-${Date.now()}@example.com`;
    await fillContactForm(page, { Email: email });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(SUCCESS)).toBeVisible();

    const db = new Database(path.join(dataDir!, "app.db"), { readonly: true });
    try {
      const message = db.prepare("select id from contact_messages where email = ?").get(email) as
        { id: string } | undefined;
      expect(message, "the stored message").toBeDefined();
      // The worker tries, is refused, and keeps the webhook for a later try (docs/decisions/0008-webhook-outbox.md).
      const outbox = () =>
        db
          .prepare(
            "select status, attempts, delivered_at from outbox_messages where subject_id = ? and kind = 'webhook'",
          )
          .get(message!.id) as { status: string; attempts: number; delivered_at: string | null };
      await expect.poll(() => outbox().attempts, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(outbox().delivered_at).toBeNull();
      expect(["pending", "retrying"]).toContain(outbox().status);
    } finally {
      db.close();
    }
  });
});

test.describe("Subscribe Now", () => {
  test("chooses the plan and records the request as a new lead", async ({ page }) => {
    await gotoReady(page, "/subscription");
    await page.getByRole("link", { name: /Subscribe Now to the Business plan/ }).click();
    await expect(page).toHaveURL(/\?plan=business/);
    await expect(page.getByLabel("Plan", { exact: true })).toHaveValue("business");

    const email = `sub-${Date.now()}@example.com`;
    await page.getByLabel("Name", { exact: true }).fill("Harbour Studio");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Phone", { exact: true }).fill("02 5550 9876");
    await page.getByLabel("Suburb", { exact: true }).fill("Surry Hills");
    await page.getByLabel("First clean").fill("2099-02-03");
    await page.getByRole("button", { name: "Subscribe Now" }).click();

    await expect(page.getByText(/Your Business plan request is in/)).toBeVisible();

    const db = openServerDatabase();
    try {
      const lead = db
        .prepare(
          "select service_type, status, lead_status, lead_source, space_details from quotes where client_email = ?",
        )
        .get(email) as Record<string, string> | undefined;
      expect(lead).toMatchObject({
        service_type: "subscription",
        status: "pending_quote",
        lead_status: "new",
        lead_source: "website",
      });
      expect(JSON.parse(lead!.space_details!)).toMatchObject({ plan: "business" });
    } finally {
      db.close();
    }
  });
});

test.describe("a cleaner's public profile", () => {
  test("shows the cleaner's public details and never their email or phone", async ({ page }) => {
    const cleaner = cleanerWithStatus("available");
    const response = await gotoReady(page, `/provider/${cleaner.id}`);
    expect(response?.status()).toBe(200);

    // First name and the last name's initial, a capital whatever the cleaner typed.
    const [first, ...rest] = cleaner.name.split(" ");
    const shown = `${first} ${rest.at(-1)![0]!.toUpperCase()}.`;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(shown);
    const main = page.getByRole("main");
    // One price, the one the quote multiplies by the cleaner-hours: no day rate beside it.
    const priceBox = main.getByTestId("price-box");
    await expect(priceBox).toContainText("$50per cleaner-hour");
    expect((await priceBox.innerText()).match(/\$\d/g)).toHaveLength(1);
    await expect(main.getByRole("link", { name: /Book Now/ })).toHaveAttribute(
      "href",
      `/services/1?cleaner=${cleaner.id}`,
    );

    const html = await page.content();
    expect(html).not.toContain(cleaner.email);
    expect(html).not.toContain(cleaner.phone);
    expect(html).not.toContain(cleaner.name);
    await expect(main.locator('a[href^="mailto:"], a[href^="tel:"]')).toHaveCount(0);
  });

  test("an applicant awaiting review has no public page", async ({ page }) => {
    const applicant = cleanerWithStatus("pending_review");
    const response = await page.goto(`/provider/${applicant.id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find that page");
  });
});

test.describe("findable", () => {
  test("sitemap.xml lists the public pages and working cleaners, not applicants", async ({
    request,
  }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toContain("/contact</loc>");
    expect(xml).toContain("/policies</loc>");
    expect(xml).toContain(`/provider/${cleanerWithStatus("available").id}</loc>`);
    expect(xml).not.toContain(cleanerWithStatus("pending_review").id);
    expect(xml).not.toContain("/admin");
  });

  test("robots.txt keeps crawlers out of the admin and names the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toContain("Disallow: /admin");
    expect(text).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
  });

  test("the home page carries a canonical address, Open Graph tags and the business JSON-LD", async ({
    page,
  }) => {
    await gotoReady(page, "/");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      /^http:\/\/127\.0\.0\.1:\d+\/$/,
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      /High-end Cleaning in Sydney/,
    );
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    ) as Record<string, unknown>;
    expect(jsonLd).toMatchObject({ "@type": "HouseCleaning", areaServed: { name: "Sydney" } });
    expect(jsonLd.aggregateRating).toMatchObject({ "@type": "AggregateRating" });
  });

  test("the footer links to the policies page", async ({ page }) => {
    await gotoReady(page, "/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Policies" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our promises to you");
    await expect(page.getByText("100% satisfaction guarantee").first()).toBeVisible();
  });
});

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`the public site's new pages at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const target of ["/contact", "/subscription", "/policies", "provider"]) {
      test(`${target} has no accessibility violations and no sideways scroll`, async ({ page }) => {
        const url = target === "provider" ? `/provider/${cleanerWithStatus("busy").id}` : target;
        const response = await gotoReady(page, url);
        expect(response?.status()).toBe(200);
        await expect(page.locator("h1")).toHaveCount(1);
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
        await expectNoAxeViolations(page);
      });
    }
  });
}
