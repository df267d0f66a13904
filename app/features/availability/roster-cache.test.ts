import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  addTestCrew,
  bookTestQuote,
  insertTestOffer,
  testQuoteRequest,
} from "~/features/bookings/bookings.test-data";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import {
  findBookingHolds,
  findLastCleanerFor,
  findLastCleanersFor,
  findMinutesHeldIn,
  findRosterMarker,
} from "./availability.repository.server";
import { rosterCache, takeCrew, type RosterCache } from "./availability.service.server";
import { releaseBookingHolds } from "./cleaner-holds.service.server";
import { holdSpan, weekSpanOf } from "./hold-span";

// docs/decisions/0097-the-sweep-reuses-the-roster.md: a kept roster is read again after any
// write to any cleaner, whoever makes it; the marker's stamps are drawn by the database.
// docs/decisions/0100-the-sweep-keeps-week-minutes.md: its week's minutes stay the database's
// sum while it is the only writer, and who is free is read afresh for every crew.
// docs/decisions/0101-the-sweep-books-a-dates-visits-together.md: inside one transaction it keeps
// the date's holds, its own included, and the last cleaner of each customer it books.

type Booking = Awaited<ReturnType<typeof bookTestQuote>>["booking"];

const now = new Date("2026-12-01T00:00:00.000Z");
const ctx = { publicUrl: "https://harbourandgold.test", now };
const wednesdayAtNine = {
  address: "12 Campbell Parade",
  suburb: "Bondi NSW 2026",
  date: "2026-12-02",
  timeSlot: "09:00",
};

