import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { APPLICATION_FIELDS } from "~/features/applications/application.schema";
import { CONTACT_FIELDS } from "~/features/contact/contact-form-text";
import { CONTACT_FIELDS as POST_CONSTRUCTION_FIELDS } from "~/features/post-construction/post-construction.schema";
import { residentialRequest } from "~/features/quote/quote-fixtures";
import { SUBSCRIPTION_FIELDS } from "~/features/subscription/subscription.schema";
import { startHostileServer, STACK_FRAME, type HostileServer } from "../helpers/hostile-server";
import {
  brokenUtf8,
  hostileJson,
  hostileText,
  PROTOTYPE_KEYS,
  withValueAt,
} from "../helpers/hostile-values";
import { testDialects } from "../helpers/test-database";

// Hostile input (docs/security.md): every public form action and JSON endpoint, sent malformed,
// oversized, wrongly typed, Unicode-heavy and injection-shaped payloads (fast-check, fixed seeds),
// against the built server (build/server.js) as production runs it, with RATE_LIMITS=off. Each
// answer is a 4xx with a message or a valid result: never a 5xx, a hang or a stack trace. What a
// success stores is exactly one record; a refusal stores nothing and no earlier record changes.
// `npm test` builds before vitest; on its own, run `npm run build` first.

const SEED = 18_2026;
const FORM_RUNS = 60;
const API_RUNS = 250;
const REQUEST_TIMEOUT_MS = 15_000;

/** fast-check's settings here: fixed seed, and a failure report short enough to read. */
function runs(numRuns: number): fc.Parameters<unknown> {
  return {
    seed: SEED,
    numRuns,
    endOnFailure: true,
    reporter(details) {
      if (!details.failed) return;
      const error = details.errorInstance as Error | undefined;
      throw new Error(
        `${error?.message ?? "property failed"}\nafter ${details.numRuns} runs, seed ${SEED}, ` +
          `path ${details.counterexamplePath}\n` +
          JSON.stringify(details.counterexample).slice(0, 1_500),
      );
    },
  };
}

const quote = { ...residentialRequest, images: [], photosWaived: true };

/** Tables whose existing rows no public request may change (new rows only where a test says). */
const GUARDED_TABLES = [
  "settings",
  "staff_users",
  "cleaners",
  "quotes",
  "bookings",
  "payments",
  "reviews",
  "customers",
  "contact_messages",
  "uploads",
] as const;

const QUOTE_PATHS = [
  "serviceType",
  "spaceDetails",
  "spaceDetails.type",
  "spaceDetails.bedrooms",
  "spaceDetails.bathrooms",
  "spaceDetails.address",
  "cleaningLevel",
  "preferences",
  "preferences.timePreference",
  "conditions.dirtLevel",
  "images",
  "photosWaived",
  "leadInfo",
  "leadInfo.name",
  "leadInfo.email",
  "leadInfo.phone",
  ...PROTOTYPE_KEYS,
  "leadInfo.__proto__",
  "spaceDetails.constructor",
];

/** A valid quote with one value replaced, or something that is no quote at all. */
const quoteBody: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.constantFrom(...QUOTE_PATHS), hostileJson)
      .map(([path, value]) => JSON.stringify(withValueAt(quote, path, value))),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: hostileText },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1_000, max: 50_000 })
      .map((depth) => "[".repeat(depth) + "]".repeat(depth)),
  },
  { weight: 1, arbitrary: fc.constant(JSON.stringify(quote).slice(0, -7)) },
);

type Entry = [name: string, value: string | Blob];

/** A form's fields: a valid base with some replaced, dropped, repeated or sent as files. */
function formEntries(fields: readonly string[], base: Record<string, string>) {
  const names = fc.constantFrom(...fields, ...PROTOTYPE_KEYS, "intent", "redirectTo");
  return fc
    .record({
      replaced: fc.array(fc.tuple(names, hostileText), { maxLength: 4 }),
      dropped: fc.subarray([...fields]),
      repeated: fc.array(fc.tuple(fc.constantFrom(...fields), hostileText), { maxLength: 2 }),
      asFile: fc.option(fc.constantFrom(...fields), { nil: undefined }),
      encoding: fc.constantFrom("urlencoded", "multipart", "raw"),
      raw: brokenUtf8,
    })
    .map(({ replaced, dropped, repeated, asFile, encoding, raw }) => {
      const values = new Map(Object.entries(base));
      for (const [name, value] of replaced) values.set(name, value);
      for (const name of dropped) if (!replaced.some(([n]) => n === name)) values.delete(name);
      const entries: Entry[] = [...values.entries(), ...repeated];
      if (encoding === "multipart" && asFile) {
        entries.push([asFile, new Blob(["<script>alert(1)</script>"], { type: "text/html" })]);
      }
      return { entries, encoding, raw, rawField: fields[0]! };
    });
}

type FormCase = ReturnType<typeof formEntries> extends fc.Arbitrary<infer T> ? T : never;

