import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { ASSIGN_TEXT } from "~/features/assignments/assignments";
import {
  bookTestQuote,
  MOSMAN_HOUSE,
  openDayFrom,
  testQuoteRequest,
} from "~/features/bookings/bookings.test-data";
import { minutesOnSite } from "~/features/bookings/slot-fit";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { addTimeOff } from "~/features/cleaners/vetting.service.server";
import { scheduleDays } from "~/features/schedule/schedule";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { refusal } from "../../../tests/helpers/refusal";
import { DISPATCH_TEXT, staffingLabel, timeOnSite } from "./dispatch";
import { getDispatchBoard, offerNextSeat } from "./dispatch.service.server";

// docs/product/cleaner-assignments.md#dispatch-board: the week's jobs by cleaner, the lane of jobs
// with open seats (the crew less its live offers), owners' week hours, and offers made through the
// Assign Cleaner panel's own rule, refused with its words.

const publicUrl = "https://harbourandgold.test";
const staff = { type: "staff" as const, id: "staff-1" };
const now = new Date();
const jobDate = openDayFrom(addDays(sydneyDate(now), 3));

/** The end of a 9 AM job of `hours` (the rule counts the quote's hours), "HH:MM". */
const endOf = (hours: number) =>
  `${String(9 + Math.floor(hours)).padStart(2, "0")}:${String((hours % 1) * 60).padStart(2, "0")}`;

describe("the board's words", () => {
  test("staffing reads accepted of the crew, then the offers waiting; time on site is a span", () => {
    expect(staffingLabel({ accepted: 0, offered: 0, crewSize: 1 })).toBe("0 of 1 cleaner");
    expect(staffingLabel({ accepted: 1, offered: 1, crewSize: 3 })).toBe(
      "1 of 3 cleaners, 1 offered",
    );
    expect(timeOnSite({ slot: "09:00", minutesOnSite: 150 })).toBe("9:00 AM – 11:30 AM");
    expect(timeOnSite({ slot: "13:00", minutesOnSite: 0 })).toBe("1:00 PM");
  });
});