describe.each(testDialects)("the sweep's kept roster on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    await addTestCrew(database.db, 3);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("every insert, update and delete of a cleaner moves the marker", async () => {
    const { db } = database;
    const markers = [await findRosterMarker(db)];
    const [added] = await addTestCrew(db, 1);
    markers.push(await findRosterMarker(db));
    // A write that leaves every column as it was still draws a new stamp.
    await db.updateTable("cleaners").set({ name: "Crew Member 1" }).execute();
    markers.push(await findRosterMarker(db));
    await db.updateTable("cleaners").set({ status: "offline" }).where("id", "=", added!).execute();
    markers.push(await findRosterMarker(db));
    await db.deleteFrom("cleaners").where("id", "=", added!).execute();
    markers.push(await findRosterMarker(db));
    expect(new Set(markers).size).toBe(markers.length);
  });

  test("the same roster while nothing changed, read again once a cleaner did", async () => {
    const { db } = database;
    const roster = rosterCache();
    const first = await roster.read(db);
    expect(await roster.read(db)).toBe(first);
    const idsOf = (cleaners: typeof first) => cleaners.map((c) => c.cleaner.id);
    const leaving = idsOf(first)[0]!;
    await db.updateTable("cleaners").set({ status: "offline" }).where("id", "=", leaving).execute();
    const after = await roster.read(db);
    expect(idsOf(after)).toEqual(idsOf(first).slice(1));
    await db
      .updateTable("cleaners")
      .set({ working_hours: "9am-1pm" })
      .where("id", "=", idsOf(after)[0]!)
      .execute();
    const [changed] = await roster.read(db);
    expect(changed!.cleaner.workingHours).toBe("9am-1pm");
    expect(changed!.hours).toEqual({ from: 9 * 60, to: 13 * 60 });
  });

  /** A booking made as the booking page makes it, whose crew is then let go, to take again. */
  async function bookingWithoutCrew(n: number, slot = wednesdayAtNine) {
    const { booking } = await bookTestQuote(database.db, testQuoteRequest(n), slot, ctx);
    await database.db.transaction().execute((trx) => releaseBookingHolds(trx, booking.id, now));
    return booking;
  }

  async function takeCrewWith(roster: RosterCache, booking: Booking) {
    return database.db.transaction().execute((trx) => takeCrew(trx, crewOf(roster, booking)));
  }

  /** One seat of `booking`, to take through `roster`. */
  function crewOf(roster: RosterCache, booking: Booking) {
    return {
      bookingId: booking.id,
      date: booking.date,
      slot: booking.timeSlot,
      minutesOnSite: booking.hours * 60,
      bufferMinutes: 30,
      seats: [1],
      customerId: null,
      jobPlace: null,
      now,
      roster,
    };
  }

  test("a kept week's minutes are the database's sum, the holds taken with it included", async () => {
    const { db } = database;
    await bookTestQuote(db, testQuoteRequest(1), wednesdayAtNine, ctx);
    const thursday = await bookingWithoutCrew(2, { ...wednesdayAtNine, date: "2026-12-03" });
    const week = weekSpanOf("2026-12-02");
    const summed = async () =>
      new Map((await findMinutesHeldIn(db, week)).map((r) => [r.cleaner_id, Number(r.minutes)]));
    const roster = rosterCache();
    expect(await roster.minutesHeldIn(db, week)).toEqual(await summed());
    const taken = await takeCrewWith(roster, thursday);
    expect(taken.open).toEqual([]);
    expect((await summed()).size).toBeGreaterThan(0);
    expect(await roster.minutesHeldIn(db, week)).toEqual(await summed());
  });

  test("a kept roster never holds a cleaner another booking has held since", async () => {
    const { db } = database;
    const roster = rosterCache();
    await roster.read(db);
    await roster.minutesHeldIn(db, weekSpanOf(wednesdayAtNine.date));
    // Booked by a customer after the sweep's page began: it holds its crew at the same time.
    const { booking: theirs } = await bookTestQuote(db, testQuoteRequest(1), wednesdayAtNine, ctx);
    const ours = await bookingWithoutCrew(2);
    const taken = await takeCrewWith(roster, ours);
    const theirCrew = (await findBookingHolds(db, theirs.id)).map((hold) => hold.cleaner_id);
    expect(theirCrew.length).toBeGreaterThan(0);
    expect(taken.open).toEqual([]);
    expect([...taken.held.values()].filter((id) => theirCrew.includes(id))).toEqual([]);
  });

  test("a transaction's kept holds of its date include the holds it takes", async () => {
    const { db } = database;
    const [first, second] = [await bookingWithoutCrew(1), await bookingWithoutCrew(2)];
    const roster = rosterCache();
    const span = holdSpan({
      date: second.date,
      slot: second.timeSlot,
      minutesOnSite: second.hours * 60,
      bufferMinutes: 30,
    });
    await db.transaction().execute(async (trx) => {
      expect(await roster.clashesWith(trx, second.date, span)).toEqual(new Map());
      const taken = await takeCrew(trx, crewOf(roster, first));
      const cleanerId = taken.held.get(1)!;
      // The same transaction, the same date: what it read first, and the hold it took since.
      const clashes = await roster.clashesWith(trx, second.date, span);
      expect([...clashes.keys()]).toEqual([cleanerId]);
      expect(clashes.get(cleanerId)![0]!.bookingId).toBe(first.id);
    });
  });

  test("the last cleaners read for a batch are each customer's, as read one by one", async () => {
    const { db } = database;
    const crew = (await db.selectFrom("cleaners").select("id").orderBy("id").execute()).map(
      (row) => row.id,
    );
    const booked = async (n: number, date: string, slot = "09:00") =>
      (
        await bookTestQuote(
          db,
          testQuoteRequest(n),
          { ...wednesdayAtNine, date, timeSlot: slot },
          ctx,
        )
      ).booking;
    const accepted = async (booking: Booking, cleanerId: string) =>
      insertTestOffer(db, {
        job: { ...booking, quoteId: booking.quoteId },
        cleanerId,
        at: now.toISOString(),
        status: "accepted",
      });
    const aEarlier = await booked(1, "2026-12-02");
    const aLater = await booked(1, "2026-12-03", "13:00");
    const bOnly = await booked(2, "2026-12-02", "13:00");
    const cAfter = await booked(3, "2026-12-10");
    await accepted(aEarlier, crew[0]!);
    await accepted(aLater, crew[1]!);
    await accepted(bOnly, crew[2]!);
    await accepted(cAfter, crew[0]!);
    const [aId, bId, cId] = [aEarlier, bOnly, cAfter].map((booking) => booking.customerId!);
    const customers = [aId!, bId!, cId!];
    expect(new Set(customers).size).toBe(3);

    const date = "2026-12-08";
    const batch = await findLastCleanersFor(db, customers, date);
    expect(batch).toEqual(
      new Map([
        [aEarlier.customerId, crew[1]],
        [bOnly.customerId, crew[2]],
      ]),
    );
    for (const customerId of customers) {
      expect(batch.get(customerId) ?? null).toBe(await findLastCleanerFor(db, customerId, date));
    }
    const roster = rosterCache();
    await db.transaction().execute(async (trx) => {
      await roster.readLastCleaners(trx, date, customers);
      expect(await roster.lastCleanerOf(trx, aId!, date)).toBe(crew[1]);
      expect(await roster.lastCleanerOf(trx, cId!, date)).toBeNull();
    });
  });
});
