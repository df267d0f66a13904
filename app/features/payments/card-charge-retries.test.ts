import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { updateCardRetryHours } from "~/features/settings/card-retry-setting.service.server";
import { chargeVisit } from "./card-charges.service.server";
import { CHARGE_CONFIG, chargeJobsOf, insertCompletedVisit } from "./saved-cards.test-helpers";
import { saveTestCard } from "./saved-cards.service.server";

// The retry schedule staff set, and what happens after the last try
// (docs/decisions/0093-save-a-card-after-the-first-visit.md).

const ctx = { config: CHARGE_CONFIG };
const customerId = "cust-retries";
const HOUR = 60 * 60 * 1000;

describe.each(testDialects)("retrying a declined saved card on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function declinedVisit() {
    const visit = await insertCompletedVisit(database.db, { customerId });
    const token = "tok_chargeCustomerFail";
    await saveTestCard(database.db, { customerId, token, expMonth: 12, expYear: 2030 }, ctx);
    return visit;
  }

  test("the charge job follows the schedule saved in settings", async () => {
    await updateCardRetryHours(database.db, [6], { staffId: "staff-owner", ip: null });
    const visit = await declinedVisit();
    const now = new Date();
    const first = { bookingId: visit.bookingId, attempt: 1 };
    expect(await chargeVisit(database.db, first, ctx, now)).toBe("declined");
    const jobs = await chargeJobsOf(database.db, visit.bookingId);
    expect(jobs.map((job) => job.attempt)).toEqual([2]);
    expect(Date.parse(jobs[0]!.dueAt) - now.getTime()).toBe(6 * HOUR);
    const second = { bookingId: visit.bookingId, attempt: 2 };
    expect(await chargeVisit(database.db, second, ctx, now)).toBe("declined");
    // One retry in the schedule: the second decline is the last try.
    expect(await chargeJobsOf(database.db, visit.bookingId)).toHaveLength(1);
  });
});