describe.each(testDialects)("the dispatch board on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  let counter = 0;
  async function job(date: string, timeSlot: string, suburb: string, crewSize = 1) {
    counter += 1;
    const { quote, booking } = await bookTestQuote(
      database.db,
      testQuoteRequest(counter, { ...MOSMAN_HOUSE, name: `Client ${counter}` }),
      { date, timeSlot, address: `${counter} Main Road`, suburb },
      { publicUrl, now },
    );
    await database.db
      .updateTable("bookings")
      .set({ crew_size: crewSize })
      .where("id", "=", booking.id)
      .execute();
    const { estimated_hours } = await database.db
      .selectFrom("quotes")
      .select("estimated_hours")
      .where("id", "=", quote.id)
      .executeTakeFirstOrThrow();
    return { quoteId: quote.id, bookingId: booking.id, hours: Number(estimated_hours) };
  }

  const offer = (bookingId: string, cleanerId: string) =>
    offerNextSeat(database.db, { bookingId, cleanerId }, { actor: staff, publicUrl, now });

  const board = (view: "day" | "week", showsHours: boolean) =>
    getDispatchBoard(database.db, { view, date: jobDate, now, showsHours });

  test("rows by cleaner, the lane of open seats, time off, and week hours for owners only", async () => {
    const [ann, bob, cat, dee] = await insertCleaners(database.db, [
      { name: "Ann Available" },
      { name: "Bob Busy", status: "busy" },
      { name: "Cat Offline", status: "offline" },
      { name: "Dee Suspended", status: "suspended" },
      { name: "Eve Applicant", status: "pending_review" },
    ]);
    const pair = await job(jobDate, "09:00", "Mosman NSW 2088", 2);
    const single = await job(jobDate, "13:00", "Manly NSW 2095");
    await job(addDays(jobDate, 7), "09:00", "Coogee NSW 2034"); // the week after

    expect((await offer(pair.bookingId, ann!)).ok).toBe(true);
    expect((await offer(single.bookingId, bob!)).ok).toBe(true);
    // Bob says yes (his link's answer is the offer feature's own test): the offer is accepted.
    await database.db
      .updateTable("assignments")
      .set({ status: "accepted" })
      .where("quote_id", "=", single.quoteId)
      .execute();
    const off = new URLSearchParams({ startsOn: jobDate, endsOn: addDays(jobDate, 1) });
    expect((await addTimeOff(database.db, cat!, off, { staffId: "staff-1" }, now)).ok).toBe(true);

    const week = await board("week", true);
    expect(week.days).toEqual(scheduleDays("week", jobDate));
    // bookTestQuote's own crew ("Crew Member N") holds the bookings; the board lists them too.
    const rows = week.cleaners.filter((c) => !c.name.startsWith("Crew Member"));
    expect(rows.map((c) => [c.name, c.takesJobs])).toEqual([
      ["Ann Available", true],
      ["Bob Busy", true],
      ["Cat Offline", false],
      ["Dee Suspended", false],
    ]);
    // The pair needs two: one offered leaves one seat open; the single is taken.
    expect(week.needsCleaners.map((j) => [j.bookingId, j.openSeats, staffingLabel(j)])).toEqual([
      [pair.bookingId, 1, "0 of 2 cleaners, 1 offered"],
    ]);
    const [annRow, bobRow, catRow, deeRow] = rows;
    expect(annRow!.jobs.map((j) => [j.bookingId, j.offer])).toEqual([[pair.bookingId, "pending"]]);
    expect(bobRow!.jobs.map((j) => [j.bookingId, j.offer, j.suburb])).toEqual([
      [single.bookingId, "accepted", "Manly"],
    ]);
    expect(catRow!.timeOff).toEqual([{ startsOn: jobDate, endsOn: addDays(jobDate, 1) }]);
    expect(deeRow!.id).toBe(dee);
    // Owners: the hours on site of accepted jobs only (Ann's is still an offer).
    expect(bobRow!.weekHours).toBe(minutesOnSite({ hours: single.hours, cleaners: 1 }) / 60);
    expect(annRow!.weekHours).toBe(0);

    // Staff: no hours read at all; a day view shows that day's jobs only.
    const day = await board("day", false);
    expect(day.days).toEqual([jobDate]);
    expect(day.cleaners.every((c) => !("weekHours" in c))).toBe(true);
    expect(day.needsCleaners).toHaveLength(1);
    const otherDay = await getDispatchBoard(database.db, {
      view: "day",
      date: addDays(jobDate, 1),
      now,
      showsHours: true,
    });
    expect(otherDay.needsCleaners).toEqual([]);
    expect(otherDay.cleaners.find((c) => c.id === bob)!.weekHours).toBe(bobRow!.weekHours);
  });

  test("an offer the rule refuses comes back with its words; a full crew and a cleaner on the job too", async () => {
    const [bob, ann] = await insertCleaners(database.db, [
      { name: "Bob Busy", status: "busy" },
      { name: "Ann Available" },
    ]);
    const morning = await job(jobDate, "09:00", "Mosman NSW 2088");
    const overlapping = await job(jobDate, "10:00", "Manly NSW 2095");
    expect((await offer(morning.bookingId, bob!)).ok).toBe(true);

    expect(refusal(await offer(overlapping.bookingId, bob!))).toMatchObject({
      kind: "invalid",
      status: 422,
      message: ASSIGN_TEXT.notFree(`On another job 09:00–${endOf(morning.hours)}`),
    });
    expect(refusal(await offer(morning.bookingId, ann!))).toMatchObject({
      kind: "conflict",
      message: DISPATCH_TEXT.crewFull,
    });
    expect(refusal(await offer(morning.bookingId, bob!))).toMatchObject({
      kind: "conflict",
      message: DISPATCH_TEXT.alreadyOnIt("Bob Busy"),
    });
    expect(refusal(await offer("no-such-booking", ann!))).toMatchObject({
      kind: "not_found",
      message: DISPATCH_TEXT.jobGone,
    });

    // The refused offers wrote nothing: one live offer, one email waiting.
    const live = await database.db
      .selectFrom("assignments")
      .select("cleaner_id")
      .where("status", "in", ["pending", "accepted"])
      .execute();
    expect(live).toEqual([{ cleaner_id: bob }]);
  });
});
