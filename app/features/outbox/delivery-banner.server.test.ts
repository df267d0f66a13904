import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { WEBHOOK_PRODUCTION_URL_SETTING } from "~/features/settings/setting-keys";
import { bannerLines } from "./delivery-banner";
import { dismissDeliveryBanner, getDeliveryBanner } from "./delivery-banner.server";
import { claimDueMessages } from "./outbox.repository.server";
import type { DeliveryOutcome } from "./outbox.schema";
import { enqueueEmail, enqueueWebhook, recordOutcome } from "./outbox.service.server";

const HOUR = 60 * 60 * 1000;
const PROD = "https://hooks.example/prod";
const STAFF = "staff-banner";
/** The environment names PROD, so a warning about it stands unless a rule clears it. */
const CONFIG = { WEBHOOK_PRODUCTION_URL: PROD, WEBHOOK_TEST_URL: undefined };

function outcome(target: string, at: Date, ok: boolean): DeliveryOutcome {
  const error = ok ? null : "Webhook failed with status: 502";
  const statusCode = ok ? 200 : 502;
  return {
    outcome: ok ? "delivered" : "failed",
    error,
    statusCode,
    attempts: [
      {
        target,
        outcome: ok ? "delivered" : "failed",
        statusCode,
        error,
        attemptedAt: at.toISOString(),
        durationMs: 9,
      },
    ],
  };
}

