import type { APIResponse } from "@playwright/test";
import { expect, test } from "./fixtures";

// What the Express server promises over plain HTTP, checked against the built app
// (server.ts: headers, compression, body limit, static files, health check, errors).

/** A stack frame as Node prints it ("    at fn (file.js:1:2)"), which must never reach a visitor. */
const STACK_FRAME = /^\s*at .*(:\d+:\d+\)?|\(native\)|<anonymous>)$/m;

function cspDirectives(response: APIResponse) {
  const header = response.headers()["content-security-policy"];
  expect(header, "Content-Security-Policy header").toBeTruthy();
  return new Map(
    header!
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

async function expectNoInternals(response: APIResponse) {
  const body = await response.text();
  expect(body, `${response.url()} shows a stack trace`).not.toMatch(STACK_FRAME);
  expect(body, `${response.url()} names a dependency path`).not.toContain("node_modules");
}

test.describe("security headers", () => {
  // Public pages a CDN may keep allow their scripts by hash instead (decision 0035,
  // tests/integration/public-page-cache.test.ts).
  test("every private page carries a nonce-based script policy, and every script its nonce", async ({
    request,
  }) => {
    const response = await request.get("/sign-in");
    const scriptSrc = cspDirectives(response).get("script-src") ?? [];
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const nonces = scriptSrc.flatMap((value) => /^'nonce-([^']+)'$/.exec(value)?.[1] ?? []);
    expect(nonces).toHaveLength(1);
    const nonce = nonces[0]!;
    expect(nonce.length).toBeGreaterThanOrEqual(16);

    // JSON-LD is a data block the browser never runs, so the policy does not apply to it.
    const scripts = ((await response.text()).match(/<script\b[^>]*>/g) ?? []).filter(
      (tag) => !tag.includes('type="application/ld+json"'),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) {
      expect(tag, "a <script> without the response's nonce").toContain(`nonce="${nonce}"`);
    }

    // A nonce is only worth anything if it changes with every response.
    const again = cspDirectives(await request.get("/sign-in")).get("script-src") ?? [];
    expect(again).not.toContain(`'nonce-${nonce}'`);
  });

  test("pages may not be framed, sniffed or fingerprinted", async ({ request }) => {
    for (const path of ["/", "/admin/login", "/no-such-page"]) {
      const response = await request.get(path);
      const headers = response.headers();
      expect(cspDirectives(response).get("frame-ancestors"), path).toEqual(["'none'"]);
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["x-powered-by"], path).toBeUndefined();
    }
  });
});

test.describe("answers", () => {
  test("the health check answers 200 with JSON while the database is reachable", async ({
    request,
  }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(await response.json()).toMatchObject({ status: "ok" });
  });

  test("an unknown address answers 404 with an HTML page", async ({ request }) => {
    const response = await request.get("/no-such-page");
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toContain("text/html");
    expect(await response.text()).toMatch(/<h1[\s>]/);
    await expectNoInternals(response);
  });

  test("a body larger than the limit is refused with 413 before anything reads it", async ({
    request,
  }) => {
    const response = await request.post("/contact", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      data: Buffer.alloc(1024 * 1024, "a"),
    });
    expect(response.status()).toBe(413);
    await expectNoInternals(response);
  });

  test("a malformed address answers 400 without a stack trace", async ({ request }) => {
    const response = await request.get("/%E0%A4%A");
    expect(response.status()).toBe(400);
    await expectNoInternals(response);
  });

  test("no answer, good or bad, shows a stack trace or a dependency path", async ({ request }) => {
    const answers = await Promise.all([
      request.get("/"),
      request.get("/services/9"),
      request.get("/admin/login"),
      request.get("/admin/dashboard", { maxRedirects: 0 }),
      request.get("/quote-result?ref=not-a-reference"),
      request.post("/admin/login", { form: { intent: "nonsense" } }),
      request.post("/contact", { form: { nonsense: "x" } }),
      request.get("/healthz"),
    ]);
    for (const response of answers) await expectNoInternals(response);
  });
});

test.describe("static files and compression", () => {
  test("hashed assets are cached for a year as immutable", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of new Set(assets)) {
      const response = await request.get(asset);
      expect(response.status(), asset).toBe(200);
      const cacheControl = response.headers()["cache-control"] ?? "";
      expect(cacheControl, asset).toContain("immutable");
      expect(cacheControl, asset).toMatch(/max-age=31536000\b/);
    }
  });

  test("HTML is sent gzip-compressed to a client that accepts it", async ({ request }) => {
    const response = await request.get("/", { headers: { "accept-encoding": "gzip" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-encoding"]).toBe("gzip");
    // The client unpacks it: the page itself arrives intact.
    expect(await response.text()).toContain("</html>");
  });
});

test.describe("loading order", () => {
  test("a public page asks for its scripts at low priority, after its photos and fonts", async ({
    request,
  }) => {
    // The pages that hydrate after their first paint ask for no script with the page at all
    // (docs/decisions/0099-hydrate-after-first-paint.md); these hydrate as they load.
    for (const page of ["/post-construction-form", "/work-with-us"]) {
      const html = await (await request.get(page)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      const preloads = [...head.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
      expect(preloads.length, page).toBeGreaterThan(1);
      for (const link of preloads) expect(link, page).toContain('fetchpriority="low"');
      // The stylesheet and the fonts keep their default, high priority.
      const others = [...head.matchAll(/<link[^>]*rel="(?:stylesheet|preload)"[^>]*>/g)];
      expect(
        others.some((m) => m[0].includes('rel="stylesheet"')),
        page,
      ).toBe(true);
      for (const [link] of others) expect(link, page).not.toContain('fetchpriority="low"');
    }
  });

  test("the marketing pages and the quote start hold their script preloads until the first paint", async ({
    request,
  }) => {
    for (const page of ["/", "/services", "/about", "/contact", "/services/1"]) {
      const html = await (await request.get(page)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head, page).not.toContain('<link rel="modulepreload"');
      expect(head.match(/<link rel="deferred-modulepreload"/g)?.length ?? 0, page).toBeGreaterThan(
        1,
      );
      expect(html, page).toContain('type="text/x-module-after-paint"');
    }
  });
});
