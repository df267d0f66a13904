import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ANALYTICS_TAG_ID_SETTING } from "~/features/settings/settings.service.server";
import { upsertSetting } from "~/features/settings/settings.repository.server";
import { bumpContentVersion } from "~/server/content-version.repository.server";
import { cspDirectives } from "../helpers/csp";
import { spawnSeededServerOn } from "../helpers/seeded-data-folder";
import { waitUntilListening, type ServerProcess } from "../helpers/server-process";
import { testDialects, type TestDatabase } from "../helpers/test-database";

// docs/decisions/0035-cacheable-public-pages.md against the built server (build/server.js; run
// `npm run build` first), on SQLite and, with TEST_DATABASE_URL, on a PostgreSQL database of its
// own: the public pages a CDN may keep carry a CSP built from the hashes of their own inline
// scripts, the public cache header and an ETag from the content version; every other page stays
// private with a per-response nonce.

const CACHEABLE = [
  "/",
  "/services",
  "/services/1",
  "/about",
  "/contact",
  "/policies",
  "/subscription",
  "/work-with-us",
];
const PRIVATE = ["/sign-in", "/bookings", "/profile", "/admin/login"];
const PUBLIC_CACHE = "public, s-maxage=60, stale-while-revalidate=600";
const GTAG = "https://www.googletagmanager.com";

/** The hash source of every inline <script> of the page, recomputed from the body as sent. */
function inlineScriptHashes(html: string) {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text!, "utf8").digest("base64")}'`);
  }
  return hashes;
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers, redirect: "manual" });
  return { response, html: await response.text(), csp: cspDirectives(response) };
}

/** What the marketing and settings screens do: a content change and a version bump, at once. */
async function saveAnalyticsTag(database: TestDatabase, value: string) {
  await database.db.transaction().execute(async (trx) => {
    await upsertSetting(trx, {
      key: ANALYTICS_TAG_ID_SETTING,
      value: JSON.stringify(value),
      updated_at: new Date().toISOString(),
      updated_by: null,
    });
    await bumpContentVersion(trx);
  });
}

