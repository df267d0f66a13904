import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { bookTestQuote, testQuoteRequest } from "~/features/bookings/bookings.test-data";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { submitSeriesChange } from "./my-series-action.server";
import { startSeriesFromBooking } from "./series.service.server";

// The regular cleans page's posts: every field checked on the server, with its own message.

const now = new Date("2026-12-01T00:00:00.000Z");
const ctx = { publicUrl: "https://harbourandgold.test", now };

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe.each(testDialects)("a regular clean's form on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function series() {
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
      frequency: "fortnightly",
      now,
    });
    if (!started.ok) throw new Error(started.message);
    return { seriesId: started.seriesId, customerId: booking.customerId! };
  }

  test("a change of all future visits without its fields says what is missing, beside each", async () => {
    const { seriesId, customerId } = await series();
    const answer = await submitSeriesChange(
      database.db,
      { kind: "customer", customerId },
      form({
        intent: "change",
        seriesId,
        startsOn: "",
        timeSlot: "25:00",
        frequency: "daily",
        address: "",
      }),
      ctx,
    );
    expect(answer).toMatchObject({
      ok: false,
      kind: "malformed",
      target: seriesId,
      fieldErrors: {
        startsOn: "Please choose the date of the first visit with the new details.",
        timeSlot: "Please choose a time slot.",
        frequency: "Please choose how often.",
        address: "Please enter the service address.",
      },
    });
  });

  test("a pause until tomorrow is refused beside its field; a later date is done", async () => {
    const { seriesId, customerId } = await series();
    const actor = { kind: "customer" as const, customerId };
    const tooSoon = await submitSeriesChange(
      database.db,
      actor,
      form({ intent: "pause", seriesId, until: "2026-12-02" }),
      ctx,
    );
    expect(tooSoon).toMatchObject({
      ok: false,
      kind: "invalid",
      fieldErrors: { until: "Please choose a date after tomorrow." },
    });
    const paused = await submitSeriesChange(
      database.db,
      actor,
      form({ intent: "pause", seriesId, until: "2027-01-05" }),
      ctx,
    );
    expect(paused).toEqual({
      ok: true,
      message: "Paused. Visits start again on Tuesday, 5 January 2027.",
      target: seriesId,
    });
  });

  test("an unknown intent is refused as malformed", async () => {
    const { customerId } = await series();
    const answer = await submitSeriesChange(
      database.db,
      { kind: "customer", customerId },
      form({ intent: "delete-everything" }),
      ctx,
    );
    expect(answer).toMatchObject({ ok: false, kind: "malformed" });
  });
});
