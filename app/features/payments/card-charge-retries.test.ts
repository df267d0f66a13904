import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { updateCardRetryHours } from "~/features/settings/card-retry-setting.service.server";
import { chargeVisit } from "./card-charges.service.server";
import { listFailedCardCharges } from "./failed-charges.service.server";
import { confirmTestPayment } from "./payments.service.server";
import { emailsOf } from "./payments.test-helpers";
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

  test("after the last failed try the business is emailed and Finance lists it until paid", async () => {
    const visit = await declinedVisit();
    const now = new Date();
    for (const attempt of [1, 2]) {
      const job = { bookingId: visit.bookingId, attempt };
      expect(await chargeVisit(database.db, job, ctx, now)).toBe("declined");
    }
    // Retries left: nobody at the office is bothered yet.
    expect(await emailsOf(database.db, "payment.saved_card_failed_staff")).toHaveLength(0);
    expect(await listFailedCardCharges(database.db)).toEqual([]);
    const last = { bookingId: visit.bookingId, attempt: 3 };
    expect(await chargeVisit(database.db, last, ctx, now)).toBe("declined");

    const alerts = await emailsOf(database.db, "payment.saved_card_failed_staff");
    expect(alerts).toHaveLength(1);
    const email = JSON.parse(alerts[0]!.payload) as { to: string; subject: string; text: string };
    expect(email.subject).toBe(`Card charge failed for booking ${visit.reference}`);
    expect(email.text).toContain("$450.00");
    expect(email.text).toContain("after 3 tries");
    const failed = await listFailedCardCharges(database.db);
    expect(failed).toMatchObject([
      { reference: visit.reference, amountCents: 45_000, tries: 3, errorCode: "card_declined" },
    ]);
    expect(await listFailedCardCharges(database.db, { quoteId: visit.quoteId })).toHaveLength(1);

    // The customer pays by the emailed link: nothing is left to follow up.
    const paid = await confirmTestPayment(
      database.db,
      { reference: visit.reference, token: "tok_visa", actor: { type: "customer", id: null } },
      ctx,
    );
    expect(paid.kind).toBe("paid");
    expect(await listFailedCardCharges(database.db)).toEqual([]);
  });
});
