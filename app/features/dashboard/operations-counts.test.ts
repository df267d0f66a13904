import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { newId } from "~/lib/ids";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { getOperationsDashboard } from "./operations-dashboard.server";
import { addCleaner, addLead, addOffer } from "./dashboard.test-data";

// The operations dashboard reads its booking counts from tables that triggers keep with every
// booking, quote and offer written (docs/decisions/0089-admin-lists-at-scale.md). Whatever is
// changed, and however, the figures a member of staff sees must follow at once.

// Sydney 12:00 on Fri 20 Nov 2026 (AEDT, +11).
const now = new Date("2026-11-20T01:00:00.000Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

describe.each(testDialects)("the operations dashboard's counts on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function figures() {
    const dashboard = await getOperationsDashboard(database.db, { periodDays: 30, now });
    return {
      made: dashboard.bookings.count,
      madeBefore: dashboard.bookings.previousCount,
      withoutCleaner: dashboard.jobsWithoutCleaner,
    };
  }

  const bookingOf = (quoteId: string) =>
    database.db
      .selectFrom("bookings")
      .select("id")
      .where("quote_id", "=", quoteId)
      .executeTakeFirstOrThrow();

  const updateBooking = async (
    quoteId: string,
    set: { status?: "confirmed" | "cancelled"; scheduled_date?: string; created_at?: string },
  ) => {
    await database.db.updateTable("bookings").set(set).where("quote_id", "=", quoteId).execute();
  };

  test("a period ending mid-hour counts each booking and lead once, rows after now included", async () => {
    const db = database.db;
    // 12:40 in Sydney: each end of both periods lies inside an hour, read from either side.
    const midHour = new Date(now.getTime() + 40 * 60_000);
    const minutes = (ms: number, offset: number) => new Date(ms + offset * 60_000).toISOString();
    const start = midHour.getTime() - 30 * 86_400_000;
    const previousStart = start - 30 * 86_400_000;
    let inPeriod = 0;
    let before = 0;
    for (const edge of [previousStart, start, midHour.getTime()]) {
      for (const offset of [-50, -39, -1, 0, 1, 15, 25]) {
        const at = minutes(edge, offset);
        await addLead(db, { at, bookedAt: at });
        if (at >= minutes(start, 0) && at < midHour.toISOString()) inPeriod++;
        if (at >= minutes(previousStart, 0) && at < minutes(start, 0)) before++;
      }
    }
    const dashboard = await getOperationsDashboard(db, { periodDays: 30, now: midHour });
    expect(dashboard.bookings).toMatchObject({ count: inPeriod, previousCount: before });
    expect(dashboard.leads).toMatchObject({ count: inPeriod, booked: inPeriod });
    // Four on or after each start, three before each end; those made after the page's "now" (a
    // clock behind the database's) are in neither.
    expect([inPeriod, before]).toEqual([7, 7]);
  });

  test("a booking cancelled, confirmed again, moved or deleted changes both counts at once", async () => {
    const db = database.db;
    // Booked at a part hour and at a whole hour, so both ways of counting are crossed.
    const first = await addLead(db, {
      at: daysAgo(6),
      bookedAt: new Date(now.getTime() - 5 * 86_400_000 - 1_000).toISOString(),
      booking: "unpaid",
      scheduledDate: "2026-12-02",
    });
    const second = await addLead(db, {
      at: daysAgo(6),
      bookedAt: daysAgo(4),
      booking: "unpaid",
      scheduledDate: "2026-12-03",
    });
    expect(await figures()).toEqual({ made: 2, madeBefore: 0, withoutCleaner: 2 });

    await updateBooking(first, { status: "cancelled" });
    expect(await figures()).toEqual({ made: 1, madeBefore: 0, withoutCleaner: 1 });

    await updateBooking(first, { status: "confirmed" });
    expect(await figures()).toEqual({ made: 2, madeBefore: 0, withoutCleaner: 2 });

    // Moved to yesterday: no longer a job ahead, still a booking made in the period.
    await updateBooking(second, { scheduled_date: "2026-11-19" });
    expect(await figures()).toEqual({ made: 2, madeBefore: 0, withoutCleaner: 1 });

    // Counted in the period it was made in.
    await updateBooking(second, { created_at: daysAgo(40) });
    expect(await figures()).toEqual({ made: 1, madeBefore: 1, withoutCleaner: 1 });

    await db.deleteFrom("bookings").where("quote_id", "=", first).execute();
    expect(await figures()).toEqual({ made: 0, madeBefore: 1, withoutCleaner: 0 });
  });

  test("a lead deleted takes its bookings out of both counts, and restored puts them back", async () => {
    const db = database.db;
    const lead = await addLead(db, {
      at: daysAgo(6),
      bookedAt: daysAgo(5),
      booking: "paid",
      scheduledDate: "2026-12-02",
    });
    await addLead(db, { at: daysAgo(6), bookedAt: daysAgo(5), scheduledDate: "2026-12-02" });
    expect(await figures()).toEqual({ made: 2, madeBefore: 0, withoutCleaner: 2 });

    await db
      .updateTable("quotes")
      .set({ deleted_at: daysAgo(1) })
      .where("id", "=", lead)
      .execute();
    expect(await figures()).toEqual({ made: 1, madeBefore: 0, withoutCleaner: 1 });

    await db.updateTable("quotes").set({ deleted_at: null }).where("id", "=", lead).execute();
    expect(await figures()).toEqual({ made: 2, madeBefore: 0, withoutCleaner: 2 });
  });

  test("an offer accepted, declined, handed over or withdrawn changes the jobs without a cleaner", async () => {
    const db = database.db;
    const cleaner = await addCleaner(db, { status: "available", createdAt: daysAgo(100) });
    const other = await addCleaner(db, { status: "available", createdAt: daysAgo(100) });
    const job = await addLead(db, {
      at: daysAgo(6),
      bookedAt: daysAgo(5),
      scheduledDate: "2026-12-02",
    });
    await addLead(db, { at: daysAgo(6), bookedAt: daysAgo(5), scheduledDate: "2026-12-04" });
    await addOffer(db, { quoteId: job, cleanerId: cleaner, status: "pending", at: daysAgo(1) });
    expect(await figures()).toMatchObject({ withoutCleaner: 2 });

    const offers = () => db.updateTable("assignments").where("cleaner_id", "=", cleaner);
    await offers().set({ status: "accepted" }).execute();
    expect(await figures()).toMatchObject({ withoutCleaner: 1 });

    // A second cleaner of the crew accepts, then the first drops out: still staffed.
    await addOffer(db, { quoteId: job, cleanerId: other, status: "accepted", at: daysAgo(1) });
    await offers().set({ status: "declined" }).execute();
    expect(await figures()).toMatchObject({ withoutCleaner: 1 });

    await db.deleteFrom("assignments").where("cleaner_id", "=", other).execute();
    expect(await figures()).toMatchObject({ withoutCleaner: 2 });

    // An offer accepted before the quote was booked names no booking, and staffs it.
    await offers().set({ status: "accepted", booking_id: null }).execute();
    expect(await figures()).toMatchObject({ withoutCleaner: 1 });
  });

  test("an offer for another booking of the same lead leaves this one without a cleaner", async () => {
    const db = database.db;
    const cleaner = await addCleaner(db, { status: "available", createdAt: daysAgo(100) });
    const lead = await addLead(db, {
      at: daysAgo(6),
      bookedAt: daysAgo(5),
      scheduledDate: "2026-12-02",
    });
    await addOffer(db, { quoteId: lead, cleanerId: cleaner, status: "accepted", at: daysAgo(1) });
    expect(await figures()).toMatchObject({ made: 1, withoutCleaner: 0 });

    const first = await bookingOf(lead);
    const rebooked = newId();
    await db
      .insertInto("bookings")
      .values({
        id: rebooked,
        reference: newId(),
        quote_id: lead,
        scheduled_date: "2026-12-09",
        time_slot: "09:00",
        address: "1 Test St",
        status: "confirmed",
        price_cents: 15000,
        created_at: daysAgo(2),
        updated_at: daysAgo(2),
      })
      .execute();
    expect(await figures()).toMatchObject({ made: 2, withoutCleaner: 1 });

    await db
      .updateTable("assignments")
      .set({ booking_id: rebooked })
      .where("booking_id", "=", first.id)
      .execute();
    expect(await figures()).toMatchObject({ made: 2, withoutCleaner: 1 });
  });
});
