import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { refusal } from "../../../tests/helpers/refusal";
import { recordTransaction } from "~/features/ledger/ledger.server";
import {
  approvePayRun,
  buildPayRun,
  markPayRunPaid,
} from "~/features/payroll/pay-runs.service.server";
import { addCleaner, addJob } from "~/features/payroll/payroll.test-data";
import { approveLines, generateTimesheetLines } from "~/features/payroll/timesheets.service.server";
import { newId } from "~/lib/ids";
import type { OtherPaymentReason, PayoutStatus } from "~/server/database";
import { addPayableCleaner } from "./finance.test-data";
import { FINANCE_TEXT } from "./finance.schema";
import { createPayout, PAYOUT_CREATED } from "./new-payout.service.server";
import { markPayoutPaid, retryPayout } from "./payouts.service.server";

// Other payments and the overlap rule (docs/decisions/0043-payouts-and-refunds.md,
// docs/decisions/0092-pay-basis-and-other-payments.md): a bonus or a reimbursement may be paid
// for a week a pay run or another payment already paid, and is never refused for it; the rule
// still holds between payouts for the work recorded before pay runs, when one is retried.

const now = new Date("2026-11-20T01:00:00.000Z");
const owner = { staffId: "owner-1", ip: null };
const WEEK = { periodStart: "2026-11-09", periodEnd: "2026-11-15" };

