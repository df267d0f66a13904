import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { newId } from "~/lib/ids";
import type { Database } from "~/server/database";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { listCleanerPayRuns, loadCleanerPay } from "./cleaner-earnings.service.server";
import {
  approvePayRun,
  buildPayRun,
  deleteDraftRun,
  getPayRun,
  markPayRunPaid,
} from "./pay-runs.service.server";
import { addCleaner, addJob, OWNER } from "./payroll.test-data";
import { PAYROLL_TEXT } from "./payroll.schema";
import { approveLines, generateTimesheetLines, getTimesheet } from "./timesheets.service.server";

// docs/decisions/0085-tips-ride-in-pay-runs.md: a pay run carries the period's tips to the crew,
// once, beside their wages and without super.

const WEEK = { periodStart: "2026-11-30", periodEnd: "2026-12-06" };

/** A paid tip on a booking, shared as given (seat by seat) and paid on the Sydney date `on`. */
async function addTip(
  db: Kysely<Database>,
  bookingId: string,
  on: string,
  shares: { cleanerId: string; cents: number }[],
) {
  const tipId = newId();
  const at = `${on}T02:00:00.000Z`;
  await db
    .insertInto("tips")
    .values({
      id: tipId,
      booking_id: bookingId,
      amount_cents: shares.reduce((sum, share) => sum + share.cents, 0),
      provider: "test",
      provider_reference: null,
      status: "paid",
      failure_reason: null,
      created_at: at,
      updated_at: at,
      paid_at: at,
    })
    .execute();
  await db
    .insertInto("tip_shares")
    .values(
      shares.map((share, index) => ({
        id: newId(),
        tip_id: tipId,
        booking_id: bookingId,
        cleaner_id: share.cleanerId,
        seat: index + 1,
        amount_cents: share.cents,
        sydney_date: on,
        created_at: at,
      })),
    )
    .execute();
}

describe.each(testDialects)("tips in pay runs on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  /** Mei (an employee) works this week and is tipped; Sam worked last week and is tipped now. */
  async function tippedWeek() {
    const db = database.db;
    const mei = await addCleaner(db, { name: "Mei Chen", rateCents: 4000, employment: "employee" });
    const sam = await addCleaner(db, { name: "Sam Ray" });
    const job = await addJob(db, { date: "2026-12-02", hours: 3, seats: [{ cleanerId: mei }] });
    const earlier = await addJob(db, { date: "2026-11-27", hours: 2, seats: [{ cleanerId: sam }] });
    await addTip(db, job.bookingId, "2026-12-03", [{ cleanerId: mei, cents: 1500 }]);
    await addTip(db, earlier.bookingId, "2026-12-01", [{ cleanerId: sam, cents: 1000 }]);
    await generateTimesheetLines(db);
    const lines = await db.selectFrom("timesheet_lines").select("id").execute();
    await approveLines(
      db,
      lines.map((line) => line.id),
      OWNER,
    );
    return { mei, sam };
  }

  test("the timesheet shows each seat's tips beside its line", async () => {
    const { mei } = await tippedWeek();
    const { lines } = await getTimesheet(database.db, WEEK.periodStart);
    expect(lines.map((line) => [line.cleaner_id, line.tip_cents])).toEqual([[mei, 1500]]);
  });

  test("a run pays the period's tips on top of wages, with no super on them, and only once", async () => {
    const db = database.db;
    const { mei, sam } = await tippedWeek();
    const run = await buildPayRun(db, WEEK, OWNER);
    if (!run.ok) throw new Error(run.message);
    const details = (await getPayRun(db, run.runId))!;
    const meiPay = details.pays.find((pay) => pay.cleanerId === mei)!;
    // 3 h at $40 = $120 of wages, 12% super on the wages only, and the $15 tip on top.
    expect(meiPay).toMatchObject({ grossCents: 12000, tipsCents: 1500, netCents: 13500 });
    expect(meiPay.superCents).toBe(1440);
    // Sam has no line this week, but his tip of this week is paid with it.
    expect(details.pays.find((pay) => pay.cleanerId === sam)).toMatchObject({
      jobs: 0,
      tipsCents: 1000,
      netCents: 1000,
      superCents: 0,
    });
    expect(details.totals).toMatchObject({ tipsCents: 2500, netCents: 14500, superCents: 1440 });

    const again = await buildPayRun(db, WEEK, OWNER);
    expect(again).toMatchObject({ ok: false, message: PAYROLL_TEXT.nothingToPay });
  });

  test("deleting a draft frees its tips for the next run", async () => {
    const db = database.db;
    await tippedWeek();
    const first = await buildPayRun(db, WEEK, OWNER);
    if (!first.ok) throw new Error(first.message);
    await deleteDraftRun(db, first.runId, OWNER);
    const second = await buildPayRun(db, WEEK, OWNER);
    if (!second.ok) throw new Error(second.message);
    expect((await getPayRun(db, second.runId))!.totals.tipsCents).toBe(2500);
  });

  test("paid, the ledger carries the tips out and the remittance and earnings list them", async () => {
    const db = database.db;
    const { mei, sam } = await tippedWeek();
    const run = await buildPayRun(db, WEEK, OWNER);
    if (!run.ok) throw new Error(run.message);
    await approvePayRun(db, run.runId, OWNER);
    await markPayRunPaid(db, run.runId, OWNER, { publicUrl: "https://harbour.example" });

    const ledger = await db
      .selectFrom("transactions")
      .select("amount_cents")
      .where("type", "=", "payout")
      .orderBy("amount_cents")
      .execute();
    // Sam: his $10 tip. Mei: $120 wages + $14.40 super + $15 tip.
    expect(ledger.map((row) => Number(row.amount_cents))).toEqual([1000, 14940]);

    const emails = await db
      .selectFrom("outbox_messages")
      .select("payload")
      .where("topic", "=", "pay_run.remittance")
      .execute();
    const texts = emails.map((email) => JSON.parse(email.payload) as { to: string; text: string });
    const meiText = texts.find((email) => email.to.startsWith("mei"))!.text;
    expect(meiText).toContain("Tips from clients: $15.00, passed on in full (not wages).");
    expect(meiText).toContain("Paid to you: $135.00.");
    expect(meiText).toContain("Superannuation paid to your fund: $14.40.");
    const samText = texts.find((email) => email.to.startsWith("sam"))!.text;
    expect(samText).toContain("Paid to you: $10.00.");

    expect(await listCleanerPayRuns(db, { id: sam, employmentType: "contractor" })).toMatchObject([
      { reference: run.reference, status: "paid", tipsCents: 1000, netCents: 1000 },
    ]);
    const meiPay = await loadCleanerPay(db, mei, new Date("2026-12-10T00:00:00Z"));
    expect(meiPay.runs).toMatchObject([
      { reference: run.reference, tipsCents: 1500, netCents: 13500, superCents: 1440 },
    ]);
    expect(meiPay.tipsByJob).toMatchObject([{ jobDate: "2026-12-02", amountCents: 1500 }]);
  });
});
