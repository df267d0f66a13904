import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { refusal } from "../../../tests/helpers/refusal";
import { recordTransaction } from "~/features/ledger/ledger.server";
import { addCompletedJob, addPayableCleaner, TEST_KEY } from "./finance.test-data";
import { FINANCE_TEXT } from "./finance.schema";
import { createPayout, PAYOUT_CREATED, suggestPayout } from "./new-payout.service.server";
import { getPayoutsPage, markPayoutPaid, retryPayout } from "./payouts.service.server";

// One payout per cleaner and period (docs/decisions/0043-payouts-and-refunds.md):
// a second one for a period already paid is refused unless recorded as an adjustment with a
// reason; the suggestion subtracts what was already paid; a failed payout can be sent again.

const now = new Date("2026-11-20T01:00:00.000Z");
const owner = { staffId: "owner-1", ip: null };
const WEEK = { periodStart: "2026-11-09", periodEnd: "2026-11-15" };

function payoutForm(fields: Record<string, string>) {
  const form = new FormData();
  // Every other payment says what it is for (docs/decisions/0092-pay-basis-and-other-payments.md).
  form.set("reasonKind", "bonus");
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

describe.each(testDialects)("payouts for a period already paid on %s", (dialect) => {
  let database: TestDatabase;
  let cleanerId: string;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    cleanerId = await addPayableCleaner(database.db, { name: "Ana Lima" });
  });
  afterEach(async () => {
    await database.destroy();
  });

  const record = (fields: Record<string, string>) =>
    createPayout(
      database.db,
      payoutForm({ cleanerId, amount: "336.00", ...WEEK, ...fields }),
      owner,
      now,
    );
  const payoutsOf = () =>
    database.db
      .selectFrom("cleaner_payouts")
      .select(["reference", "amount_cents", "status", "adjustment_reason"])
      .where("cleaner_id", "=", cleanerId)
      .orderBy("created_at")
      .orderBy("reference")
      .execute();
  const markFailed = (reference: string) =>
    database.db
      .updateTable("cleaner_payouts")
      .set({ status: "failed" })
      .where("reference", "=", reference)
      .execute();

  test("a payout to someone still applying is refused beside the cleaner, and nothing is recorded", async () => {
    await database.db
      .updateTable("cleaners")
      .set({ status: "pending_review" })
      .where("id", "=", cleanerId)
      .execute();
    expect(refusal(await record({ reference: "PO-APPLICANT" }))).toEqual({
      kind: "conflict",
      status: 409,
      message: FINANCE_TEXT.applicantNotPaid,
      fieldErrors: { cleanerId: FINANCE_TEXT.applicantNotPaid },
    });
    expect(await payoutsOf()).toEqual([]);
  });

  test("a second payout to the same cleaner for the same period and amount is refused next to the period", async () => {
    expect(await record({ reference: "PO-WEEK-46" })).toMatchObject({ ok: true });
    const second = await record({ reference: "PO-WEEK-46B" });
    const overlap =
      "This cleaner already has a payout for this period: PO-WEEK-46 ($336.00). Change the period, or record this one as an adjustment with a reason.";
    expect(second).toEqual({
      ok: false,
      kind: "conflict",
      message: overlap,
      overlap: true,
      fieldErrors: { periodStart: overlap },
      values: expect.objectContaining({ amount: "336.00", periodStart: "2026-11-09" }),
    });
    expect(refusal(second)).toMatchObject({ status: 409 });
    // A period sharing one day overlaps; the next week does not.
    expect(await record({ periodStart: "2026-11-15", periodEnd: "2026-11-21" })).toMatchObject({
      ok: false,
      overlap: true,
    });
    expect(await record({ periodStart: "2026-11-16", periodEnd: "2026-11-22" })).toMatchObject({
      ok: true,
    });
    const other = await addPayableCleaner(database.db, { name: "Bo Chen" });
    expect(await record({ cleanerId: other })).toMatchObject({ ok: true });
    expect(await payoutsOf()).toHaveLength(2);
  });

  test("two identical payouts sent at once record one", async () => {
    const results = await Promise.all([record({}), record({})]);
    expect(results.map((result) => result.ok).sort()).toEqual([false, true]);
    expect(await payoutsOf()).toHaveLength(1);
  });

  test("an adjustment needs a reason, and is stored and audited with it", async () => {
    await record({ reference: "PO-WEEK-46" });
    expect(refusal(await record({ adjustment: "yes", adjustmentReason: "  " }))).toEqual({
      kind: "malformed",
      status: 400,
      message: "Give the reason for this adjustment",
      fieldErrors: { adjustmentReason: "Give the reason for this adjustment" },
    });
    const adjustment = await record({
      amount: "48.00",
      reference: "PO-WEEK-46-ADJ",
      adjustment: "yes",
      adjustmentReason: "Missed the Friday job",
    });
    expect(adjustment).toEqual({ ok: true, reference: "PO-WEEK-46-ADJ", adjustment: true });
    expect(await payoutsOf()).toEqual([
      { reference: "PO-WEEK-46", amount_cents: 33_600, status: "pending", adjustment_reason: null },
      {
        reference: "PO-WEEK-46-ADJ",
        amount_cents: 4_800,
        status: "pending",
        adjustment_reason: "Missed the Friday job",
      },
    ]);
    const audit = await database.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", PAYOUT_CREATED)
      .orderBy("created_at")
      .execute();
    expect(audit.map((entry) => JSON.parse(entry.details!))).toContainEqual({
      amountCents: 4_800,
      reference: "PO-WEEK-46-ADJ",
      reason: "bonus",
      adjustment: "Missed the Friday job",
      overlaps: ["PO-WEEK-46"],
    });
    const page = await getPayoutsPage(database.db, { encryptionKey: TEST_KEY });
    expect(page.payouts.map((p) => p.adjustmentReason).sort()).toEqual([
      "Missed the Friday job",
      null,
    ]);
  });

  test("the suggestion subtracts what was already paid for the period, and a failed payout paid nothing", async () => {
    await addCompletedJob(database.db, {
      cleanerId,
      hours: 10.5,
      completedAt: "2026-11-10T02:00:00.000Z",
    });
    const suggest = () => suggestPayout(database.db, { cleanerId, ...WEEK });
    expect(await suggest()).toMatchObject({
      earnedCents: 33_600,
      alreadyPaidCents: 0,
      amountCents: 33_600,
    });
    await record({ amount: "300.00", reference: "PO-PART" });
    expect(await suggest()).toMatchObject({ alreadyPaidCents: 30_000, amountCents: 3_600 });
    await record({ amount: "100.00", adjustment: "yes", adjustmentReason: "Travel" });
    expect(await suggest()).toMatchObject({ alreadyPaidCents: 40_000, amountCents: 0 });
    await markFailed("PO-PART");
    expect(await suggest()).toMatchObject({ alreadyPaidCents: 10_000, amountCents: 23_600 });
  });

  test("Retry sends a failed payout again: pending, its ledger row pending, audited, then paid once", async () => {
    await record({ reference: "PO-FAILED" });
    const [payout] = await database.db
      .selectFrom("cleaner_payouts")
      .select("id")
      .where("reference", "=", "PO-FAILED")
      .execute();
    const payoutId = payout!.id;
    await markFailed("PO-FAILED");
    await recordTransaction(database.db, {
      id: "ledger-failed",
      reference_id: "PO-FAILED",
      description: "Payout, Ana Lima",
      type: "payout",
      amount_cents: 33_600,
      category: null,
      status: "failed",
      payment_id: null,
      payout_id: payoutId,
      created_at: "2026-11-19T00:00:00.000Z",
    });
    expect(refusal(await markPayoutPaid(database.db, payoutId, owner, now))).toEqual({
      kind: "conflict",
      status: 409,
      message: "Only a pending payout can be marked paid.",
    });

    const twice = await Promise.all([
      retryPayout(database.db, payoutId, owner, now),
      retryPayout(database.db, payoutId, owner, now),
    ]);
    expect(twice.map(refusal)).toHaveLength(2);
    expect(twice.map(refusal)).toEqual(
      expect.arrayContaining([
        "answered ok",
        { kind: "conflict", status: 409, message: "Only a failed payout can be retried." },
      ]),
    );
    expect(await payoutsOf()).toMatchObject([{ status: "pending" }]);
    const ledger = () =>
      database.db
        .selectFrom("transactions")
        .select(["id", "status"])
        .where("payout_id", "=", payoutId)
        .execute();
    expect(await ledger()).toEqual([{ id: "ledger-failed", status: "pending" }]);
    const audit = await database.db
      .selectFrom("audit_log")
      .select("details")
      .where("subject_id", "=", payoutId)
      .where("action", "=", "payout.status_changed")
      .execute();
    expect(audit.map((entry) => JSON.parse(entry.details!))).toEqual([
      { from: "failed", to: "pending" },
    ]);

    expect(await markPayoutPaid(database.db, payoutId, owner, now)).toEqual({ ok: true });
    expect(await ledger()).toEqual([{ id: "ledger-failed", status: "completed" }]);
    expect(refusal(await retryPayout(database.db, "no-such-payout", owner, now))).toEqual({
      kind: "not_found",
      status: 404,
      message: "Payout not found",
    });
  });

  test("a failed payout whose period another payout now covers is not sent again", async () => {
    await record({ reference: "PO-FIRST" });
    await markFailed("PO-FIRST");
    expect(await record({ reference: "PO-SECOND" })).toMatchObject({ ok: true });
    const [first] = await database.db
      .selectFrom("cleaner_payouts")
      .select("id")
      .where("reference", "=", "PO-FIRST")
      .execute();
    expect(refusal(await retryPayout(database.db, first!.id, owner, now))).toEqual({
      kind: "conflict",
      status: 409,
      message:
        "Another payout now covers this period (PO-SECOND). Record any difference as an adjustment instead.",
    });
    expect(await payoutsOf()).toMatchObject([{ status: "failed" }, { status: "pending" }]);
  });
});
