import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { silentLogger, testConfig } from "../../../tests/helpers/outbox";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { submitQuoteRequest } from "./quote-action.server";
import { residentialRequest } from "./quote-fixtures";
import { CREATE_QUOTE_MESSAGES } from "./quote-messages";

// The wizard's route action (/services/:serviceId) stores through the same service as the API.

const home = { ...residentialRequest, images: [], photosWaived: true };

function thrownOrReturned(promise: Promise<unknown>) {
  return promise.then(
    (value) => value,
    (thrown: unknown) => thrown,
  );
}

describe.each(testDialects)("the wizard's Generate Quote on %s", (dialect) => {
  let database: TestDatabase;
  let context: Parameters<typeof submitQuoteRequest>[1];
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    context = {
      db: database.db,
      config: testConfig(),
      clientIp: "203.0.113.7",
      logger: silentLogger,
    };
  });
  afterEach(async () => {
    await database.destroy();
  });

  const post = (body: BodyInit, type?: string) =>
    new Request("http://localhost/services/1", {
      method: "POST",
      body,
      ...(type ? { headers: { "content-type": type } } : {}),
    });

  test("a form with the wizard state in `payload` stores the quote and goes to its result", async () => {
    const form = new FormData();
    form.set("payload", JSON.stringify(home));
    const response = (await thrownOrReturned(submitQuoteRequest(post(form), context))) as Response;
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(location).toMatch(/^\/quote-result\?ref=HG-[A-Z2-9]{10}$/);
    const row = await database.db
      .selectFrom("quotes")
      .select("reference")
      .executeTakeFirstOrThrow();
    expect(location).toContain(row.reference);
  });

  // A JSON body would let a page on another site post here without a CORS preflight
  // ("text/plain" tricks); the wizard posts a form, and anything else is refused unread.
  test("a JSON body is refused with 415 and stores nothing", async () => {
    const result = await thrownOrReturned(
      submitQuoteRequest(post(JSON.stringify(home), "application/json"), context),
    );
    expect((result as { init: { status: number } }).init.status).toBe(415);
    expect(await database.db.selectFrom("quotes").select("id").execute()).toEqual([]);
  });

  test("a missing name answers 422 with the spec's message and stores nothing", async () => {
    const form = new FormData();
    form.set("payload", JSON.stringify({ ...home, leadInfo: { ...home.leadInfo, name: "" } }));
    const result = (await submitQuoteRequest(post(form), context)) as {
      data: { formError: string; fieldErrors: Record<string, string> };
      init: { status: number };
    };
    expect(result.init.status).toBe(422);
    expect(result.data.formError).toBe(CREATE_QUOTE_MESSAGES.clientNameRequired);
    expect(result.data.fieldErrors["leadInfo.name"]).toBe(CREATE_QUOTE_MESSAGES.clientNameRequired);
    expect(await database.db.selectFrom("quotes").select("id").execute()).toEqual([]);
  });

  test("a filled honeypot goes home and stores nothing", async () => {
    const form = new FormData();
    form.set("payload", JSON.stringify(home));
    form.set("website", "http://spam.example");
    const response = (await thrownOrReturned(submitQuoteRequest(post(form), context))) as Response;
    expect(response.headers.get("location")).toBe("/");
    expect(await database.db.selectFrom("quotes").select("id").execute()).toEqual([]);
  });
});
