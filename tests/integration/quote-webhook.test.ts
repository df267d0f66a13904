import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { residentialRequest } from "~/features/quote/quote-fixtures";
import { createQuote } from "~/features/quote/quote.service.server";
import { startWorker, type Worker } from "~/features/outbox/worker.server";
import { startAutomationHost, type AutomationHost } from "../fakes/automation-host";
import { createClock, silentLogger, testConfig } from "../helpers/outbox";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/test-database";

// docs/decisions/0008-webhook-outbox.md for a quote made by the quote service: its webhook carries the spec's body to the
// automation host, and when the spec's three tries fail, the lead's timeline says so.

describe.each(testDialects)("a new quote's webhook on %s", (dialect) => {
  let database: TestDatabase;
  let host: AutomationHost;
  let worker: Worker | undefined;
  const clock = createClock();

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    host = await startAutomationHost();
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await host.close();
    await database.destroy();
  });

  test("three failed tries put the spec's text on the lead's timeline; the quote stays", async () => {
    host.answer([{ status: 503 }, { status: 503 }, { status: 503 }]);
    const config = testConfig({ WEBHOOK_PRODUCTION_URL: host.url("/production") });
    worker = startWorker({
      db: database.db,
      dialect,
      config,
      logger: silentLogger,
      poll: false,
      now: clock.now,
      random: () => 0.5,
    });
    const created = await createQuote(
      database.db,
      { ...residentialRequest, images: [], photosWaived: true },
      { publicUrl: config.publicUrl },
    );
    if (!created.ok) throw new Error(created.message);

    // The first run also sends the team's email about the new quote (docs/decisions/0024-notification-toggles.md) and the
    // customer's copy; the webhook is retried.
    for (const [wait, claimed] of [
      [0, 3],
      [1000, 1],
      [2000, 1],
    ] as const) {
      clock.advance(wait);
      expect(await worker.runOnce()).toBe(claimed);
    }

    expect(host.requests).toHaveLength(3);
    expect(JSON.parse(host.requests[0]!.body)).toMatchObject({
      quote: { client: { name: "Ava Chen" }, service: { estimatedHours: 4.5 }, source: "website" },
    });
    const timeline = await database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("subject_id", "=", created.quote.id)
      .execute();
    expect(timeline).toMatchObject([{ action: "quote.webhook_failed", subject_type: "quote" }]);
    expect(JSON.parse(timeline[0]!.details!)).toMatchObject({
      message: "Quote created successfully but webhook notification failed",
    });
    const quote = await database.db
      .selectFrom("quotes")
      .select("status")
      .where("id", "=", created.quote.id)
      .executeTakeFirstOrThrow();
    expect(quote.status).toBe("pending");
  });
});
