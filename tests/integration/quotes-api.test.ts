import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { commercialRequest, residentialRequest } from "~/features/quote/quote-fixtures";
import { CREATE_QUOTE_MESSAGES, QUOTE_WIZARD_MESSAGES } from "~/features/quote/quote-messages";
import {
  spawnBuiltServer,
  waitUntilListening,
  type ServerProcess,
} from "../helpers/server-process";
import { dropTestSchema, testDialects, withSchemaLock } from "../helpers/test-database";

// The quote API over real HTTP, against the built server (build/server.js) as production runs it.
// `npm test` builds before vitest; on its own, run `npm run build` first.
// TRUST_PROXY=on lets each test speak from its own address (X-Forwarded-For), so the docs/decisions/0026-abuse-protection.md limit
// one test exhausts does not touch the others.

const home = { ...residentialRequest, images: [], photosWaived: true };

describe.each(testDialects)("the quote API on %s", (dialect) => {
  let server: ServerProcess;
  let baseUrl: string;
  let schema: string | undefined;
  let address = 0;

  beforeAll(async () => {
    const env: Record<string, string> = { TRUST_PROXY: "on", LOG_LEVEL: "info" };
    if (dialect === "postgres") {
      const url = process.env.TEST_DATABASE_URL!;
      const ownSchema = `test_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
      schema = ownSchema;
      const withSchema = new URL(url);
      withSchema.searchParams.set("options", `-c search_path=${ownSchema}`);
      env.DATABASE_URL = withSchema.toString();
      // The server migrates its schema as it starts: that takes turns with the other test files.
      await withSchemaLock(async (admin) => {
        await admin.query(`create schema ${ownSchema}`);
        server = spawnBuiltServer(env);
        baseUrl = await waitUntilListening(server);
      });
      return;
    }
    server = spawnBuiltServer(env);
    baseUrl = await waitUntilListening(server);
  }, 60_000);

  afterAll(async () => {
    await server?.cleanUp();
    if (schema) await dropTestSchema(schema);
  });

  /** A request from an address of the test's own. */
  function client() {
    address += 1;
    const ip = `198.51.100.${address}`;
    return (path: string, init: RequestInit & { json?: unknown } = {}) => {
      const { json, ...rest } = init;
      const headers = new Headers(rest.headers);
      headers.set("x-forwarded-for", ip);
      if (json !== undefined) headers.set("content-type", "application/json");
      return fetch(baseUrl + path, {
        ...rest,
        headers,
        redirect: "manual",
        ...(json !== undefined ? { method: "POST", body: JSON.stringify(json) } : {}),
      });
    };
  }

  test("a valid quote is stored: 201 with the reference, hours, cleaners and total", async () => {
    const send = client();
    const response = await send("/api/v1/quotes", { json: { ...home, totalCents: 1, hours: 1 } });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      hours: 4.5,
      cleaners: 1,
      hourlyRateCents: 5000,
      totalCents: 22_500,
    });
    expect(body.reference).toMatch(/^HG-[A-Z2-9]{10}$/);
    expect(body.resultUrl).toBe(`/quote-result?ref=${body.reference as string}`);
    expect(response.headers.get("location")).toBe(body.resultUrl);

    const page = await send(body.resultUrl as string);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("4.5 hours");
    expect(html).toContain("$225.00");
  });

  test.each([
    [
      "leadInfo.name",
      { leadInfo: { ...home.leadInfo, name: "" } },
      CREATE_QUOTE_MESSAGES.clientNameRequired,
    ],
    [
      "leadInfo.email",
      { leadInfo: { ...home.leadInfo, email: undefined } },
      CREATE_QUOTE_MESSAGES.clientEmailRequired,
    ],
    ["serviceType", { serviceType: "mansion" }, CREATE_QUOTE_MESSAGES.serviceTypeRequired],
    ["cleaningLevel", { cleaningLevel: undefined }, CREATE_QUOTE_MESSAGES.cleaningLevelRequired],
  ])(
    "a missing %s is a 422 naming the field with the spec's message",
    async (field, change, message) => {
      const response = await client()("/api/v1/quotes", { json: { ...home, ...change } });
      expect(response.status).toBe(422);
      const body = (await response.json()) as {
        error: string;
        fieldErrors: Record<string, string>;
      };
      expect(body.error).toBe(message);
      expect(body.fieldErrors[field]).toBe(message);
    },
  );

  test("a suburb not on the NSW list is a 422 naming the address, on both endpoints", async () => {
    const send = client();
    const melbourne = { ...home, spaceDetails: { ...home.spaceDetails, address: "Melbourne" } };
    for (const path of ["/api/v1/estimate", "/api/v1/quotes"]) {
      const response = await send(path, { json: melbourne });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        error: QUOTE_WIZARD_MESSAGES.incomplete,
        fieldErrors: { "spaceDetails.address": QUOTE_WIZARD_MESSAGES.suburbNotListed },
      });
    }
    const mosman = { ...home, spaceDetails: { ...home.spaceDetails, address: "Mosman NSW 2088" } };
    expect((await send("/api/v1/estimate", { json: mosman })).status).toBe(200);
  });

  // A gap a probe found: a retry after a cut connection must not become a second lead.
  test("a retry with the same Idempotency-Key gets the first answer again, not a second quote", async () => {
    const send = client();
    const key = crypto.randomUUID();
    const first = await send("/api/v1/quotes", { json: home, headers: { "idempotency-key": key } });
    expect(first.status).toBe(201);
    const firstBody = (await first.json()) as { reference: string };
    const retries = await Promise.all(
      [1, 2, 3].map(() =>
        send("/api/v1/quotes", { json: home, headers: { "idempotency-key": key } }),
      ),
    );
    for (const retry of retries) {
      expect(retry.status).toBe(201);
      expect(retry.headers.get("idempotent-replayed")).toBe("true");
      expect(((await retry.json()) as { reference: string }).reference).toBe(firstBody.reference);
    }
    // Without a key, the same body is a new quote.
    const unkeyed = await send("/api/v1/quotes", { json: home });
    expect(((await unkeyed.json()) as { reference: string }).reference).not.toBe(
      firstBody.reference,
    );
  });

  test("an Idempotency-Key reused for another body is 422, and a malformed key 400", async () => {
    const send = client();
    const key = crypto.randomUUID();
    expect(
      (await send("/api/v1/quotes", { json: home, headers: { "idempotency-key": key } })).status,
    ).toBe(201);
    const other = { ...home, leadInfo: { ...home.leadInfo, name: "Someone Else" } };
    const reused = await send("/api/v1/quotes", {
      json: other,
      headers: { "idempotency-key": key },
    });
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as { error: string }).error).toMatch(/already used/);
    const malformed = await send("/api/v1/quotes", {
      json: home,
      headers: { "idempotency-key": "x".repeat(300) },
    });
    expect(malformed.status).toBe(400);
  });

  test("every bad field gets its own message in one answer", async () => {
    const response = await client()("/api/v1/quotes", {
      json: {
        ...home,
        spaceDetails: { type: "house", bedrooms: -1 },
        leadInfo: { name: "A", email: "x", phone: "1" },
      },
    });
    expect(response.status).toBe(422);
    const { fieldErrors } = (await response.json()) as { fieldErrors: Record<string, string> };
    expect(Object.keys(fieldErrors).sort()).toEqual(
      ["leadInfo.email", "leadInfo.phone", "spaceDetails.bedrooms"].sort(),
    );
  });

  test("malformed JSON is a 400, another content type a 415, and neither is stored", async () => {
    const send = client();
    const broken = await send("/api/v1/quotes", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"serviceType": "residential",',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: "The request body is not valid JSON." });
    const form = await send("/api/v1/quotes", {
      method: "POST",
      body: new URLSearchParams({ a: "b" }),
    });
    expect(form.status).toBe(415);
  });

  test("a filled honeypot is refused", async () => {
    const response = await client()("/api/v1/quotes", {
      json: { ...home, website: "http://spam.example" },
    });
    expect(response.status).toBe(400);
  });

  test("past 10 submissions a minute from one address, the answer is 429 with Retry-After", async () => {
    const send = client();
    const statuses: number[] = [];
    let limited: Response | undefined;
    // 25 in a row: even if a minute boundary falls among them, one window sees more than 10.
    for (let i = 0; i < 25; i += 1) {
      const response = await send("/api/v1/quotes", { json: {} });
      statuses.push(response.status);
      if (response.status === 429) limited ??= response;
    }
    expect(statuses.slice(0, 10).every((status) => status === 422 || status === 429)).toBe(true);
    expect(limited, `statuses: ${statuses.join(",")}`).toBeDefined();
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited!.json()) as { error: string }).error).toMatch(/too many times/);
    // Another address is not affected.
    expect((await client()("/api/v1/quotes", { json: home })).status).toBe(201);
  });

  test("an estimate prices a payload and stores nothing", async () => {
    const send = client();
    const response = await send("/api/v1/estimate", {
      json: {
        serviceType: "commercial",
        spaceDetails: commercialRequest.spaceDetails,
        cleaningLevel: "basic",
      },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ hourlyRateCents: 5000, fallback: false });
    expect(body.totalCents).toBe((body.hours as number) * 5000);
    const bad = await send("/api/v1/estimate", { json: { serviceType: "residential" } });
    expect(bad.status).toBe(422);
    expect(await send("/api/v1/estimate")).toHaveProperty("status", 405);
  });

  test("openapi.json is valid JSON describing both endpoints", async () => {
    const response = await client()("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const doc = JSON.parse(await response.text()) as {
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/v1/estimate", "/api/v1/quotes"]),
    );
    expect(Object.keys(doc.components.schemas.QuoteRequest!.properties!)).toEqual(
      expect.arrayContaining([
        "serviceType",
        "spaceDetails",
        "cleaningLevel",
        "leadInfo",
        "images",
      ]),
    );
  });

  test("a photo upload is re-encoded without EXIF and served from our origin; a fake .jpg is refused", async () => {
    const send = client();
    const fake = new FormData();
    fake.set("photo", new Blob(["just some text"], { type: "image/jpeg" }), "kitchen.jpg");
    const refused = await send("/api/uploads", { method: "POST", body: fake });
    expect(refused.status).toBe(415);

    const jpeg = await sharp({
      create: { width: 900, height: 600, channels: 3, background: "#abc" },
    })
      .withExif({ IFD0: { Artist: "Olivia Homeowner" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set("photo", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "lounge.jpg");
    const uploaded = await send("/api/uploads", { method: "POST", body: form });
    expect(uploaded.status).toBe(201);
    const upload = (await uploaded.json()) as { id: string; url: string };
    const photo = await send(upload.url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/webp");
    const metadata = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 900, height: 600 });
    expect(metadata.exif).toBeUndefined();

    const quote = await send("/api/v1/quotes", {
      json: { ...home, photosWaived: false, images: [upload.id] },
    });
    expect(quote.status).toBe(201);
    const reuse = await send("/api/v1/quotes", {
      json: { ...home, photosWaived: false, images: [upload.id] },
    });
    expect(reuse.status).toBe(422);
  });
});
