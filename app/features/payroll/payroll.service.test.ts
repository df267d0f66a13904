import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { updatePaySettings } from "~/features/settings/pay-settings.service.server";
import { DEFAULT_PAY_SETTINGS } from "~/features/settings/pay-settings";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { generateAbaFile } from "./aba.service.server";
import { listCleanerPayRuns } from "./cleaner-earnings.service.server";
import {
  approvePayRun,
  buildPayRun,
  deleteDraftRun,
  getPayRun,
  markPayRunPaid,
} from "./pay-runs.service.server";
import { payRunCsv, xeroBillsCsv } from "./payroll-export.server";
import { addCleaner, addJob, OWNER, TEST_KEY } from "./payroll.test-data";
import { adjustLine, approveLines, generateTimesheetLines } from "./timesheets.service.server";
import { PAYROLL_TEXT } from "./payroll.schema";

// docs/decisions/0080-pay-rules.md, 0081-pay-runs-pay-a-line-once.md, 0082-aba-bank-file.md

const WEEK = { periodStart: "2026-11-30", periodEnd: "2026-12-06" };

/** Reads an ABA file back by its fixed columns (1-based positions of the format). */
function parseAba(body: string) {
  expect(body.endsWith("\r\n")).toBe(true);
  const lines = body.slice(0, -2).split("\r\n");
  for (const line of lines) expect(line).toHaveLength(120);
  const cut = (line: string, from: number, to: number) => line.slice(from - 1, to);
  const [header, ...rest] = lines;
  const footer = rest.pop()!;
  return {
    header: {
      type: cut(header!, 1, 1),
      bank: cut(header!, 21, 23),
      user: cut(header!, 31, 56).trimEnd(),
      apca: cut(header!, 57, 62),
      description: cut(header!, 63, 74).trimEnd(),
      date: cut(header!, 75, 80),
    },
    details: rest.map((line) => ({
      type: cut(line, 1, 1),
      bsb: cut(line, 2, 8),
      account: cut(line, 9, 17).trim(),
      code: cut(line, 19, 20),
      cents: Number(cut(line, 21, 30)),
      name: cut(line, 31, 62).trimEnd(),
      reference: cut(line, 63, 80).trimEnd(),
      traceBsb: cut(line, 81, 87),
      traceAccount: cut(line, 88, 96).trim(),
      withheld: Number(cut(line, 113, 120)),
    })),
    footer: {
      type: cut(footer, 1, 1),
      bsb: cut(footer, 2, 8),
      net: Number(cut(footer, 21, 30)),
      credit: Number(cut(footer, 31, 40)),
      debit: Number(cut(footer, 41, 50)),
      count: Number(cut(footer, 75, 80)),
    },
  };
}

