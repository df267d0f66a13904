import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openDayFrom } from "~/features/bookings/bookings.test-data";
import { checkOutAndComplete } from "~/features/cleaner-app/job-check-out.service.server";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { loadCleanerEarnings } from "~/features/earnings/earnings.service.server";
import { checkIn } from "~/features/job-visits/job-visit-steps.service.server";
import { getOfficeVisit } from "~/features/job-visits/job-visit-office.service.server";
import { acceptedJob, PUBLIC_URL } from "~/features/job-visits/job-visits.test-data";
import { addDays, sydneyDate, sydneyInstant } from "~/lib/sydney-time";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/test-database";

// docs/decisions/0096-zero-minute-visits-paid-at-estimate.md: a check-out in the same minute as
// the check-in measured nothing, so the cleaner is paid the job's estimate (marked as an
// estimate), never $0.00; the office still sees the times as they were tapped.

const today = new Date();
const jobDate = openDayFrom(addDays(sydneyDate(today), 3));
const start = sydneyInstant(jobDate, "09:00");
const ctx = (now: Date) => ({ publicUrl: PUBLIC_URL, ip: null, now });

describe.each(testDialects)("a same-minute check-out on %s", (dialect) => {
  let database: TestDatabase;
  let mei: string;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    [mei] = (await insertCleaners(database.db, [
      { name: "Mei Lin Chen", status: "available" },
    ])) as [string];
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("pays the job's estimated hours, marked estimated, and the office sees the real times", async () => {
    const { db } = database;
    const job = await acceptedJob(db, {
      n: 1,
      cleanerId: mei,
      date: jobDate,
      timeSlot: "09:00",
      now: today,
    });
    expect(await checkIn(db, mei, job.assignmentId, {}, ctx(start))).toMatchObject({ ok: true });
    // Twenty seconds later: the check-out a cleaner taps right after a late check-in.
    const out = new Date(start.getTime() + 20_000);
    expect(await checkOutAndComplete(db, mei, job.assignmentId, {}, ctx(out))).toMatchObject({
      ok: true,
      message: expect.stringContaining("the job is complete"),
    });

    const { estimated_hours: hours } = await db
      .selectFrom("quotes")
      .select("estimated_hours")
      .where("id", "=", job.quoteId)
      .executeTakeFirstOrThrow();
    const estimateMinutes = Math.round(Number(hours) * 60);
    expect(estimateMinutes).toBeGreaterThan(0);

    // The timesheet line: the estimate's minutes at the cleaner's rate, marked estimated.
    const line = await db
      .selectFrom("timesheet_lines")
      .select(["minutes", "estimated", "rate_cents", "loading_percent", "base_cents"])
      .where("assignment_id", "=", job.assignmentId)
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({ minutes: estimateMinutes, estimated: 1 });
    expect(line.base_cents).toBe(
      Math.round((estimateMinutes * line.rate_cents * (100 + line.loading_percent)) / 6000),
    );
    expect(line.base_cents).toBeGreaterThan(0);

    // The earnings page's line: the estimate's hours and pay, read as "(estimate)".
    const earnings = await loadCleanerEarnings(db, mei);
    const [earned] = earnings.weeks.flatMap((week) => week.jobs);
    expect(earned).toMatchObject({ hours: estimateMinutes / 60, measured: false });
    expect(earned!.payCents).toBe(Math.round((estimateMinutes * earnings.rateCents) / 60));
    expect(earnings.totals.earnedCents).toBeGreaterThan(0);

    // The office: the times as tapped, and the job's actual minutes as measured.
    const office = (await getOfficeVisit(db, job.quoteId))!;
    expect(office.seats).toMatchObject([
      { checkedIn: "9:00 AM", checkedOut: "9:00 AM", onSite: "0 min" },
    ]);
    expect(office.actualHours).toBe("0 min");
  });
});
