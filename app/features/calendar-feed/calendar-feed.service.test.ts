import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openDayFrom } from "~/features/bookings/bookings.test-data";
import {
  cancelBooking,
  rescheduleBooking,
} from "~/features/bookings/booking-changes.service.server";
import { offerJob, PUBLIC_URL } from "~/features/cleaner-app/cleaner-app.test-data";
import { answerOfferInApp } from "~/features/cleaner-app/cleaner-jobs.service.server";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { addDays, addHours, sydneyDate, sydneyInstant } from "~/lib/sydney-time";
import { parseICalendar } from "../../../tests/helpers/icalendar";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import {
  calendarFeedFor,
  getCalendarFeedCreatedAt,
  renewCalendarFeed,
} from "./calendar-feed.service.server";

// docs/decisions/0071-cleaner-earnings-and-calendar-feed.md: a cleaner's private calendar of the
// jobs they accepted, valid iCalendar, following reschedules and cancellations; renewing the link
// revokes the old one.

const now = new Date();
const jobDate = openDayFrom(addDays(sydneyDate(now), 3));
const newDate = openDayFrom(addDays(jobDate, 1));
const staff = { kind: "staff" as const, staffUserId: "staff-1" };

const utc = (date: string, slot: string) =>
  `${sydneyInstant(date, slot).toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;

describe.each(testDialects)("a cleaner's calendar feed on %s", (dialect) => {
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

  async function acceptedJob(n: number, cleanerId: string, date = jobDate) {
    const job = await offerJob(database.db, { n, cleanerId, date, timeSlot: "09:00", now });
    await answerOfferInApp(
      database.db,
      cleanerId,
      { assignmentId: job.assignmentId, answer: "accept" },
      {
        publicUrl: PUBLIC_URL,
        ip: null,
      },
    );
    return job;
  }
  const tokenOf = (path: string) => /\/calendar\/cleaner\/([\w-]+)\.ics$/.exec(path)![1]!;
  const eventsOf = async (token: string, at = now) => {
    const text = await calendarFeedFor(database.db, token, at);
    expect(text).not.toBeNull();
    return parseICalendar(text!).events;
  };

  test("the feed is valid iCalendar of the cleaner's accepted jobs, with the suburb and no client details", async () => {
    const job = await acceptedJob(1, mei);
    await offerJob(database.db, { n: 2, cleanerId: mei, date: newDate, timeSlot: "09:00", now });
    await acceptedJob(3, tom);
    const { path } = await renewCalendarFeed(database.db, mei, now);
    const text = (await calendarFeedFor(database.db, tokenOf(path), now))!;
    const events = parseICalendar(text).events;
    expect(events).toEqual([
      expect.objectContaining({
        UID: `${job.assignmentId}@cleaner-jobs`,
        SUMMARY: "Clean in Mosman",
        LOCATION: "Mosman",
        STATUS: "CONFIRMED",
        DTSTART: utc(jobDate, "09:00"),
      }),
    ]);
    expect(text).not.toMatch(/Client \d|Military Road|Smith|Tom Fraser/);
    expect(await getCalendarFeedCreatedAt(database.db, mei)).toBe(now.toISOString());
  });

  test("a reschedule moves the same event and asks again; a cancellation marks it cancelled", async () => {
    const job = await acceptedJob(1, mei);
    const token = tokenOf((await renewCalendarFeed(database.db, mei, now)).path);
    const [before] = await eventsOf(token);

    const later = addHours(now, 1);
    const moved = await rescheduleBooking(
      database.db,
      { bookingId: job.bookingId, date: newDate, timeSlot: "13:00", actor: staff },
      { publicUrl: PUBLIC_URL, now: later },
    );
    expect(moved.ok).toBe(true);
    const [after] = await eventsOf(token, later);
    expect(after).toMatchObject({
      UID: before!.UID,
      DTSTART: utc(newDate, "13:00"),
      STATUS: "TENTATIVE",
      SUMMARY: "Moved, answer again: Clean in Mosman",
    });
    expect(Number(after!.SEQUENCE)).toBeGreaterThan(Number(before!.SEQUENCE));

    const cancelled = await cancelBooking(
      database.db,
      { bookingId: job.bookingId, actor: staff },
      { publicUrl: PUBLIC_URL, now: addHours(later, 1) },
    );
    expect(cancelled.ok).toBe(true);
    const [gone] = await eventsOf(token, later);
    expect(gone).toMatchObject({ UID: before!.UID, STATUS: "CANCELLED" });
  });

  test("renewing revokes the old link; a made-up token reads nothing", async () => {
    await acceptedJob(1, mei);
    const first = tokenOf((await renewCalendarFeed(database.db, mei, now)).path);
    const second = tokenOf((await renewCalendarFeed(database.db, mei, now)).path);
    expect(second).not.toBe(first);
    expect(await calendarFeedFor(database.db, first, now)).toBeNull();
    expect(await eventsOf(second)).toHaveLength(1);
    expect(await calendarFeedFor(database.db, "x".repeat(43), now)).toBeNull();
    const stored = await database.db.selectFrom("cleaner_calendar_feeds").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(second);
  });

  test("a suspended cleaner's feed answers nothing", async () => {
    await acceptedJob(1, mei);
    const token = tokenOf((await renewCalendarFeed(database.db, mei, now)).path);
    await database.db
      .updateTable("cleaners")
      .set({ status: "suspended" })
      .where("id", "=", mei)
      .execute();
    expect(await calendarFeedFor(database.db, token, now)).toBeNull();
  });
});
