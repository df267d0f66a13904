import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { assignCleaner } from "~/features/assignments/assignments.service.server";
import { viewOffer } from "~/features/assignments/offer-answers.server";
import {
  bookTestQuote,
  MOSMAN_HOUSE,
  openDayFrom,
  testQuoteRequest,
} from "~/features/bookings/bookings.test-data";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { startWorker, type Worker } from "~/features/outbox/worker.server";
import { emailsOf } from "~/features/payments/payments.test-helpers";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import { APP_JOB_HANDLERS } from "~/jobs.server";
import { silentLogger, testConfig } from "../helpers/outbox";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/test-database";

// docs/decisions/0013-cleaner-assignments.md: the outbox worker expires an offer left unanswered
// at its deadline (job.assignment_expiry) and tells staff; an offer still in time is untouched.

const publicUrl = "https://harbourandgold.test";
const HOUR = 60 * 60 * 1000;
const realNow = new Date();
const jobDate = openDayFrom(addDays(sydneyDate(realNow), 3));

describe.each(testDialects)("offer expiry on %s", (dialect) => {
  let database: TestDatabase;
  let worker: Worker | undefined;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await database.destroy();
  });

  async function offered(n: number, timeSlot: "09:00" | "13:00", cleanerId: string, now: Date) {
    const { quote } = await bookTestQuote(
      database.db,
      testQuoteRequest(n, MOSMAN_HOUSE),
      { date: jobDate, timeSlot, address: `${n} Military Road`, suburb: "Mosman NSW 2088" },
      { publicUrl, now },
    );
    const result = await assignCleaner(
      database.db,
      { quoteId: quote.id, cleanerId, date: jobDate, timeSlot },
      { actor: { type: "staff", id: "staff-1" }, publicUrl, now },
    );
    if (!result.ok) throw new Error(result.message);
    return { quoteId: quote.id, token: result.token!, id: result.assignmentId! };
  }

  const statusOf = async (id: string) =>
    (
      await database.db
        .selectFrom("assignments")
        .select("status")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).status;

  test("an offer past its deadline expires and staff are told; one still in time waits", async () => {
    const [mei, tom] = await insertCleaners(database.db, [
      { name: "Mei Lin Chen" },
      { name: "Tom Nguyen" },
    ]);
    // Offered 13 hours ago, so its 12-hour deadline passed an hour ago; the other just now.
    const lapsed = await offered(1, "09:00", mei!, new Date(realNow.getTime() - 13 * HOUR));
    const waiting = await offered(2, "13:00", tom!, realNow);

    worker = startWorker({
      db: database.db,
      dialect,
      config: testConfig({ PUBLIC_URL: publicUrl }),
      logger: silentLogger,
      poll: false,
      handlers: APP_JOB_HANDLERS,
    });
    // The run also sends the quotes' and bookings' emails; the expiry is one of its jobs.
    await worker.runOnce();
    expect(await statusOf(lapsed.id)).toBe("expired");
    expect(await statusOf(waiting.id)).toBe("pending");

    const told = await emailsOf(database.db, "assignment.expired");
    expect(told.map((row) => row.subject_id)).toEqual([lapsed.quoteId]);
    expect((JSON.parse(told[0]!.payload) as { text: string }).text).toContain(
      "Mei Lin Chen did not answer in time",
    );
    const audit = await database.db
      .selectFrom("audit_log")
      .select("action")
      .where("subject_id", "=", lapsed.id)
      .orderBy("created_at")
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      "assignment.offered",
      "assignment.expired",
    ]);
    expect(await viewOffer(database.db, lapsed.token)).toEqual({
      state: "refused",
      reason: "expired",
    });
    // Run again: nothing more to do, no second staff email.
    await worker.runOnce();
    expect(await emailsOf(database.db, "assignment.expired")).toHaveLength(1);
  });
});
