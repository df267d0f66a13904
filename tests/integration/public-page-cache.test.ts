import Database from "better-sqlite3";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  spawnBuiltServer,
  waitUntilListening,
  type ServerProcess,
} from "../helpers/server-process";

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

function directives(response: Response) {
  const header = response.headers.get("content-security-policy") ?? "";
  return new Map(
    header
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

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
  return { response, html: await response.text(), csp: directives(response) };
}

type Target = {
  name: string;
  env: () => Promise<Record<string, string>>;
  /** What the marketing and settings screens do: a content change and a version bump, at once. */
  saveAnalyticsTag: (dataDir: string, value: string) => Promise<void>;
  dispose: () => Promise<void>;
};

const sqlite: Target = {
  name: "SQLite",
  env: async () => ({}),
  saveAnalyticsTag: async (dataDir, value) => {
    const db = new Database(path.join(dataDir, "app.db"));
    try {
      db.transaction(() => {
        db.prepare(
          "insert into settings (key, value, updated_at, updated_by) values ('analytics_tag_id', ?, ?, null) " +
            "on conflict (key) do update set value = excluded.value",
        ).run(JSON.stringify(value), new Date().toISOString());
        db.prepare("update content_version set version = version + 1 where id = 1").run();
      })();
    } finally {
      db.close();
    }
  },
  dispose: async () => {},
};

function postgres(): Target {
  const database = `hg_page_cache_${randomBytes(6).toString("hex")}`;
  const url = (name: string) => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    target.pathname = `/${name}`;
    return target.toString();
  };
  const run = async (connectionString: string, statements: Array<[string, unknown[]]>) => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      for (const [text, values] of statements) await client.query(text, values);
    } finally {
      await client.end();
    }
  };
  return {
    name: "PostgreSQL",
    env: async () => {
      await run(process.env.TEST_DATABASE_URL!, [[`create database ${database}`, []]]);
      return { DATABASE_URL: url(database) };
    },
    saveAnalyticsTag: (_dataDir, value) =>
      run(url(database), [
        ["begin", []],
        [
          "insert into settings (key, value, updated_at, updated_by) values ('analytics_tag_id', $1, $2, null) " +
            "on conflict (key) do update set value = excluded.value",
          [JSON.stringify(value), new Date().toISOString()],
        ],
        ["update content_version set version = version + 1 where id = 1", []],
        ["commit", []],
      ]),
    dispose: () =>
      run(process.env.TEST_DATABASE_URL!, [
        [`drop database if exists ${database} with (force)`, []],
      ]),
  };
}

const targets = [sqlite, ...(process.env.TEST_DATABASE_URL ? [postgres()] : [])];

describe.each(targets)("public pages on $name", (target) => {
  let server: ServerProcess;
  let dataDir: string;
  let baseUrl: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-page-cache-"));
    server = spawnBuiltServer({ DATA_DIR: dataDir, ...(await target.env()) });
    baseUrl = await waitUntilListening(server);
  }, 60_000);

  afterAll(async () => {
    await server?.cleanUp();
    rmSync(dataDir, { recursive: true, force: true });
    await target.dispose();
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

    await target.saveAnalyticsTag(dataDir, "G-CACHE1234");
    const after = await get(`${baseUrl}/`, { "if-none-match": etag });
    expect(after.response.status).toBe(200);
    expect(after.response.headers.get("etag")).not.toBe(etag);
    expect(after.html).toContain(`${GTAG}/gtag/js?id=G-CACHE1234`);
    const scriptSrc = after.csp.get("script-src") ?? [];
    expect(scriptSrc).toContain(GTAG);
    expect(new Set(scriptSrc.filter((value) => value.startsWith("'sha256-")))).toEqual(
      inlineScriptHashes(after.html),
    );

    await target.saveAnalyticsTag(dataDir, "");
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
