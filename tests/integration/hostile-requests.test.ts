import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { residentialRequest } from "~/features/quote/quote-fixtures";
import { spawnSeededServer } from "../helpers/seeded-data-folder";
import { waitUntilListening, type ServerProcess } from "../helpers/server-process";

// Requests an attacker sends, against the built server (build/server.js) as production runs it:
// each is refused with a 4xx before it reaches a route, and none leaves a stack trace in the log.
// `npm test` builds before vitest; on its own, run `npm run build` first.

const STACK_FRAME = /^\s*at .+:\d+:\d+\)?$/m;
const API_KEY = "k".repeat(40);
const quote = { ...residentialRequest, images: [], photosWaived: true };

/** One raw HTTP/1.1 exchange, the path sent exactly as written (no client normalisation). */
function rawRequest(baseUrl: string, head: string, body = "") {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
    socket.on("close", () => resolve(received));
    socket.on("error", (error) => (received ? resolve(received) : reject(error)));
    socket.write(`${head}\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n${body}`);
  });
}

/** Resolves once the server has written no line for 300 ms: request lines are written after the answer. */
async function logQuiet() {
  let seen = -1;
  while (server.output().length !== seen) {
    seen = server.output().length;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);

let server: ServerProcess;
let baseUrl: string;
let address = 0;

beforeAll(async () => {
  server = await spawnSeededServer({ TRUST_PROXY: "on", LOG_LEVEL: "info", API_KEYS: API_KEY });
  // Generous: these suites start servers side by side on a loaded 2-core machine.
  baseUrl = await waitUntilListening(server, 45_000);
}, 60_000);

afterAll(async () => {
  await server?.cleanUp();
});

/** fetch from an address of the test's own, so the public-form limit of one test spares the rest. */
function send(path: string, init: RequestInit = {}) {
  address += 1;
  const headers = new Headers(init.headers);
  headers.set("x-forwarded-for", `203.0.113.${address}`);
  return fetch(baseUrl + path, { ...init, headers, redirect: "manual" });
}

describe("paths and methods", () => {
  test.each([
    "/api/uploads/../v1/quotes",
    "/api/uploads/%2e%2e/v1/quotes",
    "/api/uploads/%2E%2E%2Fv1/quotes",
    "/admin/marketing/../../contact",
    "/api/uploads/..\\v1/quotes",
  ])("a path with dot segments (%s) is refused before its body is read", async (path) => {
    // Declares 11 MB: the uploads limit (12 MB) would let it through to the quote API (256 KB).
    const answer = await rawRequest(
      baseUrl,
      `POST ${path} HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: ${11 * 1024 * 1024}`,
      "{}",
    );
    expect(statusOf(answer)).toBe(400);
  });

  test("the body limit follows the routed path: 11 MB to the quote API is too large", async () => {
    const answer = await rawRequest(
      baseUrl,
      `POST /api/v1/quotes HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: ${11 * 1024 * 1024}`,
      "{}",
    );
    expect(statusOf(answer)).toBe(413);
  });

  test.each(["TRACE", "PUT", "DELETE", "PROPFIND"])(
    "%s is answered 405 with Allow",
    async (method) => {
      const answer = await rawRequest(baseUrl, `${method} / HTTP/1.1`);
      expect(statusOf(answer)).toBe(405);
      expect(answer).toMatch(/^allow: GET, HEAD, POST\r$/im);
    },
  );

  test.each([
    "/about",
    "/about.data",
    "/robots.txt",
    "/sitemap.xml",
    "/api/suburbs",
    "/no-such-page",
    "/_root.data",
  ])("a post to %s, which has no action, is a quiet 405 with Allow", async (path) => {
    const before = server.output().split("\n").length;
    const response = await send(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
      body: "name=x",
    });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
    expect(await response.text()).toBe("Method not allowed.");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const lines = server.output().split("\n").slice(before);
    expect(lines.filter((line) => line.includes('"level":50'))).toEqual([]);
    expect(lines.join("\n")).not.toMatch(STACK_FRAME);
  });

  test("posts to pages with an action still reach it, index routes by ?index", async () => {
    const contact = await send("/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
      body: "name=",
    });
    expect(contact.status).not.toBe(405);
    const adminIndex = await send("/admin?index", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
      body: "x=1",
    });
    expect(adminIndex.status).not.toBe(405);
  });

  test("every response says which browser features no page may use", async () => {
    const response = await send("/");
    expect(response.headers.get("permissions-policy")).toMatch(/camera=\(\)/);
    expect(response.headers.get("permissions-policy")).toMatch(/geolocation=\(\)/);
    // Only the cleaner's app may ask for the location (check-in), and only for this origin.
    const cleanerApp = await send("/cleaner/sign-in");
    expect(cleanerApp.headers.get("permissions-policy")).toMatch(/geolocation=\(self\)/);
    expect(cleanerApp.headers.get("permissions-policy")).toMatch(/camera=\(\)/);
    const lookalike = await send("/cleaners");
    expect(lookalike.headers.get("permissions-policy")).toMatch(/geolocation=\(\)/);
  });
});