describe.each(testDialects)("payroll on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    await updatePaySettings(
      database.db,
      {
        ...DEFAULT_PAY_SETTINGS,
        saturdayLoadingPercent: 25,
        sundayLoadingPercent: 50,
        publicHolidayLoadingPercent: 150,
        bankBsb: "032000",
        bankAccount: "987654",
        bankCode: "WBC",
        bankUserName: "Harbour and Gold",
        apcaNumber: "123456",
      },
      OWNER,
    );
  });
  afterEach(async () => {
    await database.destroy();
  });

  const lines = () =>
    database.db.selectFrom("timesheet_lines").selectAll().orderBy("minutes").execute();

  test("a completed job gives a line per seat: checked hours, or the estimate's share marked estimated", async () => {
    const db = database.db;
    const mei = await addCleaner(db, { name: "Mei", rateCents: 3400, employment: "employee" });
    const sam = await addCleaner(db, { name: "Sam", serviceRates: { residential: 3600 } });
    // Saturday 5 December 2026: a 6-hour estimate for two.
    await addJob(db, {
      date: "2026-12-05",
      hours: 6,
      seats: [
        {
          cleanerId: mei,
          checkedInAt: "2026-12-04T22:00:00.000Z",
          checkedOutAt: "2026-12-05T00:30:00.000Z",
        },
        { cleanerId: sam },
      ],
    });
    // A job not completed yet gives nothing.
    await addJob(db, {
      date: "2026-12-05",
      hours: 2,
      seats: [{ cleanerId: sam }],
      completed: false,
    });

    expect(await generateTimesheetLines(db)).toBe(2);
    expect(await generateTimesheetLines(db)).toBe(0);
    const [checked, estimated] = await lines();
    expect(checked).toMatchObject({
      cleaner_id: mei,
      minutes: 150,
      estimated: 0,
      rate_cents: 3400,
      loading_kind: "saturday",
      loading_percent: 25,
      base_cents: 10625, // 2.5 h x $34 x 1.25
      status: "pending",
    });
    expect(estimated).toMatchObject({
      cleaner_id: sam,
      minutes: 180,
      estimated: 1,
      rate_cents: 3600,
      base_cents: 13500, // 3 h x $36 x 1.25
    });
  });

  test("staff adjust a pending line with a reason; an approved line is locked; both audited", async () => {
    const db = database.db;
    const mei = await addCleaner(db, { name: "Mei" });
    await addJob(db, { date: "2026-12-02", hours: 3, seats: [{ cleanerId: mei }] });
    await generateTimesheetLines(db);
    const [line] = await lines();
    const adjusted = await adjustLine(
      db,
      { lineId: line!.id, adjustment: 1500, reason: "Parking", withholding: 0 },
      OWNER,
    );
    expect(adjusted.ok).toBe(true);
    expect(await approveLines(db, [line!.id], OWNER)).toBe(1);
    expect(await approveLines(db, [line!.id], OWNER)).toBe(0);
    const locked = await adjustLine(
      db,
      { lineId: line!.id, adjustment: 0, reason: null, withholding: 0 },
      OWNER,
    );
    expect(locked).toMatchObject({ ok: false, kind: "conflict", message: PAYROLL_TEXT.lineLocked });
    const [stored] = await lines();
    expect(stored).toMatchObject({
      adjustment_cents: 1500,
      adjustment_reason: "Parking",
      status: "approved",
      approved_by: OWNER.staffId,
    });
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("subject_id", "=", line!.id)
      .orderBy("created_at")
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      "timesheet.adjusted",
      "timesheet.approved",
    ]);
    expect(JSON.parse(audit[0]!.details!)).toMatchObject({ reason: "Parking" });
  });

  test("20 runs built at once for one period: every approved line lands in exactly one run", async () => {
    const db = database.db;
    const cleaners = await Promise.all(
      ["Ana", "Ben", "Cai", "Dee"].map((name) => addCleaner(db, { name })),
    );
    for (const [index, cleanerId] of cleaners.entries()) {
      await addJob(db, { date: `2026-12-0${1 + index}`, hours: 2, seats: [{ cleanerId }] });
      await addJob(db, { date: "2026-12-06", hours: 4, seats: [{ cleanerId }] });
    }
    // One job of the week after stays out of the run.
    await addJob(db, { date: "2026-12-07", hours: 2, seats: [{ cleanerId: cleaners[0]! }] });
    await generateTimesheetLines(db);
    const all = await lines();
    await approveLines(
      db,
      all.map((line) => line.id),
      OWNER,
    );

    const results = await Promise.all(
      Array.from({ length: 20 }, () => buildPayRun(db, WEEK, OWNER)),
    );
    const built = results.filter((result) => result.ok);
    expect(built).toHaveLength(1);
    for (const refused of results.filter((result) => !result.ok)) {
      expect(refused).toMatchObject({ kind: "conflict", message: PAYROLL_TEXT.nothingToPay });
    }
    const held = await db.selectFrom("pay_run_lines").select(["line_id", "run_id"]).execute();
    expect(held).toHaveLength(8);
    expect(new Set(held.map((row) => row.run_id)).size).toBe(1);
    expect(await db.selectFrom("pay_runs").select("id").execute()).toHaveLength(1);

    // A line cannot be put into a second run, even by hand.
    await expect(
      db
        .insertInto("pay_run_lines")
        .values({ line_id: held[0]!.line_id, run_id: "another", cleaner_id: cleaners[0]! })
        .execute(),
    ).rejects.toThrow();
  });

  test("a run is refused for a period that is not one; deleting a draft frees its lines", async () => {
    const db = database.db;
    const mei = await addCleaner(db, { name: "Mei" });
    await addJob(db, { date: "2026-12-02", hours: 3, seats: [{ cleanerId: mei }] });
    await generateTimesheetLines(db);
    await approveLines(
      db,
      (await lines()).map((line) => line.id),
      OWNER,
    );
    expect(
      await buildPayRun(db, { periodStart: "2026-12-01", periodEnd: "2026-12-07" }, OWNER),
    ).toMatchObject({ ok: false, kind: "invalid" });
    const first = await buildPayRun(db, WEEK, OWNER);
    if (!first.ok) throw new Error(first.message);
    expect(await deleteDraftRun(db, first.runId, OWNER)).toEqual({ ok: true });
    const second = await buildPayRun(db, WEEK, OWNER);
    expect(second).toMatchObject({ ok: true, lines: 1 });
  });

  test("an approved run's ABA file pays each cleaner their net, and its totals and count add up", async () => {
    const db = database.db;
    const mei = await addCleaner(db, {
      name: "Mei Chen",
      rateCents: 4000,
      employment: "employee",
      bsb: "062-000",
      account: "11112222",
    });
    const sam = await addCleaner(db, { name: "Sam Ray", bsb: "733000", account: "998877" });
    await addJob(db, { date: "2026-12-02", hours: 3, seats: [{ cleanerId: mei }] });
    await addJob(db, {
      date: "2026-12-03",
      hours: 4,
      seats: [{ cleanerId: mei }, { cleanerId: sam }],
    });
    await generateTimesheetLines(db);
    const all = await lines();
    const meiLine = all.find((line) => line.cleaner_id === mei)!;
    await adjustLine(
      db,
      { lineId: meiLine.id, adjustment: 0, reason: null, withholding: 1000 },
      OWNER,
    );
    await approveLines(
      db,
      all.map((line) => line.id),
      OWNER,
    );
    const run = await buildPayRun(db, WEEK, OWNER);
    if (!run.ok) throw new Error(run.message);

    expect(await generateAbaFile(db, run.runId, OWNER, TEST_KEY)).toMatchObject({
      ok: false,
      kind: "conflict",
    });
    await approvePayRun(db, run.runId, OWNER);
    const at = new Date("2026-12-08T01:00:00.000Z");
    const aba = await generateAbaFile(db, run.runId, OWNER, TEST_KEY, at);
    if (!aba.ok) throw new Error(aba.message);

    const details = (await getPayRun(db, run.runId))!;
    const parsed = parseAba(aba.body);
    expect(parsed.header).toEqual({
      type: "0",
      bank: "WBC",
      user: "Harbour and Gold",
      apca: "123456",
      description: "PAY RUN",
      date: "081226",
    });
    expect(parsed.details).toEqual(
      details.pays.map((pay) => ({
        type: "1",
        bsb: pay.cleanerId === mei ? "062-000" : "733-000",
        account: pay.cleanerId === mei ? "11112222" : "998877",
        code: "53",
        cents: pay.netCents,
        name: pay.name,
        reference: `PAY ${details.run.reference}`,
        traceBsb: "032-000",
        traceAccount: "987654",
        withheld: 0,
      })),
    );
    // Mei: 3 h + 2 h at $40 less $10 withheld; Sam: 2 h at the business's $32.
    expect(parsed.details.map((detail) => detail.cents)).toEqual([19000, 6400]);
    expect(parsed.footer).toEqual({
      type: "7",
      bsb: "999-999",
      net: 25400,
      credit: 25400,
      debit: 0,
      count: 2,
    });
    expect(details.totals.netCents).toBe(25400);
    const audit = await db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "pay_run.aba_generated")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details!)).toEqual({ payments: 2, totalCents: 25400, netCents: 25400 });
    expect(audit.details).not.toContain("11112222");
  });

  test("marking a run paid emails each cleaner a remittance, records the ledger, and shows in their earnings", async () => {
    const db = database.db;
    const mei = await addCleaner(db, { name: "Mei Chen", rateCents: 4000, employment: "employee" });
    const sam = await addCleaner(db, { name: "Sam Ray" });
    await addJob(db, { date: "2026-12-02", hours: 3, seats: [{ cleanerId: mei }] });
    await addJob(db, { date: "2026-12-03", hours: 2, seats: [{ cleanerId: sam }] });
    await generateTimesheetLines(db);
    const all = await lines();
    await adjustLine(
      db,
      {
        lineId: all.find((l) => l.cleaner_id === sam)!.id,
        adjustment: 1250,
        reason: "Parking",
        withholding: 0,
      },
      OWNER,
    );
    await approveLines(
      db,
      all.map((line) => line.id),
      OWNER,
    );
    const run = await buildPayRun(db, WEEK, OWNER);
    if (!run.ok) throw new Error(run.message);
    const options = { publicUrl: "https://harbour.example" };
    expect(await markPayRunPaid(db, run.runId, OWNER, options)).toMatchObject({ ok: false });
    await approvePayRun(db, run.runId, OWNER);
    expect(await markPayRunPaid(db, run.runId, OWNER, options)).toEqual({ ok: true });
    expect(await markPayRunPaid(db, run.runId, OWNER, options)).toMatchObject({
      ok: false,
      kind: "conflict",
    });

    const emails = await db
      .selectFrom("outbox_messages")
      .select(["payload"])
      .where("topic", "=", "pay_run.remittance")
      .execute();
    const texts = emails.map((email) => JSON.parse(email.payload) as { to: string; text: string });
    expect(texts.map((email) => email.to).sort()).toEqual([
      "mei.chen@example.com",
      "sam.ray@example.com",
    ]);
    const meiText = texts.find((email) => email.to.startsWith("mei"))!.text;
    expect(meiText).toContain("3.00 h (estimated) at $40/h");
    expect(meiText).toContain("Paid to you: $120.00.");
    expect(meiText).toContain("Superannuation paid to your fund: $14.40.");
    const samText = texts.find((email) => email.to.startsWith("sam"))!.text;
    expect(samText).toContain("adjustment $12.50 (Parking)");
    expect(samText).toContain("Paid to you: $76.50.");
    expect(samText).not.toContain("Superannuation");

    const ledger = await db
      .selectFrom("transactions")
      .select(["amount_cents", "type", "status"])
      .where("type", "=", "payout")
      .orderBy("amount_cents")
      .execute();
    // Labour cost: Sam $64 + $12.50; Mei $120 + $14.40 super.
    expect(ledger.map((row) => Number(row.amount_cents))).toEqual([7650, 13440]);

    const earnings = await listCleanerPayRuns(db, { id: mei, employmentType: "employee" });
    expect(earnings).toMatchObject([
      { reference: run.reference, status: "paid", netCents: 12000, superCents: 1440, minutes: 180 },
    ]);
  });

  test("the run's CSV lists its lines and the Xero CSV has one bill per cleaner in Xero's columns", async () => {
    const db = database.db;
    const mei = await addCleaner(db, { name: "Mei Chen" });
    await addJob(db, { date: "2026-12-02", hours: 3, seats: [{ cleanerId: mei }] });
    await addJob(db, { date: "2026-12-04", hours: 2, seats: [{ cleanerId: mei }] });
    await generateTimesheetLines(db);
    await approveLines(
      db,
      (await lines()).map((line) => line.id),
      OWNER,
    );
    const run = await buildPayRun(db, WEEK, OWNER);
    if (!run.ok) throw new Error(run.message);
    const csv = (await payRunCsv(db, run.runId))!;
    const rows = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain("Mei Chen,contractor");
    const xero = (await xeroBillsCsv(db, run.runId))!;
    const [header, ...bills] = xero.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(header).toMatch(
      /^\*ContactName,EmailAddress,.*\*InvoiceNumber,\*InvoiceDate,\*DueDate,.*\*Quantity,\*UnitAmount,\*AccountCode,\*TaxType,.*Currency$/,
    );
    expect(bills).toHaveLength(2);
    expect(new Set(bills.map((bill) => bill.split(",")[10])).size).toBe(1);
    expect(bills[0]).toContain(",1,96.00,477,BAS Excluded,");
  });
});
