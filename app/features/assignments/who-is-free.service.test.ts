import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  bookTestQuote,
  openDayFrom,
  TEST_CREW_PREFIX,
  MOSMAN_HOUSE,
  testQuoteRequest,
} from "~/features/bookings/bookings.test-data";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { POLICE_CHECK_TEXT } from "~/features/cleaners/police-check";
import { addTimeOff } from "~/features/cleaners/vetting.service.server";
import { addDays, sydneyDate, weekdayOf } from "~/lib/sydney-time";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { ASSIGN_TEXT } from "./assignments";
import { assignCleaner, getAssignOptions } from "./assignments.service.server";
import { FREE_TEXT } from "~/features/availability/why-not-free";
import { answerOffer } from "./offer-answers.server";

// docs/decisions/0042-who-is-free-for-a-job.md: a cleaner is free for a job when they work that
// day and those hours, hold no overlapping job, have no time off then, have not declined it and
// have a current police check. The panel says why not; the offer is refused with the same words.

const publicUrl = "https://harbourandgold.test";
const staff = { type: "staff" as const, id: "staff-1" };
const now = new Date();
const today = sydneyDate(now);
const jobDate = openDayFrom(addDays(today, 3));
const EVERY_DAY = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

describe.each(testDialects)("who is free for a job on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function bookedLead(n: number, timeSlot = "09:00") {
    const { quote } = await bookTestQuote(
      database.db,
      testQuoteRequest(n, { ...MOSMAN_HOUSE, name: `Client ${n} Smith` }),
      { date: jobDate, timeSlot, address: `${n} Military Road`, suburb: "Mosman NSW 2088" },
      { publicUrl, now },
    );
    return quote.id;
  }

  const offer = (quoteId: string, cleanerId: string, timeSlot = "09:00") =>
    assignCleaner(
      database.db,
      { quoteId, cleanerId, date: jobDate, timeSlot: timeSlot as "09:00" },
      { actor: staff, publicUrl, now },
    );

  /** The panel's word on each cleaner for the lead's booked time (the test crew aside). */
  async function panel(quoteId: string) {
    const options = await getAssignOptions(database.db, { quote: quoteId }, now);
    const mine = options.cleaners.filter((c) => !c.id.startsWith(TEST_CREW_PREFIX));
    return Object.fromEntries(mine.map((c) => [c.name, [c.free, c.reason]]));
  }

  async function expectRefused(quoteId: string, cleanerId: string, reason: string) {
    const message = ASSIGN_TEXT.notFree(reason);
    expect(await offer(quoteId, cleanerId)).toEqual({
      ok: false,
      kind: "invalid",
      message,
      fieldErrors: { cleanerId: message },
    });
  }

  test("a cleaner who does not work the job's weekday is not free, and says so", async () => {
    const weekday = weekdayOf(jobDate);
    const [off, on] = await insertCleaners(database.db, [
      {
        name: "Ada Weekdays",
        availability: JSON.stringify(EVERY_DAY.filter((d) => d !== weekday)),
      },
      { name: "Bea Everyday" },
    ]);
    const lead = await bookedLead(1);
    expect(await panel(lead)).toEqual({
      "Ada Weekdays": [false, FREE_TEXT.notWorkingDay(weekday)],
      "Bea Everyday": [true, null],
    });
    await expectRefused(lead, off!, `Not working ${weekday}s`);
    expect((await offer(lead, on!)).ok).toBe(true);
  });

  test("the whole job must fit the cleaner's working hours", async () => {
    const [afternoons, mornings] = await insertCleaners(database.db, [
      { name: "Cal Afternoons", working_hours: "1pm-6pm" },
      { name: "Dot Mornings", working_hours: "7am-3pm" },
    ]);
    const morning = await bookedLead(2, "09:00");
    expect(await panel(morning)).toEqual({
      "Cal Afternoons": [false, "Works 1pm-6pm only"],
      "Dot Mornings": [true, null],
    });
    await expectRefused(morning, afternoons!, "Works 1pm-6pm only");
    // A job from 1pm runs past 3pm: it does not fit the morning cleaner's hours.
    const afternoon = await bookedLead(3, "13:00");
    const options = await getAssignOptions(database.db, { quote: afternoon }, now);
    expect(options.cleaners.find((c) => c.id === mornings)?.reason).toBe("Works 7am-3pm only");
  });

  test("a cleaner on time off that day is not free", async () => {
    const [away, home] = await insertCleaners(database.db, [
      { name: "Eve Away" },
      { name: "Fay Home" },
    ]);
    const form = new URLSearchParams({ startsOn: addDays(jobDate, -1), endsOn: jobDate });
    expect(await addTimeOff(database.db, away!, form, { staffId: "staff-1" }, now)).toEqual({
      ok: true,
    });
    // Time off that ended the day before does not count.
    const before = new URLSearchParams({ startsOn: today, endsOn: addDays(jobDate, -1) });
    expect((await addTimeOff(database.db, home!, before, { staffId: "staff-1" }, now)).ok).toBe(
      true,
    );
    const lead = await bookedLead(4);
    expect(await panel(lead)).toEqual({
      "Eve Away": [false, FREE_TEXT.timeOff],
      "Fay Home": [true, null],
    });
    await expectRefused(lead, away!, "On time off that day");
  });

  test("a cleaner holding an overlapping job is shown with that job's hours", async () => {
    const [busy] = await insertCleaners(database.db, [{ name: "Gus Busy" }]);
    const first = await bookedLead(5, "09:00");
    expect((await offer(first, busy!)).ok).toBe(true);
    const second = await bookedLead(6, "10:00");
    const [[free, reason]] = Object.values(await panel(second)) as [[boolean, string]];
    expect(free).toBe(false);
    expect(reason).toMatch(/^On another job 09:00–\d\d:\d\d$/);
  });

  test("a cleaner who declined this job is not offered it again", async () => {
    const [declines, other] = await insertCleaners(database.db, [
      { name: "Hal Declines" },
      { name: "Ivy Other" },
    ]);
    const lead = await bookedLead(7);
    const first = await offer(lead, declines!);
    expect(await answerOffer(database.db, first.token!, "decline", { publicUrl })).toMatchObject({
      state: "declined",
    });
    expect(await panel(lead)).toEqual({
      "Hal Declines": [false, FREE_TEXT.declined],
      "Ivy Other": [true, null],
    });
    await expectRefused(lead, declines!, "Declined this job");
    expect((await offer(lead, other!)).ok).toBe(true);
  });

  test("a cleaner without a current police check is never offered a job, with or without a time", async () => {
    const [none, lapsed, lapsing] = await insertCleaners(database.db, [
      { name: "Jo None", police_check_expires_on: null },
      { name: "Kit Lapsed", police_check_expires_on: addDays(today, -1) },
      { name: "Lu Lapsing", police_check_expires_on: addDays(jobDate, -1) },
      { name: "Mo Current", police_check_expires_on: jobDate },
    ]);
    const lead = await bookedLead(8);
    expect(await panel(lead)).toEqual({
      "Jo None": [false, POLICE_CHECK_TEXT.none],
      "Kit Lapsed": [false, POLICE_CHECK_TEXT.expired(addDays(today, -1))],
      "Lu Lapsing": [false, POLICE_CHECK_TEXT.lapsesBeforeJob(addDays(jobDate, -1))],
      "Mo Current": [true, null],
    });
    // Before a date and time are chosen, only the police check is judged.
    const unscheduled = await getAssignOptions(database.db, {}, now);
    const mine = unscheduled.cleaners.filter((c) => !c.id.startsWith(TEST_CREW_PREFIX));
    expect(mine.map((c) => [c.name, c.free, c.reason])).toEqual([
      ["Jo None", null, POLICE_CHECK_TEXT.none],
      ["Kit Lapsed", null, POLICE_CHECK_TEXT.expired(addDays(today, -1))],
      ["Lu Lapsing", null, null],
      ["Mo Current", null, null],
    ]);
    await expectRefused(lead, none!, POLICE_CHECK_TEXT.none);
    await expectRefused(lead, lapsed!, POLICE_CHECK_TEXT.expired(addDays(today, -1)));
    await expectRefused(lead, lapsing!, POLICE_CHECK_TEXT.lapsesBeforeJob(addDays(jobDate, -1)));
  });
});
