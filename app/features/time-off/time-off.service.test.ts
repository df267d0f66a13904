import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { loadCleanerCalendars } from "~/features/availability/availability.service.server";
import { openDayFrom } from "~/features/bookings/bookings.test-data";
import { offerJob } from "~/features/cleaner-app/cleaner-app.test-data";
import { answerOfferInApp } from "~/features/cleaner-app/cleaner-jobs.service.server";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { refusal } from "../../../tests/helpers/refusal";
import {
  decideTimeOff,
  listCleanerTimeOff,
  requestTimeOff,
  withdrawTimeOff,
} from "./time-off.service.server";
import { getWorkingPattern, saveWorkingPattern } from "./working-pattern.service.server";

// docs/decisions/0070-cleaner-time-off-and-working-pattern.md: a cleaner asks for time off, staff
// approve or refuse it, and only approved time off keeps the cleaner from jobs; approved time off
// with accepted jobs inside stays until staff decide.

const now = new Date();
const today = sydneyDate(now);
const jobDate = openDayFrom(addDays(today, 5));
const PUBLIC_URL = "https://harbour.example";

function form(values: Record<string, string | string[]>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) {
    for (const one of [value].flat()) body.append(key, one);
  }
  return body;
}

describe.each(testDialects)("time off asked for in the cleaner's app on %s", (dialect) => {
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

  const ask = (startsOn: string, endsOn: string) =>
    requestTimeOff(
      database.db,
      {
        cleanerId: mei,
        cleanerName: "Mei Lin Chen",
        form: form({ startsOn, endsOn }),
        publicUrl: PUBLIC_URL,
      },
      now,
    );
  const offDaysSeenByTheModel = async () => {
    const calendars = await loadCleanerCalendars(database.db, {
      from: today,
      to: addDays(today, 30),
    });
    return calendars.find((cleaner) => cleaner.id === mei)!.timeOff;
  };
  const onlyEntry = async () => (await listCleanerTimeOff(database.db, mei, now))[0]!;

  test("a request keeps the cleaner free until staff approve it, and staff hear of it by email", async () => {
    expect(await ask(jobDate, addDays(jobDate, 2))).toMatchObject({ ok: true });
    const entry = await onlyEntry();
    expect(entry).toMatchObject({ startsOn: jobDate, status: "requested" });
    expect(await offDaysSeenByTheModel()).toEqual([]);
    const emails = await database.db
      .selectFrom("outbox_messages")
      .select("payload")
      .where("topic", "=", "cleaner.time_off_requested")
      .execute();
    expect(emails).toHaveLength(1);
    expect(emails[0]!.payload).toContain("Mei Lin Chen asked for time off");

    const approved = await decideTimeOff(database.db, {
      cleanerId: mei,
      timeOffId: entry.id,
      decision: "approved",
      staffId: "staff-1",
    });
    expect(approved).toMatchObject({ ok: true, status: "approved" });
    expect(await offDaysSeenByTheModel()).toEqual([
      { startsOn: jobDate, endsOn: addDays(jobDate, 2) },
    ]);
    const again = await decideTimeOff(database.db, {
      cleanerId: mei,
      timeOffId: entry.id,
      decision: "refused",
      staffId: "staff-1",
    });
    expect(refusal(again)).toMatchObject({
      status: 409,
      message: "That request was already approved or refused.",
    });
  });

  test("a refused request stays off the model and shows the cleaner the answer", async () => {
    await ask(jobDate, jobDate);
    const entry = await onlyEntry();
    await decideTimeOff(database.db, {
      cleanerId: mei,
      timeOffId: entry.id,
      decision: "refused",
      staffId: "staff-1",
    });
    expect(await onlyEntry()).toMatchObject({ status: "refused" });
    expect(await offDaysSeenByTheModel()).toEqual([]);
  });

  test("bad dates are refused next to their field", async () => {
    expect(refusal(await ask("2026-02-30", jobDate))).toMatchObject({
      status: 400,
      fieldErrors: { startsOn: "Enter the first day off" },
    });
    expect(refusal(await ask(jobDate, addDays(jobDate, -1)))).toMatchObject({
      status: 400,
      fieldErrors: { endsOn: "The last day off cannot be before the first" },
    });
    expect(refusal(await ask(addDays(today, -1), today))).toMatchObject({
      status: 422,
      fieldErrors: { startsOn: "Time off must start today or later" },
    });
  });

  test("approved time off with an accepted job inside cannot be removed by the cleaner; without one it can", async () => {
    await ask(jobDate, jobDate);
    const entry = await onlyEntry();
    const job = await offerJob(database.db, {
      n: 1,
      cleanerId: mei,
      date: jobDate,
      timeSlot: "09:00",
      now,
    });
    await answerOfferInApp(
      database.db,
      mei,
      { assignmentId: job.assignmentId, answer: "accept" },
      {
        publicUrl: PUBLIC_URL,
        ip: null,
      },
    );
    await decideTimeOff(database.db, {
      cleanerId: mei,
      timeOffId: entry.id,
      decision: "approved",
      staffId: "staff-1",
    });

    const refused = await withdrawTimeOff(database.db, { cleanerId: mei, timeOffId: entry.id });
    expect(refusal(refused)).toMatchObject({
      status: 409,
      message: "You have an accepted job on these days. Call the office to change this time off.",
    });
    expect(await onlyEntry()).toMatchObject({ status: "approved" });

    await ask(addDays(jobDate, 3), addDays(jobDate, 4));
    const later = (await listCleanerTimeOff(database.db, mei, now)).find(
      (e) => e.startsOn !== jobDate,
    )!;
    await decideTimeOff(database.db, {
      cleanerId: mei,
      timeOffId: later.id,
      decision: "approved",
      staffId: "staff-1",
    });
    expect(
      await withdrawTimeOff(database.db, { cleanerId: mei, timeOffId: later.id }),
    ).toMatchObject({ ok: true });
    expect(await listCleanerTimeOff(database.db, mei, now)).toHaveLength(1);
  });

  test("a cleaner withdraws their own request, never another cleaner's", async () => {
    const [tom] = (await insertCleaners(database.db, [
      { name: "Tom Fraser", status: "available" },
    ])) as [string];
    await ask(jobDate, jobDate);
    const entry = await onlyEntry();
    expect(
      refusal(await withdrawTimeOff(database.db, { cleanerId: tom, timeOffId: entry.id })),
    ).toMatchObject({
      status: 404,
    });
    expect(
      refusal(
        await decideTimeOff(database.db, {
          cleanerId: tom,
          timeOffId: entry.id,
          decision: "approved",
          staffId: "staff-1",
        }),
      ),
    ).toMatchObject({ status: 404 });
    expect(
      await withdrawTimeOff(database.db, { cleanerId: mei, timeOffId: entry.id }),
    ).toMatchObject({ ok: true });
    expect(await listCleanerTimeOff(database.db, mei, now)).toEqual([]);
  });

  test("the working pattern the cleaner saves is the one the availability model reads", async () => {
    // Hours staff typed freely show as the model reads them.
    await database.db
      .updateTable("cleaners")
      .set({ working_hours: "7am-6pm" })
      .where("id", "=", mei)
      .execute();
    expect(await getWorkingPattern(database.db, mei)).toMatchObject({
      startsAt: "07:00",
      endsAt: "18:00",
    });
    const saved = await saveWorkingPattern(
      database.db,
      mei,
      form({ days: ["Tuesday", "Monday"], startsAt: "08:30", endsAt: "15:00" }),
      now,
    );
    expect(saved).toMatchObject({ ok: true });
    expect(await getWorkingPattern(database.db, mei)).toEqual({
      days: ["Monday", "Tuesday"],
      startsAt: "08:30",
      endsAt: "15:00",
    });
    const calendars = await loadCleanerCalendars(database.db, { from: today, to: today });
    expect(calendars.find((cleaner) => cleaner.id === mei)).toMatchObject({
      workingDays: ["Monday", "Tuesday"],
      workingHours: "08:30-15:00",
    });
    const noDays = await saveWorkingPattern(
      database.db,
      mei,
      form({ startsAt: "08:00", endsAt: "15:00" }),
      now,
    );
    expect(refusal(noDays)).toMatchObject({
      status: 400,
      fieldErrors: { days: "Choose the days you work" },
    });
    const backwards = await saveWorkingPattern(
      database.db,
      mei,
      form({ days: "Friday", startsAt: "15:00", endsAt: "08:00" }),
      now,
    );
    expect(refusal(backwards)).toMatchObject({
      status: 400,
      fieldErrors: { endsAt: "Finish after you start" },
    });
    expect(await getWorkingPattern(database.db, mei)).toMatchObject({
      days: ["Monday", "Tuesday"],
    });
  });
});