function formBody({ entries, encoding, raw, rawField }: FormCase): {
  body: BodyInit;
  type?: string;
} {
  if (encoding === "multipart") {
    const form = new FormData();
    for (const [name, value] of entries) {
      if (typeof value === "string") form.append(name, value);
      else form.append(name, value, "../../etc/passwd.html");
    }
    return { body: form };
  }
  const params = new URLSearchParams();
  for (const [name, value] of entries) if (typeof value === "string") params.append(name, value);
  const text = params.toString();
  return {
    body: encoding === "raw" ? `${text}&${rawField}=${raw}` : text,
    type: "application/x-www-form-urlencoded",
  };
}

describe.each(testDialects)("hostile input on %s", (dialect) => {
  let hostile: HostileServer;
  let address = 0;
  let bookableRef = "";

  beforeAll(async () => {
    hostile = await startHostileServer(dialect);
    const created = await send("/api/v1/quotes", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(quote),
    });
    expect(created.status).toBe(201);
    bookableRef = ((await created.json()) as { reference: string }).reference;
  }, 90_000);

  afterAll(async () => {
    await hostile?.stop();
  });

  /** A same-origin request from an address of its own, cut off if it hangs. */
  function send(path: string, init: RequestInit = {}) {
    address += 1;
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", `10.18.${(address >> 8) & 255}.${address & 255}`);
    headers.set("origin", hostile.baseUrl);
    headers.set("sec-fetch-site", "same-origin");
    return fetch(hostile.baseUrl + path, {
      ...init,
      headers,
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  }

  /** The answer is a 4xx with something to read, or a success; never a 5xx or a stack trace. */
  async function expectCleanAnswer(response: Response, what: string) {
    const text = await response.text();
    const where = `${what} -> ${response.status}: ${text.slice(0, 300)}`;
    expect(response.status, where).toBeLessThan(500);
    expect(text, where).not.toMatch(STACK_FRAME);
    expect(text, where).not.toContain("node_modules");
    if (response.status >= 400) {
      // Node itself answers an oversized head (431) with its reason phrase and no body.
      expect((text.trim() || response.statusText).length, where).toBeGreaterThan(0);
      if (response.headers.get("content-type")?.includes("application/json")) {
        const body = JSON.parse(text) as Record<string, unknown>;
        expect(typeof body.error === "string" || typeof body.errors === "object", where).toBe(true);
      }
    }
    return text;
  }

  async function guardedSnapshot() {
    const tables: Record<string, string[]> = {};
    for (const table of GUARDED_TABLES) tables[table] = await hostile.snapshot(table);
    return tables;
  }

  /** No row that existed before changed or went; new rows only in `grows`, as many as counted. */
  async function expectOnlyNewRows(
    before: Record<string, string[]>,
    grows: Partial<Record<(typeof GUARDED_TABLES)[number], number>>,
  ) {
    const after = await guardedSnapshot();
    for (const table of GUARDED_TABLES) {
      const now = new Set(after[table]);
      const changed = before[table]!.filter((row) => !now.has(row));
      expect(changed, `${table}: rows changed or removed`).toEqual([]);
      expect(after[table]!.length - before[table]!.length, `${table}: new rows`).toBe(
        grows[table] ?? 0,
      );
    }
  }

  type FormTarget = {
    path: () => string;
    fields: readonly string[];
    base: () => Record<string, string>;
    /** Where one success stores its one record, and how a success answers */
    stores?: { table: (typeof GUARDED_TABLES)[number]; success: (status: number) => boolean };
  };

  const person = { email: "ada@example.com", phone: "0412 345 678" };
  const FORMS: Record<string, FormTarget> = {
    contact: {
      path: () => "/contact",
      fields: CONTACT_FIELDS,
      base: () => ({ firstName: "Ada", lastName: "Lovelace", ...person, message: "Hello" }),
      stores: { table: "contact_messages", success: (status) => status === 200 },
    },
    subscription: {
      path: () => "/subscription?plan=business",
      fields: SUBSCRIPTION_FIELDS,
      base: () => ({ plan: "business", name: "Ada Lovelace", ...person, suburb: "Bondi" }),
      stores: { table: "quotes", success: (status) => status === 200 },
    },
    "quote wizard": {
      path: () => "/services/1",
      fields: ["payload"],
      base: () => ({ payload: JSON.stringify(quote) }),
      stores: { table: "quotes", success: (status) => status === 302 },
    },
    "post-construction": {
      path: () => "/post-construction-contact",
      fields: [...POST_CONSTRUCTION_FIELDS, "property"],
      base: () => ({ fullName: "Ada Lovelace", requestType: "builder", ...person }),
      stores: { table: "quotes", success: (status) => status === 302 },
    },
    "work with us": {
      path: () => "/work-with-us",
      fields: APPLICATION_FIELDS,
      base: () => ({ name: "Ada Lovelace", ...person }),
      stores: { table: "cleaners", success: (status) => status === 201 },
    },
    "sign-in": {
      path: () => "/sign-in",
      fields: ["email", "redirectTo"],
      base: () => ({ email: "ada@example.com" }),
    },
    "sign-in verify": {
      path: () => "/sign-in/verify",
      fields: ["token", "redirectTo"],
      base: () => ({ token: "a".repeat(43) }),
    },
    booking: {
      path: () => `/booking?ref=${encodeURIComponent(bookableRef)}`,
      fields: ["date", "timeSlot", "address", "suburb"],
      base: () => ({ date: "2099-01-05", timeSlot: "morning", address: "1 Beach Rd" }),
      stores: { table: "bookings", success: (status) => status === 302 },
    },
    // Customer pages: a stranger's post must be sent away or refused, whatever it holds.
    profile: { path: () => "/profile", fields: ["intent", "bookingId"], base: () => ({}) },
    "profile details": {
      path: () => "/profile/details",
      fields: ["name", "phone", "intent"],
      base: () => ({}),
    },
    bookings: { path: () => "/bookings", fields: ["intent", "bookingId"], base: () => ({}) },
    payment: { path: () => "/payment", fields: ["bookingId", "intent"], base: () => ({}) },
  };

  test.each(Object.keys(FORMS))(
    "the %s form answers every hostile post cleanly",
    async (name) => {
      const target = FORMS[name]!;
      const before = await guardedSnapshot();
      let stored = 0;
      await fc.assert(
        fc.asyncProperty(formEntries(target.fields, target.base()), async (formCase) => {
          const { body, type } = formBody(formCase);
          const response = await send(target.path(), {
            method: "POST",
            headers: type ? { "content-type": type } : {},
            body,
          });
          if (target.stores?.success(response.status)) stored += 1;
          await expectCleanAnswer(response, `${name} ${JSON.stringify(formCase.entries)}`);
        }),
        runs(FORM_RUNS),
      );
      await expectOnlyNewRows(before, target.stores ? { [target.stores.table]: stored } : {});
    },
    120_000,
  );

  test("the quote API stores a quote for each 201 and nothing for each refusal", async () => {
    const before = await guardedSnapshot();
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(quoteBody, async (body) => {
        const response = await send("/api/v1/quotes", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        if (response.status === 201) stored += 1;
        await expectCleanAnswer(response, `quotes ${body.slice(0, 500)}`);
      }),
      runs(API_RUNS),
    );
    await expectOnlyNewRows(before, { quotes: stored });
  }, 120_000);

  test("the estimate API answers every hostile body and stores nothing", async () => {
    const valid = () =>
      send("/api/v1/estimate", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(quote),
      }).then((response) => response.json());
    const first = await valid();
    const before = await guardedSnapshot();
    await fc.assert(
      fc.asyncProperty(quoteBody, async (body) => {
        const response = await send("/api/v1/estimate", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        await expectCleanAnswer(response, `estimate ${body.slice(0, 500)}`);
      }),
      runs(API_RUNS),
    );
    await expectOnlyNewRows(before, {});
    // Nothing in the process was polluted: the same payload is priced the same afterwards.
    expect(await valid()).toEqual(first);
  }, 120_000);

  test("the suburbs search and the photo address answer any query cleanly", async () => {
    // Percent-encoded as a browser would (lone surrogates become U+FFFD), or raw broken UTF-8.
    const encoded = fc.oneof(
      hostileText.map((text) => encodeURIComponent(text.replace(/\p{Surrogate}/gu, "\uFFFD"))),
      brokenUtf8,
    );
    await fc.assert(
      fc.asyncProperty(encoded, fc.boolean(), async (text, asQuery) => {
        const path = asQuery ? `/api/suburbs?q=${text}` : `/api/uploads/${text}`;
        const response = await send(path);
        await expectCleanAnswer(response, path.slice(0, 300));
        // A query too long for a request head is Node's 431; any other is searched.
        if (asQuery && response.status !== 431) expect(response.status).toBe(200);
      }),
      runs(API_RUNS),
    );
  }, 120_000);

  test("the photo upload refuses what is not a photo, whatever its name", async () => {
    const before = await guardedSnapshot();
    await fc.assert(
      fc.asyncProperty(
        hostileText,
        fc.uint8Array({ maxLength: 2_000 }),
        fc.constantFrom("photo", "file", "__proto__"),
        async (fileName, bytes, field) => {
          const form = new FormData();
          form.set(field, new Blob([bytes], { type: "image/jpeg" }), fileName || "x.jpg");
          const response = await send("/api/uploads", { method: "POST", body: form });
          expect(response.status).toBeGreaterThanOrEqual(400);
          await expectCleanAnswer(response, `upload ${JSON.stringify(fileName)}`);
        },
      ),
      runs(100),
    );
    await expectOnlyNewRows(before, {});
  }, 120_000);

  test("nothing the suite sent left a stack trace or an unhandled error in the log", () => {
    const log = hostile.server.output();
    expect(log).not.toMatch(STACK_FRAME);
    expect(log).not.toContain('"msg":"unhandled error"');
  });
});
