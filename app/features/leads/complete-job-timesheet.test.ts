import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { addCleaner, addJob, OWNER } from "~/features/payroll/payroll.test-data";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { completeJob } from "./complete-job.server";

// docs/decisions/0080-pay-rules.md: Complete job writes each seat's timesheet line with it, and
// completes only the visit that is due (docs/decisions/0073-series-occurrences-are-bookings.md).

describe.each(testDialects)("completing a job on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("completing a job writes its seats' timesheet lines in the same step", async () => {
    const db = database.db;
    const mei = await addCleaner(db, { name: "Mei" });
    const sam = await addCleaner(db, { name: "Sam" });
    const job = await addJob(db, {
      date: "2026-12-02",
      hours: 5,
      seats: [{ cleanerId: mei }, { cleanerId: sam }],
      completed: false,
    });
    const lines = () =>
      db.selectFrom("timesheet_lines").select(["cleaner_id", "minutes", "estimated"]).execute();
    expect(await lines()).toEqual([]);
    const done = await completeJob(db, {
      quoteId: job.quoteId,
      actor: { type: "staff", id: OWNER.staffId },
      publicUrl: "https://harbour.example",
    });
    expect(done.ok).toBe(true);
    // Each seat is paid its share of the 5-hour estimate: 2.5 hours, marked estimated.
    expect(await lines()).toEqual(
      expect.arrayContaining([
        { cleaner_id: mei, minutes: 150, estimated: 1 },
        { cleaner_id: sam, minutes: 150, estimated: 1 },
      ]),
    );
  });

  test("a regular clean's later visit, a booking of the same quote, stays confirmed", async () => {
    const db = database.db;
    const mei = await addCleaner(db, { name: "Mei" });
    const job = await addJob(db, {
      date: "2026-12-02",
      hours: 3,
      seats: [{ cleanerId: mei }],
      completed: false,
    });
    const visit = await db
      .selectFrom("bookings")
      .selectAll()
      .where("quote_id", "=", job.quoteId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto("bookings")
      .values({
        ...visit,
        id: "later-visit",
        reference: "HG-LATERVISIT",
        scheduled_date: "2026-12-16",
      })
      .execute();
    const done = await completeJob(db, {
      quoteId: job.quoteId,
      actor: { type: "staff", id: OWNER.staffId },
      publicUrl: "https://harbour.example",
      at: new Date("2026-12-02T05:00:00.000Z"),
    });
    expect(done.ok).toBe(true);
    const statuses = await db
      .selectFrom("bookings")
      .select(["scheduled_date", "status"])
      .where("quote_id", "=", job.quoteId)
      .orderBy("scheduled_date")
      .execute();
    expect(statuses).toEqual([
      { scheduled_date: "2026-12-02", status: "completed" },
      { scheduled_date: "2026-12-16", status: "confirmed" },
    ]);
  });
});