describe.each(testDialects)("public pages on %s", (dialect) => {
  let database: TestDatabase;
  let server: ServerProcess;
  let baseUrl: string;

  beforeAll(async () => {
    ({ server, database } = await spawnSeededServerOn(dialect));
    baseUrl = await waitUntilListening(server);
  }, 60_000);

  afterAll(async () => {
    await server?.cleanUp();
    await database?.destroy();
  });

  test("a cacheable page allows exactly its own inline scripts by hash, and no nonce", async () => {
    for (const page of CACHEABLE) {
      const { response, html, csp } = await get(`${baseUrl}${page}`);
      expect(response.status, page).toBe(200);
      const scriptSrc = csp.get("script-src") ?? [];
      expect(scriptSrc, page).not.toContain("'unsafe-inline'");
      expect(
        scriptSrc.filter((value) => value.startsWith("'nonce-")),
        page,
      ).toEqual([]);
      const hashes = scriptSrc.filter((value) => value.startsWith("'sha256-"));
      expect(new Set(hashes), page).toEqual(inlineScriptHashes(html));
      expect(hashes.length, page).toBeGreaterThan(0);
      expect(csp.get("frame-ancestors"), page).toEqual(["'none'"]);
    }
  });

  test("a cacheable page says public with an ETag, and sets no cookie", async () => {
    for (const page of CACHEABLE) {
      const { response } = await get(`${baseUrl}${page}`);
      expect(response.headers.get("cache-control"), page).toBe(PUBLIC_CACHE);
      expect(response.headers.get("etag"), page).toMatch(/^W\/"[^"]+"$/);
      expect(response.headers.get("set-cookie"), page).toBeNull();
      expect(response.headers.get("x-content-type-options"), page).toBe("nosniff");
    }
  });

  test("a visitor's cookies change nothing on a shared page; only /subscription varies by them", async () => {
    const anonymous = await get(`${baseUrl}/about`);
    const withCookies = await get(`${baseUrl}/about`, {
      cookie: "hg_session=forged; hg_customer=forged; other=1",
    });
    expect(withCookies.html).toBe(anonymous.html);
    expect(withCookies.response.headers.get("etag")).toBe(anonymous.response.headers.get("etag"));
    expect(anonymous.response.headers.get("vary")).not.toMatch(/cookie/i);

    const plans = await get(`${baseUrl}/subscription`);
    expect(plans.response.headers.get("vary")).toMatch(/cookie/i);
    // A customer's cookie takes the page out of the cache: rendered for them, never shared.
    const customer = await get(`${baseUrl}/subscription`, { cookie: "hg_customer=forged" });
    expect(customer.response.headers.get("cache-control") ?? "").not.toContain("public");
    expect((customer.csp.get("script-src") ?? []).join(" ")).toContain("'nonce-");
  });

  test("a repeat visit gets the stored copy; If-None-Match with its ETag answers 304", async () => {
    const first = await get(`${baseUrl}/services`);
    const again = await get(`${baseUrl}/services`);
    // The stored copy is sent as it was kept: the same policy and the same body.
    expect(again.response.headers.get("content-security-policy")).toBe(
      first.response.headers.get("content-security-policy"),
    );
    expect(again.html).toBe(first.html);

    const etag = first.response.headers.get("etag")!;
    const notModified = await fetch(`${baseUrl}/services`, { headers: { "if-none-match": etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("etag")).toBe(etag);
    expect(await notModified.text()).toBe("");
  });

  test("a content edit gives a new ETag, the new content and a policy that matches it", async () => {
    const before = await get(`${baseUrl}/`);
    expect(before.html).not.toContain("googletagmanager");
    const etag = before.response.headers.get("etag")!;

    await saveAnalyticsTag(database, "G-CACHE1234");
    const after = await get(`${baseUrl}/`, { "if-none-match": etag });
    expect(after.response.status).toBe(200);
    expect(after.response.headers.get("etag")).not.toBe(etag);
    expect(after.html).toContain(`${GTAG}/gtag/js?id=G-CACHE1234`);
    const scriptSrc = after.csp.get("script-src") ?? [];
    expect(scriptSrc).toContain(GTAG);
    expect(new Set(scriptSrc.filter((value) => value.startsWith("'sha256-")))).toEqual(
      inlineScriptHashes(after.html),
    );

    await saveAnalyticsTag(database, "");
    expect((await get(`${baseUrl}/`)).html).not.toContain("googletagmanager");
  });

  test("private pages stay private, no-store, with a fresh nonce on every script", async () => {
    for (const page of PRIVATE) {
      const { response, html, csp } = await get(`${baseUrl}${page}`);
      expect(response.headers.get("cache-control"), page).toContain("no-store");
      expect(response.headers.get("etag"), page).toBeNull();
      const nonce = /^'nonce-([^']+)'$/.exec(
        (csp.get("script-src") ?? []).find((value) => value.startsWith("'nonce-")) ?? "",
      )?.[1];
      expect(nonce, page).toBeTruthy();
      const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter(
        (tag) => !tag.includes('type="application/ld+json"'),
      );
      for (const tag of scripts) expect(tag, page).toContain(`nonce="${nonce}"`);
    }
  });

  test("the health check, answered before Express, carries the same security headers", async () => {
    const health = await fetch(`${baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });
    expect(health.headers.get("cache-control")).toBe("no-store");
    const page = await fetch(`${baseUrl}/admin/login`);
    for (const name of [
      "content-security-policy",
      "permissions-policy",
      "referrer-policy",
      "x-content-type-options",
      "x-frame-options",
      "cross-origin-opener-policy",
      "cross-origin-resource-policy",
    ]) {
      expect(health.headers.get(name), name).toBeTruthy();
      if (name !== "content-security-policy") {
        expect(health.headers.get(name), name).toBe(page.headers.get(name));
      }
    }
  });
});
