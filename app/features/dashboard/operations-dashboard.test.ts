import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { getDashboardFor } from "./dashboard.service.server";
import { addCleaner, addLead, addOffer, addTransaction } from "./dashboard.test-data";

// docs/decisions/0044-figures-by-permission.md: the money figures need finance.view; staff
// without it get the operational dashboard, which holds no amount at all.

// Sydney 12:00 on Fri 20 Nov 2026 (AEDT, +11).
const now = new Date("2026-11-20T01:00:00.000Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

describe.each(testDialects)("the dashboard by permission on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function someBusiness() {
    const db = database.db;
    await addTransaction(db, { type: "payment", cents: 123_456, at: daysAgo(2) });
    await addTransaction(db, { type: "payout", cents: 45_600, at: daysAgo(2) });
    await addLead(db, { at: daysAgo(3), bookedAt: daysAgo(2), booking: "paid" });
    await addCleaner(db, { status: "available", rating: 4.5, createdAt: daysAgo(100) });
  }

  test("an owner gets the money figures", async () => {
    await someBusiness();
    const dashboard = await getDashboardFor(database.db, { role: "owner", periodDays: 30, now });
    expect(dashboard.kind).toBe("money");
    expect(dashboard).toMatchObject({ revenue: { cents: 123_456 }, netProfit: { cents: 77_856 } });
  });

  test("staff get the operational figures and not one amount", async () => {
    await someBusiness();
    const dashboard = await getDashboardFor(database.db, { role: "staff", periodDays: 30, now });
    expect(dashboard.kind).toBe("operations");
    expect(dashboard).toMatchObject({
      bookings: { count: 1 },
      leads: { count: 1, booked: 1 },
      jobsWithoutCleaner: 1,
      activeCleaners: { count: 1, averageRating: 4.5 },
      hasData: true,
    });
    // What the page is sent: no money figure, chart, category or transaction in any form.
    const sent = JSON.stringify(dashboard);
    for (const hidden of ["revenue", "expenses", "netProfit", "gst", "Cents", "recent", "123456"]) {
      expect(sent).not.toContain(hidden);
    }
  });

  test("a role the table does not know gets no money either", async () => {
    await someBusiness();
    const dashboard = await getDashboardFor(database.db, { role: "user", periodDays: 30, now });
    expect(dashboard.kind).toBe("operations");
  });

  test("bookings count those made in the period and still on, against the period before", async () => {
    const db = database.db;
    await addLead(db, { at: daysAgo(5), bookedAt: daysAgo(4), booking: "paid" });
    await addLead(db, { at: daysAgo(5), bookedAt: daysAgo(3), booking: "unpaid" });
    await addLead(db, { at: daysAgo(5), bookedAt: daysAgo(3), booking: "completed" });
    await addLead(db, { at: daysAgo(5), bookedAt: daysAgo(3), booking: "cancelled" });
    await addLead(db, { at: daysAgo(5), bookedAt: daysAgo(3), deleted: true });
    await addLead(db, { at: daysAgo(40), bookedAt: daysAgo(35), booking: "paid" });
    await addLead(db, { at: daysAgo(40), bookedAt: daysAgo(36), booking: "paid" });

    const dashboard = await getDashboardFor(db, { role: "staff", periodDays: 30, now });
    expect(dashboard).toMatchObject({
      bookings: { count: 3, previousCount: 2, growth: { kind: "percent", value: 50 } },
      // The deleted lead is not one of them.
      leads: { count: 4 },
      leadsGrowth: { kind: "percent", value: 100 },
    });
  });

  test("jobs without a cleaner are confirmed jobs from today on with no accepted offer", async () => {
    const db = database.db;
    const cleaner = await addCleaner(db, { status: "available", createdAt: daysAgo(100) });
    const job = (scheduledDate: string, booking: "paid" | "unpaid" | "cancelled" = "paid") =>
      addLead(db, { at: daysAgo(10), bookedAt: daysAgo(9), booking, scheduledDate });
    await job("2026-11-20"); // today in Sydney: still waiting
    await job("2026-12-05", "unpaid"); // confirmed, not paid yet: still needs a cleaner
    const offered = await job("2026-12-06"); // an offer out, not answered
    await addOffer(db, { quoteId: offered, cleanerId: cleaner, status: "pending", at: daysAgo(1) });
    const declined = await job("2026-12-07");
    await addOffer(db, {
      quoteId: declined,
      cleanerId: cleaner,
      status: "declined",
      at: daysAgo(1),
    });
    const staffed = await job("2026-12-08"); // has its cleaner
    await addOffer(db, {
      quoteId: staffed,
      cleanerId: cleaner,
      status: "accepted",
      at: daysAgo(1),
    });
    await job("2026-11-19"); // yesterday: past
    await job("2026-12-09", "cancelled");

    const dashboard = await getDashboardFor(db, { role: "staff", periodDays: 7, now });
    expect(dashboard).toMatchObject({ jobsWithoutCleaner: 4 });
  });

  test("an empty period has no data", async () => {
    const dashboard = await getDashboardFor(database.db, { role: "staff", periodDays: 7, now });
    expect(dashboard).toMatchObject({
      bookings: { count: 0, growth: { kind: "none" } },
      jobsWithoutCleaner: 0,
      hasData: false,
    });
  });
});
