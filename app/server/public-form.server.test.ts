import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../tests/helpers/test-database";
import { loadConfig } from "./config.server";
import {
  guardPublicForm,
  PUBLIC_FORM,
  SAME_SITE_FORM,
  type PublicFormRules,
} from "./public-form.server";

// The one gate of every public form action: origin first (before the body is read), then the
// form's limit, then the honeypot.

const config = loadConfig({
  APP_ENV: "test",
  DATA_DIR: path.join(os.tmpdir(), "hg-public-form-tests"),
  SESSION_SECRET: "p".repeat(48),
  DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  PUBLIC_URL: "https://harbour.example",
});
const NOW = new Date("2026-11-22T10:00:05Z");
const MINUTE = 60_000;

function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request("https://harbour.example/contact", {
    method: "POST",
    headers: { origin: "https://harbour.example", ...headers },
    body: new URLSearchParams(fields),
  });
}

async function statusOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status;
  }
  return "answered";
}

describe.each(testDialects)("the public-form guard on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });
  const context = (clientIp = "203.0.113.9") => ({ db: database.db, config, clientIp });

  test("a post from another site is refused with 403 before its body is read", async () => {
    const variants: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "", "sec-fetch-site": "cross-site" },
      // No Origin and no Sec-Fetch-Site: not a current browser, so no visitor's session may ride.
      { origin: "", cookie: "hg_session=abc" },
      { origin: "", cookie: "theme=dark; hg_customer=abc" },
    ];
    for (const headers of variants) {
      const request = post({ name: "Mallory" }, headers);
      if (headers.origin === "") request.headers.delete("origin");
      for (const rules of [PUBLIC_FORM, SAME_SITE_FORM]) {
        expect(await statusOf(guardPublicForm(request, context(), rules, NOW))).toBe(403);
        expect(request.bodyUsed).toBe(false);
      }
    }
    // Nothing was counted for the refused posts.
    const rows = await database.db.selectFrom("rate_limits").selectAll().execute();
    expect(rows).toEqual([]);
  });

  test("this site's own post, or a client with no session cookie, gets its form back", async () => {
    const own = await guardPublicForm(post({ name: "Ava" }), context(), PUBLIC_FORM, NOW);
    expect(own.verdict).toBe("accepted");
    expect(own.form.get("name")).toBe("Ava");
    const sameOrigin = post({ name: "Ava" }, { "sec-fetch-site": "same-origin" });
    sameOrigin.headers.delete("origin");
    expect((await guardPublicForm(sameOrigin, context(), PUBLIC_FORM, NOW)).verdict).toBe(
      "accepted",
    );
    const script = post({ name: "Ava" });
    script.headers.delete("origin");
    expect((await guardPublicForm(script, context(), SAME_SITE_FORM, NOW)).verdict).toBe(
      "accepted",
    );
  });

  test("a body that is not a form is refused with 415", async () => {
    const json = new Request("https://harbour.example/contact", {
      method: "POST",
      headers: { origin: "https://harbour.example", "content-type": "application/json" },
      body: "{}",
    });
    expect(await statusOf(guardPublicForm(json, context(), PUBLIC_FORM, NOW))).toBe(415);
  });

  test("a filled honeypot is a bot, counted all the same; a form without the check ignores it", async () => {
    const spam = { name: "Bot", website: "https://spam.example" };
    expect((await guardPublicForm(post(spam), context(), PUBLIC_FORM, NOW)).verdict).toBe("bot");
    expect(
      (await guardPublicForm(post({ website: "  " }), context(), PUBLIC_FORM, NOW)).verdict,
    ).toBe("accepted");
    expect((await guardPublicForm(post(spam), context(), SAME_SITE_FORM, NOW)).verdict).toBe(
      "accepted",
    );
  });

  test("the shared budget: 10 a minute from one address across every public form", async () => {
    for (let sent = 0; sent < 10; sent++) {
      const guarded = await guardPublicForm(post({ n: String(sent) }), context(), PUBLIC_FORM, NOW);
      expect(guarded.verdict).toBe("accepted");
    }
    const over = await guardPublicForm(post({ n: "10" }), context(), PUBLIC_FORM, NOW);
    expect(over).toMatchObject({ verdict: "limited", retryAfterSeconds: expect.any(Number) });
    if (over.verdict !== "limited") throw new Error("expected a limit");
    expect(over.retryAfterSeconds).toBeGreaterThan(0);
    expect(over.form.get("n")).toBe("10");
    // Another address, and a form with a bucket of its own, are not held back.
    expect(
      (await guardPublicForm(post({}), context("198.51.100.4"), PUBLIC_FORM, NOW)).verdict,
    ).toBe("accepted");
    const own: PublicFormRules = {
      limit: { bucket: "payment", limits: [{ limit: 2, windowMs: MINUTE }] },
      honeypot: false,
    };
    expect((await guardPublicForm(post({}), context(), own, NOW)).verdict).toBe("accepted");
    expect((await guardPublicForm(post({}), context(), own, NOW)).verdict).toBe("accepted");
    expect((await guardPublicForm(post({}), context(), own, NOW)).verdict).toBe("limited");
    // A form with no limit here is never limited.
    expect((await guardPublicForm(post({}), context(), SAME_SITE_FORM, NOW)).verdict).toBe(
      "accepted",
    );
  });

  test("the rules may depend on the form", async () => {
    const tight: PublicFormRules = {
      limit: { bucket: "photo", limits: [{ limit: 1, windowMs: MINUTE }] },
      honeypot: false,
    };
    const rules = (form: FormData) => (form.get("intent") === "photo" ? tight : PUBLIC_FORM);
    expect((await guardPublicForm(post({ intent: "photo" }), context(), rules, NOW)).verdict).toBe(
      "accepted",
    );
    expect((await guardPublicForm(post({ intent: "photo" }), context(), rules, NOW)).verdict).toBe(
      "limited",
    );
    expect((await guardPublicForm(post({}), context(), rules, NOW)).verdict).toBe("accepted");
  });

  test("when the counter's database cannot answer, the form says so instead of failing", async () => {
    const broken = context();
    await database.destroy();
    const guarded = await guardPublicForm(post({ name: "Ava" }), broken, PUBLIC_FORM, NOW);
    expect(guarded.verdict).toBe("unavailable");
    database = await createTestDatabase(dialect);
  });
});