describe("bodies that are not forms", () => {
  test.each([
    "/contact",
    "/subscription",
    "/services/1",
    "/post-construction-contact",
    "/admin/login",
    "/admin/settings",
    "/admin/deliveries",
  ])("a JSON body posted to %s is 415, not a crash", async (path) => {
    const response = await send(path, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify({ name: "x" }),
    });
    expect(response.status).toBe(415);
  });

  test("refusals leave one log line each and no stack trace", async () => {
    // Earlier tests' lines are written when their responses finish: let them land first.
    await logQuiet();
    const before = server.output().length;
    await send("/contact", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
      },
      body: "firstName=A&lastName=B&email=a%40example.com&message=hello",
    });
    await send("/contact", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "x",
    });
    await rawRequest(baseUrl, "TRACE / HTTP/1.1");
    await logQuiet();
    const lines = server.output().slice(before).split("\n");
    expect(lines.join("\n")).not.toMatch(STACK_FRAME);
    expect(lines.filter((line) => line.includes('"path":"/contact"'))).toHaveLength(2);
  });
});

describe("answers given before the body is read", () => {
  test("a signed-out post with a large body is answered, and the connection stays usable", async () => {
    // /profile/details answers a stranger 401 without reading the form; the rest of the body
    // must be discarded, not left stuck, or the next request on the connection is reset.
    for (let round = 0; round < 3; round += 1) {
      const refused = await send("/profile/details", {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: baseUrl,
          "sec-fetch-site": "same-origin",
        },
        body: `name=${"%E2%80%8B".repeat(20_000)}`,
      });
      expect(refused.status).toBe(401);
      await refused.text();
      const next = await send("/contact");
      expect(next.status).toBe(200);
      await next.text();
    }
  });
});

describe("cross-site writes to the JSON API", () => {
  test("a content type that merely contains application/json is 415", async () => {
    const response = await send("/api/v1/quotes", {
      method: "POST",
      headers: { "content-type": "text/plain; application/json" },
      body: JSON.stringify(quote),
    });
    expect(response.status).toBe(415);
  });

  test("application/json with a charset is read", async () => {
    const response = await send("/api/v1/estimate", {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify(quote),
    });
    expect(response.status).toBe(200);
  });

  test.each([
    ["an Origin of another site", { origin: "https://evil.example" }],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
  ])("a quote posted with %s is refused and not stored", async (_label, extra) => {
    const response = await send("/api/v1/quotes", {
      method: "POST",
      headers: { "content-type": "application/json", ...extra },
      body: JSON.stringify(quote),
    });
    expect(response.status).toBe(403);
  });

  test("a no-cors multipart upload from another site is refused", async () => {
    const form = new FormData();
    form.set("photo", new Blob([Buffer.from("not really a photo")]), "photo.jpg");
    const response = await send("/api/uploads", {
      method: "POST",
      headers: { origin: "https://evil.example", "sec-fetch-mode": "no-cors" },
      body: form,
    });
    expect(response.status).toBe(403);
  });

  test("this site's own pages and key-holding servers may write", async () => {
    const ownPage = await send("/api/v1/quotes", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: baseUrl,
        "sec-fetch-site": "same-origin",
      },
      body: JSON.stringify(quote),
    });
    expect(ownPage.status).toBe(201);
    const withKey = await send("/api/v1/quotes", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: "https://partner.example",
        authorization: `Bearer ${API_KEY}`,
      },
      body: JSON.stringify(quote),
    });
    expect(withKey.status).toBe(201);
    const wrongKey = await send("/api/v1/quotes", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${"x".repeat(40)}` },
      body: JSON.stringify(quote),
    });
    expect(wrongKey.status).toBe(401);
  });

  test("the wizard's own action refuses a post from another site", async () => {
    const response = await send("/services/1", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "cross-site",
      },
      body: new URLSearchParams({ payload: JSON.stringify(quote) }).toString(),
    });
    expect(response.status).toBe(403);
  });
});

describe("timeouts", () => {
  test("a body that never finishes is cut off after REQUEST_TIMEOUT_SECONDS", async () => {
    const slow = await spawnSeededServer({ REQUEST_TIMEOUT_SECONDS: "2" });
    try {
      const url = await waitUntilListening(slow);
      const started = Date.now();
      const answer = await rawRequest(
        url,
        "POST /contact HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000",
        "firstName=A",
      );
      expect(statusOf(answer)).toBe(408);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await slow.cleanUp();
    }
  }, 60_000);
});

describe("behind a reverse proxy that sends no X-Forwarded-Proto", () => {
  let behind: ServerProcess;
  let proxy: http.Server;
  let proxyUrl: string;

  beforeAll(async () => {
    behind = await spawnSeededServer({ TRUST_PROXY: "on", PUBLIC_URL: "https://www.example.test" });
    const target = new URL(await waitUntilListening(behind));
    // A TLS-terminating proxy, minus the TLS: it passes the request on with the public Host and
    // X-Forwarded-For/-Host, as nginx does by default, and no X-Forwarded-Proto.
    proxy = http.createServer((req, res) => {
      const upstream = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: {
            ...req.headers,
            host: `${target.hostname}:${target.port}`,
            "x-forwarded-host": "www.example.test",
            "x-forwarded-for": "198.51.100.77",
          },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    await new Promise((resolve) => proxy?.close(resolve));
    await behind?.cleanUp();
  });

  const contact = new URLSearchParams({
    firstName: "Ada",
    lastName: "Proxy",
    email: "ada.proxy@example.com",
    phone: "0412 345 678",
    message: "Hello through the proxy",
  }).toString();

  test("a form posted from the public https origin goes through", async () => {
    const response = await fetch(`${proxyUrl}/contact`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://www.example.test",
        "sec-fetch-site": "same-origin",
      },
      body: contact,
      redirect: "manual",
    });
    expect(response.status).toBeLessThan(400);
  });

  test("a form posted from another origin is still refused", async () => {
    const response = await fetch(`${proxyUrl}/contact`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
      },
      body: contact,
      redirect: "manual",
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});
