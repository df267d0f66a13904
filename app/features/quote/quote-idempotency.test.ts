import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { quoteCreatedBody } from "./quote-api.server";
import { residentialRequest } from "./quote-fixtures";
import { findReplay, readIdempotencyKey, rememberAnswer } from "./quote-idempotency.server";
import { createQuote } from "./quote.service.server";

const home = { ...residentialRequest, images: [], photosWaived: true };
const body = JSON.stringify(home);
const keyed = (key: string) =>
  new Request("http://localhost/api/v1/quotes", {
    method: "POST",
    headers: { "idempotency-key": key },
  });

describe.each(testDialects)("Idempotency-Key for quotes on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const store = (key: string) => {
    const idempotent = readIdempotencyKey(keyed(key), body);
    if (!idempotent || idempotent === "invalid") throw new Error("test key refused");
    return createQuote(database.db, home, {
      publicUrl: "https://harbourandgold.test",
      withinTransaction: (trx, quote) =>
        rememberAnswer(trx, idempotent, { status: 201, body: quoteCreatedBody(quote) }),
    });
  };

  test("two requests with one key at the same moment store one quote; the other stores nothing", async () => {
    const results = await Promise.all([store("same-key"), store("same-key")]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const quotes = await database.db.selectFrom("quotes").select("reference").execute();
    expect(quotes).toHaveLength(1);
    // Nor a webhook or an email (staff's, the customer's) for the quote that was not kept.
    const messages = await database.db.selectFrom("outbox_messages").select("kind").execute();
    expect(messages.map((message) => message.kind).sort()).toEqual(["email", "email", "webhook"]);
    const replay = await findReplay(
      database.db,
      readIdempotencyKey(keyed("same-key"), body) as { keyHash: string; requestHash: string },
    );
    expect(replay).toMatchObject({ kind: "replay", status: 201 });
    expect(replay).toMatchObject({ body: { reference: quotes[0]!.reference } });
  });

  test("a stored answer lasts a day; after that the key is new again", async () => {
    await store("day-key");
    const idempotent = readIdempotencyKey(keyed("day-key"), body) as {
      keyHash: string;
      requestHash: string;
    };
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    expect((await findReplay(database.db, idempotent)).kind).toBe("replay");
    expect((await findReplay(database.db, idempotent, tomorrow)).kind).toBe("new");
  });

  test("a stored answer that is no longer JSON is a clear error, never a second quote", async () => {
    await store("broken-key");
    await database.db
      .updateTable("idempotency_keys")
      .set({ response_body: "{truncated" })
      .execute();
    const idempotent = readIdempotencyKey(keyed("broken-key"), body) as {
      keyHash: string;
      requestHash: string;
    };
    await expect(findReplay(database.db, idempotent)).rejects.toThrow(
      /idempotency_keys.response_body holds JSON that does not fit its schema: not JSON/,
    );
  });

  test("keys of the wrong shape are refused, none at all is fine", () => {
    expect(readIdempotencyKey(keyed("with space"), body)).toBe("invalid");
    expect(readIdempotencyKey(keyed("é"), body)).toBe("invalid");
    expect(
      readIdempotencyKey(new Request("http://localhost/", { method: "POST" }), body),
    ).toBeNull();
  });
});
