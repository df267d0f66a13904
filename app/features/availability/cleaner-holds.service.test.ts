import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { bookTestQuote, testQuoteRequest } from "~/features/bookings/bookings.test-data";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import {
  holdCleaner,
  holdSpan,
  findHoldsOverlapping,
  releaseBookingHolds,
  releaseSeatHold,
  type HoldSpan,
} from "./cleaner-holds.service.server";

// docs/decisions/0060-crews-and-cleaner-holds.md: nobody is held for two overlapping jobs.

const now = new Date("2026-12-01T00:00:00.000Z");
const ctx = { publicUrl: "https://harbourandgold.test", now };
const place = { address: "12 Campbell Parade", suburb: "Bondi NSW 2026" };
const nineToOne = holdSpan({
  date: "2026-12-02",
  slot: "09:00",
  minutesOnSite: 240,
  bufferMinutes: 30,
});

describe.each(testDialects)("cleaner holds on %s", (dialect) => {
  let database: TestDatabase;
  let cleanerId: string;
  let bookingIds: string[];
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    [cleanerId] = (await insertCleaners(database.db, [{ name: "Mia Chen" }])) as [string];
    bookingIds = [];
    for (const n of [1, 2]) {
      const slot = { ...place, date: "2026-12-02", timeSlot: n === 1 ? "09:00" : "13:00" };
      const { booking } = await bookTestQuote(database.db, testQuoteRequest(n), slot, ctx);
      bookingIds.push(booking.id);
    }
    // Each booking held a test crew; these tests hold seats themselves, from none.
    for (const id of bookingIds) {
      await database.db.transaction().execute((trx) => releaseBookingHolds(trx, id, now));
    }
  });
  afterEach(async () => {
    await database.destroy();
  });

  const hold = (bookingIndex: number, span: HoldSpan, seat = 1) =>
    database.db
      .transaction()
      .execute((trx) =>
        holdCleaner(trx, { cleanerId, bookingId: bookingIds[bookingIndex]!, seat, span, now }),
      );

  test("a job blocks its cleaner from its start to its end plus the travel buffer", () => {
    // 9:00 AEDT on 2 December is 22:00 UTC on 1 December
    expect(nineToOne.startsMinute * 60_000).toBe(Date.parse("2026-12-01T22:00:00.000Z"));
    expect(nineToOne.blockedUntilMinute - nineToOne.startsMinute).toBe(270);
  });

  test("a cleaner held for one job cannot be held for an overlapping one", async () => {
    expect(await hold(0, nineToOne)).toBe(true);
    const onePm = holdSpan({
      date: "2026-12-02",
      slot: "13:00",
      minutesOnSite: 120,
      bufferMinutes: 30,
    });
    // 13:00 starts inside 9:00-13:00 plus the 30-minute buffer
    expect(await hold(1, onePm)).toBe(false);
    expect(await findHoldsOverlapping(database.db, onePm, [cleanerId])).toHaveLength(1);
  });

  test("a job that starts after the buffer is free to hold", async () => {
    expect(await hold(0, nineToOne)).toBe(true);
    const later = {
      startsMinute: nineToOne.blockedUntilMinute,
      blockedUntilMinute: nineToOne.blockedUntilMinute + 90,
    };
    expect(await hold(1, later)).toBe(true);
  });

  test("a seat holds one cleaner at a time", async () => {
    expect(await hold(0, nineToOne)).toBe(true);
    const [other] = (await insertCleaners(database.db, [{ name: "Sam Lee" }])) as [string];
    const second = await database.db.transaction().execute((trx) =>
      holdCleaner(trx, {
        cleanerId: other,
        bookingId: bookingIds[0]!,
        seat: 1,
        span: nineToOne,
        now,
      }),
    );
    expect(second).toBe(false);
  });

  test("a released seat or booking frees the cleaner again", async () => {
    expect(await hold(0, nineToOne)).toBe(true);
    await database.db
      .transaction()
      .execute((trx) => releaseSeatHold(trx, { bookingId: bookingIds[0]!, seat: 1 }, now));
    expect(await hold(1, nineToOne)).toBe(true);
    await database.db.transaction().execute((trx) => releaseBookingHolds(trx, bookingIds[1]!, now));
    expect(await findHoldsOverlapping(database.db, nineToOne)).toHaveLength(0);
  });

  test("a refused hold leaves the transaction usable for the rest of its work", async () => {
    expect(await hold(0, nineToOne)).toBe(true);
    const done = await database.db.transaction().execute(async (trx) => {
      const held = await holdCleaner(trx, {
        cleanerId,
        bookingId: bookingIds[1]!,
        seat: 1,
        span: nineToOne,
        now,
      });
      const other = {
        startsMinute: nineToOne.blockedUntilMinute + 60,
        blockedUntilMinute: nineToOne.blockedUntilMinute + 120,
      };
      const heldLater = await holdCleaner(trx, {
        cleanerId,
        bookingId: bookingIds[1]!,
        seat: 2,
        span: other,
        now,
      });
      return { held, heldLater };
    });
    expect(done).toEqual({ held: false, heldLater: true });
  });

  test("of many transactions racing for the same cleaner, exactly one holds them", async () => {
    const attempts = Array.from({ length: 12 }, (_, i) =>
      hold(i % 2, nineToOne, 1 + Math.floor(i / 2)),
    );
    const results = await Promise.all(attempts);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await findHoldsOverlapping(database.db, nineToOne, [cleanerId])).toHaveLength(1);
  });
});
