import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { bookTestQuote, testQuoteRequest } from "~/features/bookings/bookings.test-data";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { submitSeriesChange } from "./my-series-action.server";
import { getSeries, startSeriesFromBooking } from "./series.service.server";
import { sweepSeries } from "./series-sweep.service.server";

// docs/decisions/0073-series-occurrences-are-bookings.md: staff change a customer's series from
// the customer's page, any visit at any time, each change audited, never another customer's.

// Tuesday 1 December 2026, 11:00 in Sydney; the first visit is the next morning, inside 24 hours.
const now = new Date("2026-12-01T00:00:00.000Z");
const ctx = { publicUrl: "https://harbourandgold.test", now };

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

describe.each(testDialects)("staff changing a series on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function sweptSeries() {
    const { booking } = await bookTestQuote(
      database.db,
      testQuoteRequest(1),
      {
        date: "2026-12-02",
        timeSlot: "09:00",
        address: "12 Campbell Parade",
        suburb: "Bondi NSW 2026",
      },
      ctx,
    );
    const started = await startSeriesFromBooking(database.db, {
      booking,
      frequency: "weekly",
      now,
    });
    if (!started.ok) throw new Error(started.message);
    await sweepSeries(database.db, ctx);
    return { seriesId: started.seriesId, customerId: booking.customerId! };
  }

  const staffOn = (customerId: string) => ({
    kind: "staff" as const,
    staffUserId: "staff-1",
    customerId,
  });

  async function auditOf(seriesId: string) {
    return database.db
      .selectFrom("audit_log")
      .select(["action", "actor_type", "actor_id"])
      .where("subject_type", "=", "series")
      .where("subject_id", "=", seriesId)
      .execute();
  }

  test("staff skip a visit inside its 24 hours, and the skip is audited as theirs", async () => {
    const { seriesId, customerId } = await sweptSeries();
    const first = (await getSeries(database.db, seriesId, now))!.upcoming[0]!;
    expect(first.changeable).toBe(false);
    expect(first.live).toBe(true);

    const answer = await submitSeriesChange(
      database.db,
      staffOn(customerId),
      form({ intent: "skip", occurrenceId: first.occurrenceId }),
      ctx,
    );

    expect(answer).toMatchObject({
      ok: true,
      message: "That visit is skipped. Its crew has been told.",
    });
    const after = (await getSeries(database.db, seriesId, now))!.upcoming[0]!;
    expect(after.status).toBe("skipped");
    expect(await auditOf(seriesId)).toEqual([
      { action: "series.visit_skipped", actor_type: "staff", actor_id: "staff-1" },
    ]);
  });

  test("staff change all future visits to fortnightly, in staff's words", async () => {
    const { seriesId, customerId } = await sweptSeries();
    const answer = await submitSeriesChange(
      database.db,
      staffOn(customerId),
      form({
        intent: "change",
        seriesId,
        startsOn: "2026-12-10",
        timeSlot: "13:00",
        frequency: "fortnightly",
        address: "14 Campbell Parade",
      }),
      ctx,
    );
    expect(answer).toMatchObject({
      ok: true,
      message: "Done. The visits from that date are booked on the new schedule.",
    });
    const series = (await getSeries(database.db, seriesId, now))!;
    expect(series.wording).toBe("every second Thursday at 1:00 PM");
    expect(series.address).toBe("14 Campbell Parade");
    expect((await auditOf(seriesId)).map((entry) => entry.action)).toEqual(["series.changed"]);
  });

  test("a visit moved by staff keeps its place in the series", async () => {
    const { seriesId, customerId } = await sweptSeries();
    const second = (await getSeries(database.db, seriesId, now))!.upcoming[1]!;
    const answer = await submitSeriesChange(
      database.db,
      staffOn(customerId),
      form({
        intent: "reschedule",
        occurrenceId: second.occurrenceId,
        date: "2026-12-10",
        timeSlot: "13:00",
      }),
      ctx,
    );
    expect(answer).toMatchObject({
      ok: true,
      message: "That visit is moved. Its crew has been told.",
    });
    const moved = (await getSeries(database.db, seriesId, now))!.upcoming[1]!;
    expect(moved).toMatchObject({
      occurrenceDate: second.occurrenceDate,
      date: "2026-12-10",
      timeSlot: "13:00",
    });
  });

  test("a post from one customer's page cannot change another customer's series", async () => {
    const { seriesId } = await sweptSeries();
    const answer = await submitSeriesChange(
      database.db,
      staffOn("another-customer"),
      form({ intent: "cancel", seriesId }),
      ctx,
    );
    expect(answer).toMatchObject({ ok: false, kind: "not_found" });
    expect((await getSeries(database.db, seriesId, now))!.status).toBe("active");
    expect(await auditOf(seriesId)).toEqual([]);
  });
});
