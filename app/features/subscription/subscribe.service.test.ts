import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { ensureTestCrewFree } from "~/features/bookings/bookings.test-data";
import { getSeries } from "~/features/recurring/series.service.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { planVisitPrice, subscribeToPlan } from "./subscribe.service.server";

// docs/decisions/0084-subscribe-now-books-a-series.md: Subscribe Now books the first clean and
// starts the plan's series through the booking services, at the plan's price per visit.

// Tuesday 1 December 2026, 11:00 in Sydney.
const now = new Date("2026-12-01T00:00:00.000Z");
const ctx = { publicUrl: "https://harbourandgold.test", ip: null, now };

const SUBSCRIBER = {
  name: "Olivia Smith",
  email: "olivia.subscriber@example.com",
  phone: "0491 570 156",
  suburb: "Mosman NSW 2088",
  address: "3 Raglan Street",
  startDate: "2026-12-03",
  timeSlot: "09:00",
};

describe.each(testDialects)("Subscribe Now on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("Premium books its first clean and a fortnightly series at the plan's visit price", async () => {
    await ensureTestCrewFree(
      database.db,
      { date: SUBSCRIBER.startDate, timeSlot: SUBSCRIBER.timeSlot },
      { hours: 3, cleaners: 1 },
      now,
    );
    const result = await subscribeToPlan(database.db, { ...SUBSCRIBER, plan: "premium" }, ctx);
    if (!result.ok) throw new Error(result.message);

    const series = (await getSeries(database.db, result.seriesId, now))!;
    expect(series).toMatchObject({
      plan: "premium",
      frequency: "fortnightly",
      wording: "every second Thursday at 9:00 AM",
      address: "3 Raglan Street, Mosman NSW 2088",
      visitPriceCents: 11492,
    });
    expect(planVisitPrice("premium")).toBe(11492);
    expect(series.upcoming[0]).toMatchObject({ date: "2026-12-03", status: "booked" });
    const booking = await database.db
      .selectFrom("bookings")
      .select(["reference", "price_cents", "customer_id"])
      .where("reference", "=", result.bookingReference)
      .executeTakeFirstOrThrow();
    expect(Number(booking.price_cents)).toBe(11492);
    expect(booking.customer_id).toBe(series.customerId);
  });

  test("a first clean on a day that cannot be booked is refused beside its date", async () => {
    const result = await subscribeToPlan(
      database.db,
      { ...SUBSCRIBER, plan: "basic", startDate: "2026-12-01" },
      ctx,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors?.startDate).toBeTruthy();
    const series = await database.db.selectFrom("recurring_series").select("id").execute();
    expect(series).toEqual([]);
  });
});
