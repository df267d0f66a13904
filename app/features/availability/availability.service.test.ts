import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { bookTestQuote, testQuoteRequest } from "~/features/bookings/bookings.test-data";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { crewAvailability, loadCleanerCalendars } from "./availability.service.server";

// The booking calendar reads holds without their bookings, one row per cleaner
// (docs/benchmarks.md, "Dispatch"); it must see exactly the holds the booking itself sees.

const now = new Date("2026-12-01T00:00:00.000Z");
const ctx = { publicUrl: "https://harbourandgold.test", now };
const place = { address: "12 Campbell Parade", suburb: "Bondi NSW 2026" };
const range = { from: "2026-12-01", to: "2026-12-31" };

describe.each(testDialects)("a month's holds on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    for (const [n, date, timeSlot] of [
      [1, "2026-12-02", "09:00"],
      [2, "2026-12-02", "14:00"],
      [3, "2026-12-17", "10:00"],
    ] as const) {
      await bookTestQuote(database.db, testQuoteRequest(n), { ...place, date, timeSlot }, ctx);
    }
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("read by cleaner, the holds are the booking's own, only without the booking", async () => {
    const withBookings = await loadCleanerCalendars(database.db, range);
    const spansOnly = await loadCleanerCalendars(database.db, range, { withBookings: false });
    const spans = (calendars: typeof withBookings) =>
      calendars.map((c) => ({
        id: c.id,
        holds: c.holds
          .map((h) => [h.startsMinute, h.blockedUntilMinute])
          .sort((a, b) => a[0]! - b[0]!),
      }));
    expect(withBookings.some((c) => c.holds.length > 0)).toBe(true);
    expect(spans(spansOnly)).toEqual(spans(withBookings));
    expect(spansOnly.flatMap((c) => c.holds).every((h) => h.bookingId === null)).toBe(true);
  });

  test("a slot whose only free crew is held shows no room; a later one does", async () => {
    const calendars = await loadCleanerCalendars(database.db, range);
    const working = calendars.filter((c) => c.status === "available").length;
    const [day] = await crewAvailability(database.db, {
      dates: ["2026-12-17"],
      slotsOn: () => ["10:00", "16:00"],
      minutesOnSite: 60,
      bufferMinutes: 30,
      crewSize: working,
      now,
    });
    expect(day?.slots).toEqual([
      { slot: "10:00", crewFree: false },
      { slot: "16:00", crewFree: true },
    ]);
  });
});
