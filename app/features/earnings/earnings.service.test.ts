import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openDayFrom } from "~/features/bookings/bookings.test-data";
import { offerJob, PUBLIC_URL } from "~/features/cleaner-app/cleaner-app.test-data";
import { answerOfferInApp } from "~/features/cleaner-app/cleaner-jobs.service.server";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { createPayout } from "~/features/finance/new-payout.service.server";
import { addDays, mondayOf, sydneyDate } from "~/lib/sydney-time";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { loadCleanerEarnings } from "./earnings.service.server";

// docs/decisions/0071-cleaner-earnings-and-calendar-feed.md: a cleaner's done jobs by week with
// hours and pay, their payouts, and what is still to be paid. The default pay rate is $32 an hour.

const now = new Date();
const firstDay = openDayFrom(addDays(sydneyDate(now), 3));
const nextWeekDay = openDayFrom(addDays(firstDay, 7));

describe.each(testDialects)("a cleaner's earnings on %s", (dialect) => {
  let database: TestDatabase;
  let mei: string;
  let tom: string;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    [mei, tom] = (await insertCleaners(database.db, [
      { name: "Mei Lin Chen", status: "available" },
      { name: "Tom Fraser", status: "available" },
    ])) as [string, string];
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function acceptedJob(n: number, date: string) {
    const job = await offerJob(database.db, { n, cleanerId: mei, date, timeSlot: "09:00", now });
    await answerOfferInApp(
      database.db,
      mei,
      { assignmentId: job.assignmentId, answer: "accept" },
      {
        publicUrl: PUBLIC_URL,
        ip: null,
      },
    );
    return job;
  }

  test("done jobs show by week with their hours and pay; payouts are taken off what is still to be paid", async () => {
    const estimated = await acceptedJob(1, firstDay);
    // As staff's Complete job leaves the booking.
    await database.db
      .updateTable("bookings")
      .set({ status: "completed", completed_at: now.toISOString() })
      .where("id", "=", estimated.bookingId)
      .execute();
    const measured = await acceptedJob(2, nextWeekDay);
    // As the app's check-in and check-out leave the seat: 2 h 30 min on site.
    await database.db
      .updateTable("assignments")
      .set({
        checked_in_at: "2026-12-01T22:00:00.000Z",
        checked_out_at: "2026-12-02T00:30:00.000Z",
      })
      .where("id", "=", measured.assignmentId)
      .execute();
    await acceptedJob(3, addDays(nextWeekDay, 1));
    const { estimated_hours: hours } = await database.db
      .selectFrom("quotes")
      .select("estimated_hours")
      .where("id", "=", estimated.quoteId)
      .executeTakeFirstOrThrow();
    const estimatedPay = Math.round(Number(hours) * 3200);

    const payout = new FormData();
    for (const [key, value] of Object.entries({
      cleanerId: mei,
      amount: "50.00",
      periodStart: firstDay,
      periodEnd: firstDay,
      reasonKind: "bonus",
    }))
      payout.append(key, value);
    expect(
      await createPayout(database.db, payout, { staffId: "staff-1", ip: null }, now),
    ).toMatchObject({ ok: true });

    const earnings = await loadCleanerEarnings(database.db, mei);
    expect(earnings.rateCents).toBe(3200);
    expect(earnings.weeks.map((week) => week.weekOf)).toEqual([
      mondayOf(nextWeekDay),
      mondayOf(firstDay),
    ]);
    expect(earnings.weeks[0]!.jobs).toEqual([
      expect.objectContaining({
        date: nextWeekDay,
        suburb: "Mosman",
        hours: 2.5,
        payCents: 8000,
        measured: true,
      }),
    ]);
    expect(earnings.weeks[1]!.jobs).toEqual([
      expect.objectContaining({
        date: firstDay,
        hours: Number(hours),
        payCents: estimatedPay,
        measured: false,
      }),
    ]);
    expect(earnings.payouts).toEqual([
      expect.objectContaining({ amountCents: 5000, status: "pending", periodStart: firstDay }),
    ]);
    expect(earnings.totals).toEqual({
      earnedCents: 8000 + estimatedPay,
      paidCents: 0,
      pendingCents: 5000,
      toBePaidCents: 8000 + estimatedPay - 5000,
    });

    const others = await loadCleanerEarnings(database.db, tom);
    expect(others).toMatchObject({ weeks: [], payouts: [], totals: { earnedCents: 0 } });
  });
});