describe.each(testDialects)("the admin delivery banner on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    const at = new Date().toISOString();
    await database.db
      .insertInto("staff_users")
      .values({
        id: STAFF,
        email: "staff@example.com",
        name: "Sam Staff",
        password_hash: "x",
        created_at: at,
        updated_at: at,
        role: "owner",
      })
      .execute();
  });

  const bannerFor = (now?: Date, staffId = STAFF, config = CONFIG) =>
    getDeliveryBanner(database.db, { config, staffId }, now);
  afterEach(async () => {
    await database.destroy();
  });

  const webhook = (subjectId: string) =>
    enqueueWebhook(database.db, {
      topic: "quote.created",
      subjectType: "quote",
      subjectId,
      body: { quote: { status: "pending" } },
      route: "production",
    });

  /** One try of the message, as the worker records it around its network call. */
  async function tryOnce(id: string, result: DeliveryOutcome, now: Date) {
    const [message] = await claimDueMessages(database.db, dialect, {
      now: new Date(now.getTime() + 10 * HOUR).toISOString(),
      leaseUntil: new Date(now.getTime() + 11 * HOUR).toISOString(),
      workerId: "test",
      limit: 1,
    });
    expect(message?.id).toBe(id);
    await recordOutcome(database.db, message!, result, { workerId: "test", now });
    // Its retry is left for later, so the next claim takes the next message.
    await database.db
      .updateTable("outbox_messages")
      .set({ next_attempt_at: "2999-01-01T00:00:00.000Z" })
      .where("id", "=", id)
      .execute();
  }

  test("nothing shows while everything is delivered on time", async () => {
    expect(await bannerFor()).toBeNull();
    const id = await webhook("q-1");
    const now = new Date();
    await tryOnce(id, outcome(PROD, now, true), now);
    // Still pending but younger than an hour: no warning yet either.
    await webhook("q-2");
    expect(await bannerFor(new Date(now.getTime() + 30 * 60 * 1000))).toBe(null);
  });

  test("a target that failed five times in a row is named; a success in between resets the count", async () => {
    const start = new Date(Date.now() - 10 * 60 * 1000);
    const at = (i: number) => new Date(start.getTime() + i * 1000);
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) ids.push(await webhook(`q-${i}`));

    await tryOnce(ids[0]!, outcome(PROD, at(0), false), at(0));
    await tryOnce(ids[1]!, outcome(PROD, at(1), false), at(1));
    await tryOnce(ids[2]!, outcome(PROD, at(2), true), at(2));
    for (let i = 3; i < 6; i += 1) await tryOnce(ids[i]!, outcome(PROD, at(i), false), at(i));
    // Three failures since the success (and five in all): no warning.
    const now = at(10);
    expect((await bannerFor(now))?.failingTargets ?? []).toEqual([]);

    const more = [await webhook("q-6"), await webhook("q-7")];
    await tryOnce(more[0]!, outcome(PROD, at(6), false), at(6));
    await tryOnce(more[1]!, outcome(PROD, at(7), false), at(7));
    const banner = await bannerFor(now);
    expect(banner).toEqual({
      failingTargets: [{ target: PROD, consecutiveFailures: 5 }],
      undelivered: 0,
      undeliveredCapped: false,
    });
    expect(bannerLines(banner!)).toEqual([
      "The webhook at hooks.example/prod has failed 5 times in a row.",
    ]);
  });

  test("a webhook or email still unsent after an hour is counted", async () => {
    const now = new Date();
    await webhook("q-1");
    await enqueueEmail(database.db, {
      topic: "booking.confirmation",
      to: "ann@example.com",
      subject: "Your booking",
      html: "<p>Hi</p>",
      text: "Hi",
    });
    expect(await bannerFor(new Date(now.getTime() + 59 * 60 * 1000))).toBe(null);
    const banner = await bannerFor(new Date(now.getTime() + 61 * 60 * 1000));
    expect(banner).toEqual({ failingTargets: [], undelivered: 2, undeliveredCapped: false });
    expect(bannerLines(banner!)).toEqual(["2 messages have been waiting over an hour to send."]);
  });
  test("a message failing for over an hour shows until a later delivery to its target succeeds", async () => {
    const start = new Date();
    const failing = await webhook("q-1");
    await tryOnce(failing, outcome(PROD, start, false), start);
    const later = new Date(start.getTime() + 2 * HOUR);
    expect(await bannerFor(later)).toEqual({
      failingTargets: [],
      undelivered: 1,
      undeliveredCapped: false,
    });

    // Another message reaches the same target: the target works again, so the warning clears.
    const next = await webhook("q-2");
    const recovered = new Date(start.getTime() + HOUR);
    await tryOnce(next, outcome(PROD, recovered, true), recovered);
    expect(await bannerFor(later)).toBeNull();
  });

  test("a warning about a webhook URL that is no longer configured clears", async () => {
    const start = new Date(Date.now() - 10 * 60 * 1000);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await webhook(`q-${i}`));
    for (const [i, id] of ids.entries()) {
      const at = new Date(start.getTime() + i * 1000);
      await tryOnce(id, outcome(PROD, at, false), at);
    }
    const later = new Date(start.getTime() + 2 * HOUR);
    expect(await bannerFor(later)).toEqual({
      failingTargets: [{ target: PROD, consecutiveFailures: 5 }],
      undelivered: 5,
      undeliveredCapped: false,
    });

    // Neither the environment nor the settings name it any more.
    const moved = {
      WEBHOOK_PRODUCTION_URL: "https://hooks.example/new",
      WEBHOOK_TEST_URL: undefined,
    };
    expect(await bannerFor(later, STAFF, moved)).toBeNull();
    // A URL saved in the settings counts as configured too.
    await database.db
      .insertInto("settings")
      .values({
        key: WEBHOOK_PRODUCTION_URL_SETTING,
        value: JSON.stringify(PROD),
        updated_at: later.toISOString(),
      })
      .execute();
    expect((await bannerFor(later, STAFF, moved))?.undelivered).toBe(5);
  });

  test("Dismiss hides the warning for that staff member until a new failure appears", async () => {
    const start = new Date();
    const first = await webhook("q-1");
    await tryOnce(first, outcome(PROD, start, false), start);
    const dismissedAt = new Date(start.getTime() + 2 * HOUR);
    expect(await bannerFor(dismissedAt)).not.toBeNull();

    await dismissDeliveryBanner(database.db, STAFF, dismissedAt);
    expect(await bannerFor(dismissedAt)).toBeNull();
    // Another retry of the same message is not a new problem; someone else still sees it.
    const retry = new Date(start.getTime() + 3 * HOUR);
    expect(await bannerFor(retry)).toBeNull();
    expect(await bannerFor(retry, "another-staff")).not.toBeNull();

    // A message that starts failing after the dismissal brings the banner back, counting both.
    const second = await webhook("q-2");
    await database.db
      .updateTable("outbox_messages")
      .set({ created_at: new Date(dismissedAt.getTime() + 60 * 1000).toISOString() })
      .where("id", "=", second)
      .execute();
    const failedAgain = new Date(dismissedAt.getTime() + 2 * 60 * 1000);
    await tryOnce(second, outcome(PROD, failedAgain, false), failedAgain);
    expect(await bannerFor(new Date(dismissedAt.getTime() + 30 * 60 * 1000))).toBeNull();
    expect(await bannerFor(new Date(dismissedAt.getTime() + 2 * HOUR))).toEqual({
      failingTargets: [],
      undelivered: 2,
      undeliveredCapped: false,
    });
  });
});
