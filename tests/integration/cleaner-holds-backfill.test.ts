import { Migrator } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { bookTestQuote, testQuoteRequest } from "~/features/bookings/bookings.test-data";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { newId } from "~/lib/ids";
import { migrations } from "~/server/migrations";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/test-database";

// docs/decisions/0060-crews-and-cleaner-holds.md: live offers made before holds existed become
// holds, accepted ones first, one per seat up to the crew size; a clash keeps no hold.

const BEFORE = "2026_11_27_0840_application_review";
const now = new Date("2026-12-01T00:00:00.000Z");
const ctx = { publicUrl: "https://harbourandgold.test", now };
const place = { address: "12 Campbell Parade", suburb: "Bondi NSW 2026", date: "2026-12-02" };

describe.each(testDialects)("the cleaner holds backfill on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("live offers become holds on their seats; declined ones, extra ones and clashes do not", async () => {
    const db = database.db;
    const nine = await bookTestQuote(db, testQuoteRequest(1), { ...place, timeSlot: "09:00" }, ctx);
    const ten = await bookTestQuote(db, testQuoteRequest(2), { ...place, timeSlot: "10:00" }, ctx);
    const [ana, ben, cat] = await insertCleaners(db, [
      { name: "Ana" },
      { name: "Ben" },
      { name: "Cat" },
    ]);
    const offer = (
      id: string,
      booking: typeof nine.booking,
      cleaner: string,
      status: string,
      minute: number,
    ) => ({
      id,
      quote_id: booking.quoteId,
      booking_id: booking.id,
      cleaner_id: cleaner!,
      scheduled_date: booking.date,
      time_slot: booking.timeSlot,
      status: status as "pending",
      response_deadline: "2026-12-01T12:00:00.000Z",
      token_hash: newId(),
      previous_quote_status: "pending_payment" as const,
      created_at: `2026-12-01T00:0${minute}:00.000Z`,
      updated_at: `2026-12-01T00:0${minute}:00.000Z`,
    });
    await db
      .insertInto("assignments")
      .values([
        offer("ana-nine", nine.booking, ana!, "pending", 1),
        offer("ben-nine", nine.booking, ben!, "accepted", 2),
        offer("cat-nine", nine.booking, cat!, "declined", 3),
        // Ana is already held at nine; her ten o'clock offer clashes
        offer("ana-ten", ten.booking, ana!, "pending", 4),
      ])
      .execute();
    // The crew size comes from the quote's estimate
    await db
      .updateTable("quotes")
      .set({ cleaners_needed: 2 })
      .where("id", "=", nine.booking.quoteId)
      .execute();

    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    });
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const holds = await db
      .selectFrom("cleaner_holds")
      .select(["assignment_id", "seat", "starts_minute", "blocked_until_minute"])
      .orderBy("seat")
      .execute();
    // 9:00 AEDT on 2 December is 22:00 UTC on 1 December
    const nineAm = Date.parse("2026-12-01T22:00:00.000Z") / 60_000;
    expect(holds.map(({ assignment_id, seat }) => ({ assignment_id, seat }))).toEqual([
      { assignment_id: "ben-nine", seat: 1 },
      { assignment_id: "ana-nine", seat: 2 },
    ]);
    expect(holds[0]!.starts_minute).toBe(nineAm);
    expect(holds[0]!.blocked_until_minute).toBeGreaterThan(nineAm + 30);
    const seats = await db.selectFrom("assignments").select(["id", "seat"]).orderBy("id").execute();
    expect(seats).toEqual([
      { id: "ana-nine", seat: 2 },
      { id: "ana-ten", seat: 1 },
      { id: "ben-nine", seat: 1 },
      { id: "cat-nine", seat: 1 },
    ]);
  });
});
