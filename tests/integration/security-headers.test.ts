import { createHash, randomBytes, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { insertMagicLink } from "~/features/auth/magic-links.repository.server";
import { addCustomer } from "~/features/customers/customers.test-data";
import { residentialRequest } from "~/features/quote/quote-fixtures";
import { projectRoot } from "../helpers/built-server";
import { cspDirectives } from "../helpers/csp";
import { startHostileServer, type HostileServer } from "../helpers/hostile-server";

// Security headers and cookies (docs/security.md): every kind of response the built server gives (public
// page, admin page, API JSON, static asset, 404, 400, 405, 415, redirect, a served upload) carries
// the same protections, and every cookie it sets is HttpOnly and SameSite, and Secure in
// production. Headers do not depend on the database, so this runs on SQLite only.
// `npm test` builds before vitest; on its own, run `npm run build` first.

const PUBLIC_URL = "https://www.example.test";
const ADMIN = { email: "owner@example.test", password: `pw-${randomBytes(12).toString("hex")}` };
const quote = { ...residentialRequest, images: [], photosWaived: true };

type Kind = { kind: string; path: string; init?: RequestInit; status: number | number[] };

/** Checks the headers every response must carry; `https` says whether HSTS is due. */
function expectProtected(response: Response, label: string, https: boolean) {
  const header = (name: string) => response.headers.get(name);
  const directives = cspDirectives(response);
  const scriptSources = directives.get("script-src") ?? directives.get("default-src") ?? [];
  expect(scriptSources, `${label}: script-src`).not.toContain("'unsafe-inline'");
  expect(scriptSources, `${label}: script-src`).not.toContain("'unsafe-eval'");
  // Only our origin, a per-response nonce or a hash of an inline script, and the analytics host
  // when staff configured the tag (not here).
  for (const source of scriptSources) {
    expect(source, `${label}: script source`).toMatch(/^('self'|'nonce-[^']+'|'sha256-[^']+')$/);
  }
  expect(directives.get("frame-ancestors"), `${label}: frame-ancestors`).toEqual(["'none'"]);
  expect(directives.get("object-src"), `${label}: object-src`).toEqual(["'none'"]);
  expect(header("x-content-type-options"), `${label}: nosniff`).toBe("nosniff");
  expect(header("referrer-policy"), `${label}: referrer`).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
  expect(header("x-powered-by"), `${label}: x-powered-by`).toBeNull();
  expect(header("server") ?? "", `${label}: server banner`).not.toMatch(/\d/);
  if (https) {
    expect(header("strict-transport-security"), `${label}: HSTS`).toMatch(/max-age=31536000/);
  } else {
    expect(header("strict-transport-security"), `${label}: HSTS over http`).toBeNull();
  }
}

/** Every Set-Cookie must be HttpOnly and SameSite Lax or Strict, and Secure when `secure`. */
function expectSafeCookies(response: Response, label: string, secure: boolean) {
  const cookies = response.headers.getSetCookie();
  for (const cookie of cookies) {
    const name = cookie.split("=", 1)[0];
    expect(cookie, `${label}: ${name} HttpOnly`).toMatch(/;\s*HttpOnly/i);
    expect(cookie, `${label}: ${name} SameSite`).toMatch(/;\s*SameSite=(Lax|Strict)/i);
    if (secure) expect(cookie, `${label}: ${name} Secure`).toMatch(/;\s*Secure/i);
  }
  return cookies;
}

describe.each([
  { name: "a local server over http", https: false },
  { name: "production behind an https proxy", https: true },
])("headers and cookies: $name", ({ https }) => {
  let hostile: HostileServer;
  let address = 0;
  let uploadUrl = "";
  const origin = () => (https ? PUBLIC_URL : hostile.baseUrl);

  beforeAll(async () => {
    hostile = await startHostileServer(
      "sqlite",
      https
        ? {
            APP_ENV: "production",
            NODE_ENV: "production",
            PUBLIC_URL,
            SESSION_SECRET: randomBytes(32).toString("hex"),
            DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
            PAYMENTS_MODE: "off",
            ADMIN_EMAIL: ADMIN.email,
            ADMIN_PASSWORD: ADMIN.password,
          }
        : {},
    );
    const photo = await sharp({
      create: { width: 32, height: 32, channels: 3, background: { r: 10, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set("photo", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "room.jpg");
    const uploaded = await send("/api/uploads", { method: "POST", body: form });
    expect(uploaded.status).toBe(201);
    uploadUrl = ((await uploaded.json()) as { url: string }).url;
  }, 90_000);

  afterAll(async () => {
    await hostile?.stop();
  });

  function send(urlPath: string, init: RequestInit = {}) {
    address += 1;
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", `10.20.0.${address}`);
    if (https) headers.set("x-forwarded-proto", "https");
    if (init.method === "POST") {
      headers.set("origin", origin());
      headers.set("sec-fetch-site", "same-origin");
    }
    return fetch(hostile.baseUrl + urlPath, { ...init, headers, redirect: "manual" });
  }

  const asset = () => `/assets/${readdirSync(path.join(projectRoot, "build/client/assets"))[0]}`;
  const json = (body: unknown): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

  const kinds: Kind[] = [
    { kind: "public page", path: "/", status: 200 },
    { kind: "public form page", path: "/contact", status: 200 },
    { kind: "admin page", path: "/admin/login", status: 200 },
    { kind: "API JSON", path: "/api/v1/estimate", init: json(quote), status: 200 },
    { kind: "API JSON error", path: "/api/v1/quotes", init: json({}), status: 422 },
    { kind: "API GET", path: "/api/suburbs?q=bo", status: 200 },
    { kind: "static asset", path: "(asset)", status: 200 },
    { kind: "robots.txt", path: "/robots.txt", status: 200 },
    { kind: "404 page", path: "/no-such-page", status: 404 },
    { kind: "404 upload", path: `/api/uploads/${randomUUID()}`, status: 404 },
    { kind: "400 path", path: "/api/uploads/%E0%A4%A", status: 400 },
    { kind: "405 method", path: "/", init: { method: "PUT" }, status: 405 },
    { kind: "415 body", path: "/contact", init: json({ a: 1 }), status: 415 },
    { kind: "redirect", path: "/admin", status: [302, 303] },
    { kind: "upload served", path: "(upload)", status: 200 },
  ];

  test.each(kinds)(
    "$kind carries the protections",
    async ({ kind, path: urlPath, init, status }) => {
      const resolved =
        urlPath === "(asset)" ? asset() : urlPath === "(upload)" ? uploadUrl : urlPath;
      const response = await send(resolved, init);
      await response.arrayBuffer();
      expect([status].flat(), `${kind} status`).toContain(response.status);
      expectProtected(response, kind, https);
      expectSafeCookies(response, kind, https);
    },
  );

  test("a served upload is an image that no browser may sniff into a page", async () => {
    const response = await send(uploadUrl);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("the staff and customer sessions' cookies are HttpOnly and Lax, Secure over https", async () => {
    // Production made its owner from ADMIN_EMAIL; the local server has the demo owner.
    const admin = https
      ? ADMIN
      : (
          JSON.parse(
            readFileSync(path.join(hostile.server.dataDir, "demo-logins.json"), "utf8"),
          ) as { role: string; email: string; password: string }[]
        ).find((login) => login.role === "owner")!;
    const login = await send("/admin/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: admin.email, password: admin.password }).toString(),
    });
    expect(login.status).toBe(302);
    const staff = expectSafeCookies(login, "staff sign-in", https);
    const session = staff.find((cookie) => cookie.startsWith("hg_session="));
    expect(session).toBeDefined();

    const board = await send("/admin/quotes?view=board", {
      headers: { cookie: session!.split(";", 1)[0]! },
    });
    await board.arrayBuffer();
    expect(board.status).toBe(200);
    expectProtected(board, "admin board", https);
    const view = expectSafeCookies(board, "lead view", https);
    expect(view.some((cookie) => cookie.startsWith("leads_view="))).toBe(true);

    // A customer's magic link, as the sign-in email would carry it.
    const token = randomBytes(32).toString("base64url");
    const at = new Date();
    const customerId = await addCustomer(hostile.db.db, {
      email: "customer@example.test",
      name: "Casey Customer",
      phone: null,
    });
    await insertMagicLink(hostile.db.db, {
      id: randomUUID(),
      token_hash: createHash("sha256").update(token).digest("hex"),
      email: "customer@example.test",
      customer_id: customerId,
      expires_at: new Date(at.getTime() + 10 * 60_000).toISOString(),
      created_at: at.toISOString(),
    });
    const verify = await send("/sign-in/verify", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(verify.status).toBe(302);
    const customer = expectSafeCookies(verify, "customer sign-in", https);
    expect(customer.some((cookie) => cookie.startsWith("hg_customer="))).toBe(true);
  });
});
