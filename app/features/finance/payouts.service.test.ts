import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { refusal } from "../../../tests/helpers/refusal";
import { getDashboard } from "~/features/dashboard/dashboard.service.server";
import { recordTransaction } from "~/features/ledger/ledger.server";
import { addPayableCleaner, TEST_KEY } from "./finance.test-data";
import { buildPayRun } from "~/features/payroll/pay-runs.service.server";
import { FINANCE_TEXT } from "./finance.schema";
import { createPayout, PAYOUT_CREATED } from "./new-payout.service.server";
import { getPayoutsPage, markPayoutPaid, PAYOUT_STATUS_CHANGED } from "./payouts.service.server";

const now = new Date("2026-11-20T01:00:00.000Z");
const owner = { staffId: "owner-1", ip: null };

function payoutForm(fields: Record<string, string>) {
  const form = new FormData();
  // Every other payment says what it is for (docs/decisions/0092-pay-basis-and-other-payments.md).
  form.set("reasonKind", "bonus");
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

describe.each(testDialects)("cleaner payouts on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const payoutsOf = (cleanerId: string) =>
    database.db
      .selectFrom("cleaner_payouts")
      .select(["reference", "amount_cents"])
      .where("cleaner_id", "=", cleanerId)
      .execute();

  async function newPendingPayout(cleanerId: string, amount = "320.00") {
    const result = await createPayout(
      database.db,
      payoutForm({ cleanerId, amount, periodStart: "2026-11-09", periodEnd: "2026-11-15" }),
      owner,
      now,
    );
    if (!result.ok) throw new Error(JSON.stringify(result));
    const row = await database.db
      .selectFrom("cleaner_payouts")
      .selectAll()
      .where("reference", "=", result.reference)
      .executeTakeFirstOrThrow();
    return row;
  }

  test("a new payout is pending, and the payouts table masks the bank account to its last four digits", async () => {
    const db = database.db;
    const cleanerId = await addPayableCleaner(db, {
      name: "Ana Lima",
      accountNumber: "1234567890",
      bankName: "Harbour Bank",
    });
    const payout = await newPendingPayout(cleanerId);
    expect(payout).toMatchObject({
      status: "pending",
      amount_cents: 32_000,
      created_by: "owner-1",
    });
    expect(payout.reference).toMatch(/^PO-/);

    const page = await getPayoutsPage(db, { encryptionKey: TEST_KEY });
    expect(page.payouts).toEqual([
      expect.objectContaining({
        cleanerName: "Ana Lima",
        amountCents: 32_000,
        status: "pending",
        bankAccount: "Harbour Bank ••••••7890",
      }),
    ]);
    expect(JSON.stringify(page)).not.toContain("1234567890");
  });

  test("the form's values are checked on the server, and a reference names one payment", async () => {
    const db = database.db;
    const cleanerId = await addPayableCleaner(db, { name: "Ana Lima" });
    const bad = await createPayout(
      db,
      payoutForm({ cleanerId, amount: "abc", periodStart: "2026-11-15", periodEnd: "2026-11-09" }),
      owner,
      now,
    );
    expect(refusal(bad)).toMatchObject({
      kind: "malformed",
      status: 400,
      fieldErrors: { amount: "Enter an amount in dollars, e.g. 320.00" },
    });
    const fields = { cleanerId, amount: "10", periodStart: "2026-11-09", periodEnd: "2026-11-15" };
    expect(
      await createPayout(db, payoutForm({ ...fields, reference: "po-week-46" }), owner, now),
    ).toEqual({ ok: true, reference: "PO-WEEK-46" });
    // The same payment under the same reference is that post again; anything else is refused.
    expect(
      await createPayout(db, payoutForm({ ...fields, reference: "PO-WEEK-46" }), owner, now),
    ).toEqual({ ok: true, reference: "PO-WEEK-46" });
    const taken = "This reference is already used by another payout.";
    const others: Record<string, string>[] = [
      { amount: "11" },
      { periodEnd: "2026-11-14" },
      { reasonKind: "reimbursement" },
      { reasonNote: "Xmas" },
    ];
    for (const other of others) {
      const form = payoutForm({ ...fields, reference: "PO-WEEK-46", ...other });
      expect(refusal(await createPayout(db, form, owner, now))).toEqual({
        kind: "conflict",
        status: 409,
        message: taken,
        fieldErrors: { reference: taken },
      });
    }
    expect(await payoutsOf(cleanerId)).toHaveLength(1);
  });

  describe("the reference the form was drawn with", () => {
    const formReference = "PO-7KQ4M2XP9T";
    const fields = (cleanerId: string) => ({
      cleanerId,
      amount: "336.00",
      periodStart: "2026-11-09",
      periodEnd: "2026-11-15",
      reference: "",
      formReference,
    });
    const createdEntries = () =>
      database.db
        .selectFrom("audit_log")
        .select("details")
        .where("action", "=", PAYOUT_CREATED)
        .execute();

    test("the same form posted twice in a row records one payment and one audit entry", async () => {
      const cleanerId = await addPayableCleaner(database.db, { name: "Ana Lima" });
      const post = () => createPayout(database.db, payoutForm(fields(cleanerId)), owner, now);
      expect(await post()).toEqual({ ok: true, reference: formReference });
      expect(await post()).toEqual({ ok: true, reference: formReference });
      expect(await payoutsOf(cleanerId)).toEqual([
        expect.objectContaining({ reference: formReference, amount_cents: 33_600 }),
      ]);
      expect(await createdEntries()).toHaveLength(1);
    });

    test("the same form posted twice at once records one payment, and both are answered with it", async () => {
      const cleanerId = await addPayableCleaner(database.db, { name: "Ana Lima" });
      const post = () => createPayout(database.db, payoutForm(fields(cleanerId)), owner, now);
      // On PostgreSQL each takes its own pooled connection; the unique key on the reference stops
      // the second insert and that post reads the first one's row.
      expect(await Promise.all([post(), post()])).toEqual([
        { ok: true, reference: formReference },
        { ok: true, reference: formReference },
      ]);
      expect(await payoutsOf(cleanerId)).toHaveLength(1);
      expect(await createdEntries()).toHaveLength(1);
    });

    test("the form's reference with another amount is refused beside Reference, and a typed one wins", async () => {
      const cleanerId = await addPayableCleaner(database.db, { name: "Ana Lima" });
      const post = (changes: Record<string, string>) =>
        createPayout(database.db, payoutForm({ ...fields(cleanerId), ...changes }), owner, now);
      expect(await post({})).toMatchObject({ ok: true });
      const taken = FINANCE_TEXT.referenceTaken;
      expect(refusal(await post({ amount: "50.00" }))).toEqual({
        kind: "conflict",
        status: 409,
        message: taken,
        fieldErrors: { reference: taken },
      });
      expect(await post({ amount: "50.00", reference: "po-xmas" })).toEqual({
        ok: true,
        reference: "PO-XMAS",
      });
      expect((await payoutsOf(cleanerId)).map((payout) => payout.reference).sort()).toEqual([
        formReference,
        "PO-XMAS",
      ]);
      expect(await createdEntries()).toHaveLength(2);
    });

    test("a post without one, or with one not of a reference's shape, gets a reference made for it", async () => {
      const cleanerId = await addPayableCleaner(database.db, { name: "Ana Lima" });
      for (const odd of ["", "PO-ACME", "po-7kq4m2xp9t", "PO-7KQ4M2XP9T-2"]) {
        const answer = await createPayout(
          database.db,
          payoutForm({ ...fields(cleanerId), formReference: odd }),
          owner,
          now,
        );
        expect(answer).toEqual({ ok: true, reference: expect.stringMatching(/^PO-[A-Z2-9]{10}$/) });
        expect(answer).not.toEqual({ ok: true, reference: formReference });
      }
      expect(await payoutsOf(cleanerId)).toHaveLength(4);
    });
  });

  test("an other payment says what it is for, Other with a note; it is listed so and no pay run takes it", async () => {
    const db = database.db;
    const cleanerId = await addPayableCleaner(db, { name: "Ana Lima" });
    const fields = { cleanerId, amount: "25", periodStart: "2026-11-09", periodEnd: "2026-11-15" };
    const noReason = new FormData();
    for (const [key, value] of Object.entries(fields)) noReason.set(key, value);
    expect(refusal(await createPayout(db, noReason, owner, now))).toMatchObject({
      status: 400,
      fieldErrors: { reasonKind: FINANCE_TEXT.reasonKind },
    });
    expect(
      refusal(await createPayout(db, payoutForm({ ...fields, reasonKind: "other" }), owner, now)),
    ).toMatchObject({ status: 400, fieldErrors: { reasonNote: FINANCE_TEXT.reasonNote } });

    const parking = payoutForm({
      ...fields,
      reasonKind: "reimbursement",
      reasonNote: "Parking at the Mosman job",
    });
    expect(await createPayout(db, parking, owner, now)).toMatchObject({ ok: true });
    const page = await getPayoutsPage(db, { encryptionKey: TEST_KEY });
    expect(page.payouts).toEqual([
      expect.objectContaining({
        amountCents: 2500,
        reasonLabel: "Reimbursement",
        reasonNote: "Parking at the Mosman job",
      }),
    ]);
    const audit = await db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", PAYOUT_CREATED)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details!)).toMatchObject({
      reason: "reimbursement",
      note: "Parking at the Mosman job",
    });
    // Not a timesheet line: the week's pay run finds nothing to pay.
    expect(
      await buildPayRun(db, { periodStart: "2026-11-09", periodEnd: "2026-11-15" }, owner),
    ).toMatchObject({ ok: false });
    expect(await db.selectFrom("pay_runs").selectAll().execute()).toEqual([]);
  });

  test("a payout to a cleaner who is not on the books is refused beside the cleaner", async () => {
    const form = payoutForm({
      cleanerId: "no-such-cleaner",
      amount: "10",
      periodStart: "2026-11-09",
      periodEnd: "2026-11-15",
    });
    expect(refusal(await createPayout(database.db, form, owner, now))).toEqual({
      kind: "invalid",
      status: 422,
      message: "Choose a cleaner",
      fieldErrors: { cleanerId: "Choose a cleaner" },
    });
  });

  test("Mark paid completes the payout once, with one payout transaction and one audit entry, even when two arrive together", async () => {
    const db = database.db;
    const cleanerId = await addPayableCleaner(db, { name: "Ana Lima" });
    const payout = await newPendingPayout(cleanerId, "250.00");

    // Two clicks at once: on PostgreSQL each takes its own pooled connection and the two
    // transactions overlap; SQLite's one connection runs them in turn.
    const results = await Promise.all([
      markPayoutPaid(db, payout.id, owner, now),
      markPayoutPaid(db, payout.id, owner, now),
    ]);
    const alreadyPaid = {
      kind: "conflict",
      status: 409,
      message: "This payout has already been paid.",
    };
    expect(results.map(refusal)).toHaveLength(2);
    expect(results.map(refusal)).toEqual(expect.arrayContaining(["answered ok", alreadyPaid]));
    expect(refusal(await markPayoutPaid(db, payout.id, owner, now))).toEqual(alreadyPaid);

    const stored = await db
      .selectFrom("cleaner_payouts")
      .select("status")
      .where("id", "=", payout.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe("completed");
    const ledger = await db
      .selectFrom("transactions")
      .selectAll()
      .where("payout_id", "=", payout.id)
      .execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      type: "payout",
      status: "completed",
      amount_cents: 25_000,
      reference_id: payout.reference,
    });
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("subject_id", "=", payout.id)
      .where("action", "=", PAYOUT_STATUS_CHANGED)
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.details!)).toEqual({ from: "pending", to: "completed" });

    // The expense reaches the dashboard's figures through the rollups.
    const dashboard = await getDashboard(db, {
      periodDays: 7,
      now: new Date(now.getTime() + 1000),
    });
    expect(dashboard.expenses.cents).toBe(25_000);
  });

  test("a payout that already has a pending ledger row has that row completed, not a second one", async () => {
    const db = database.db;
    const cleanerId = await addPayableCleaner(db, { name: "Ana Lima" });
    const payout = await newPendingPayout(cleanerId, "100.00");
    await recordTransaction(db, {
      id: "ledger-1",
      reference_id: payout.reference,
      description: "Weekly payout, Ana Lima",
      type: "payout",
      amount_cents: 10_000,
      category: null,
      status: "pending",
      payment_id: null,
      payout_id: payout.id,
      created_at: "2026-11-19T00:00:00.000Z",
    });
    expect(await markPayoutPaid(db, payout.id, owner, now)).toEqual({ ok: true });
    const ledger = await db
      .selectFrom("transactions")
      .select(["id", "status"])
      .where("payout_id", "=", payout.id)
      .execute();
    expect(ledger).toEqual([{ id: "ledger-1", status: "completed" }]);
    expect(refusal(await markPayoutPaid(db, "no-such-payout", owner, now))).toEqual({
      kind: "not_found",
      status: 404,
      message: "Payout not found",
    });
  });
});