function payoutForm(fields: Record<string, string>) {
  const form = new FormData();
  // Every other payment says what it is for.
  form.set("reasonKind", "bonus");
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

describe.each(testDialects)("other payments and the overlap rule on %s", (dialect) => {
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
  const payoutsOf = (cleaner = cleanerId) =>
    database.db
      .selectFrom("cleaner_payouts")
      .select(["reference", "amount_cents", "status", "reason_kind"])
      .where("cleaner_id", "=", cleaner)
      .orderBy("created_at")
      .orderBy("reference")
      .execute();
  const idOf = async (reference: string) =>
    (
      await database.db
        .selectFrom("cleaner_payouts")
        .select("id")
        .where("reference", "=", reference)
        .executeTakeFirstOrThrow()
    ).id;
  const markFailed = (reference: string) =>
    database.db
      .updateTable("cleaner_payouts")
      .set({ status: "failed" })
      .where("reference", "=", reference)
      .execute();
  /** A payout stored as before pay runs (no reason), or an other payment, as the database has it. */
  const storePayout = async (row: {
    reference: string;
    status: PayoutStatus;
    reasonKind?: OtherPaymentReason;
  }) => {
    const at = now.toISOString();
    await database.db
      .insertInto("cleaner_payouts")
      .values({
        id: newId(),
        cleaner_id: cleanerId,
        amount_cents: 33_600,
        status: row.status,
        payout_date: "2026-11-16",
        reference: row.reference,
        created_by: null,
        created_at: at,
        updated_at: at,
        period_start: WEEK.periodStart,
        period_end: WEEK.periodEnd,
        adjustment_reason: null,
        reason_kind: row.reasonKind ?? null,
        reason_note: null,
      })
      .execute();
  };

  test("a payment to someone still applying is refused beside the cleaner, and nothing is recorded", async () => {
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

  test("other payments for one cleaner and week are each recorded, also over a payout for the work", async () => {
    await storePayout({ reference: "PO-WORK-46", status: "completed" });
    expect(await record({ reference: "PO-BONUS-46" })).toEqual({
      ok: true,
      reference: "PO-BONUS-46",
    });
    const parking = {
      reference: "PO-PARKING-46",
      amount: "12.50",
      reasonKind: "reimbursement",
      reasonNote: "Parking",
    };
    expect(await record(parking)).toMatchObject({ ok: true });
    expect(await payoutsOf()).toEqual([
      { reference: "PO-BONUS-46", amount_cents: 33_600, status: "pending", reason_kind: "bonus" },
      {
        reference: "PO-PARKING-46",
        amount_cents: 1_250,
        status: "pending",
        reason_kind: "reimbursement",
      },
      { reference: "PO-WORK-46", amount_cents: 33_600, status: "completed", reason_kind: null },
    ]);
    // The audit entry names what it is for, and no overlap.
    const audit = await database.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", PAYOUT_CREATED)
      .execute();
    expect(audit.map((entry) => JSON.parse(entry.details!))).toContainEqual({
      amountCents: 1_250,
      reference: "PO-PARKING-46",
      reason: "reimbursement",
      note: "Parking",
    });
  });

  test("one reference sent twice at once records one payment: the same post is answered with it, another is refused beside the reference", async () => {
    expect(
      await Promise.all([record({ reference: "PO-TWICE" }), record({ reference: "PO-TWICE" })]),
    ).toEqual([
      { ok: true, reference: "PO-TWICE" },
      { ok: true, reference: "PO-TWICE" },
    ]);
    const results = await Promise.all([
      record({ reference: "PO-OTHER", amount: "20.00" }),
      record({ reference: "PO-OTHER", amount: "30.00" }),
    ]);
    const taken = FINANCE_TEXT.referenceTaken;
    expect(results.map(refusal)).toEqual(
      expect.arrayContaining([
        "answered ok",
        { kind: "conflict", status: 409, message: taken, fieldErrors: { reference: taken } },
      ]),
    );
    expect((await payoutsOf()).map((payout) => payout.reference)).toEqual(["PO-OTHER", "PO-TWICE"]);
  });

  test("a pay run pays a week; an other payment for the same cleaner and week is recorded, and a second run finds nothing", async () => {
    const db = database.db;
    const payWeek = { periodStart: "2026-11-30", periodEnd: "2026-12-06" };
    const mei = await addCleaner(db, { name: "Mei Chen", rateCents: 4000 });
    await addJob(db, { date: "2026-12-02", hours: 3, seats: [{ cleanerId: mei }] });
    await generateTimesheetLines(db);
    const lines = await db.selectFrom("timesheet_lines").select("id").execute();
    expect(
      await approveLines(
        db,
        lines.map((line) => line.id),
        owner,
      ),
    ).toBe(1);
    const run = await buildPayRun(db, payWeek, owner);
    if (!run.ok) throw new Error(run.message);
    expect(await approvePayRun(db, run.runId, owner)).toEqual({ ok: true });
    const options = { publicUrl: "https://harbour.example" };
    expect(await markPayRunPaid(db, run.runId, owner, options)).toEqual({ ok: true });

    const bonus = await createPayout(
      db,
      payoutForm({ cleanerId: mei, amount: "50.00", ...payWeek, reference: "PO-MEI-BONUS" }),
      owner,
      new Date("2026-12-08T01:00:00.000Z"),
    );
    expect(bonus).toEqual({ ok: true, reference: "PO-MEI-BONUS" });
    expect(await markPayoutPaid(db, await idOf("PO-MEI-BONUS"), owner)).toEqual({ ok: true });
    expect(await payoutsOf(mei)).toEqual([
      { reference: "PO-MEI-BONUS", amount_cents: 5_000, status: "completed", reason_kind: "bonus" },
    ]);

    // The bonus is no timesheet line: the week has nothing left for a run, and the first run
    // still holds the one line.
    expect(refusal(await buildPayRun(db, payWeek, owner))).toEqual({
      kind: "conflict",
      status: 409,
      message: expect.stringMatching(/already in a pay run, or none is approved yet/),
    });
    expect(await db.selectFrom("pay_runs").select("id").execute()).toEqual([{ id: run.runId }]);
    const held = await db.selectFrom("pay_run_lines").select("line_id").execute();
    expect(held).toEqual([{ line_id: lines[0]!.id }]);
  });

  test("Retry sends a failed payment again: pending, its ledger row pending, audited, then paid once", async () => {
    await record({ reference: "PO-FAILED" });
    const payoutId = await idOf("PO-FAILED");
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

  test("a failed payout for the work is not sent again over another for its week; other payments neither block nor are blocked", async () => {
    await storePayout({ reference: "PO-WORK-FIRST", status: "failed" });
    await storePayout({ reference: "PO-BONUS", status: "pending", reasonKind: "bonus" });
    await storePayout({ reference: "PO-PARKING", status: "failed", reasonKind: "reimbursement" });
    // Only a bonus covers the week: the payout for the work goes again.
    expect(await retryPayout(database.db, await idOf("PO-WORK-FIRST"), owner, now)).toEqual({
      ok: true,
    });
    await markFailed("PO-WORK-FIRST");
    await storePayout({ reference: "PO-WORK-SECOND", status: "pending" });
    expect(
      refusal(await retryPayout(database.db, await idOf("PO-WORK-FIRST"), owner, now)),
    ).toEqual({
      kind: "conflict",
      status: 409,
      message:
        "Another payout now covers this period (PO-WORK-SECOND). Pay any difference as an other payment instead.",
    });
    // A reimbursement is sent again whatever else covers its week.
    expect(await retryPayout(database.db, await idOf("PO-PARKING"), owner, now)).toEqual({
      ok: true,
    });
    expect(await payoutsOf()).toMatchObject([
      { reference: "PO-BONUS", status: "pending" },
      { reference: "PO-PARKING", status: "pending" },
      { reference: "PO-WORK-FIRST", status: "failed" },
      { reference: "PO-WORK-SECOND", status: "pending" },
    ]);
  });
});
