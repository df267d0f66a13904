import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { generateTimesheetLines } from "~/features/payroll/timesheets.service.server";
import { addCleaner, addJob, TEST_KEY } from "~/features/payroll/payroll.test-data";
import { decryptField } from "~/lib/crypto.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { getCleanerProfile } from "./cleaner-profile.service.server";
import { CLEANER_PAY_BASIS_CHANGED, updateCleanerPayBasis } from "./pay-basis.service.server";
import { PAY_BASIS_TEXT } from "./pay-basis.schema";

// docs/decisions/0092-pay-basis-and-other-payments.md: the pay basis form on a cleaner's record,
// and the timesheet line that reads it when a job is completed.

const config = { dataEncryptionKey: TEST_KEY };
const actor = { staffId: "staff-owner", ip: "203.0.113.9" };
// Passes the ATO's checksum (the ABR's own example).
const ABN = "51 824 753 556";

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

describe.each(testDialects)("a cleaner's pay basis on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const stored = (id: string) =>
    database.db
      .selectFrom("cleaners")
      .select(["employment_type", "abn_number", "tfn_encrypted", "pay_rate_cents"])
      .select("service_pay_rates")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  test("an employee's TFN is stored encrypted, rates in cents, audited by field name, and the next line uses the service's rate", async () => {
    const db = database.db;
    const id = await addCleaner(db, { name: "Mei" });
    const result = await updateCleanerPayBasis(
      db,
      config,
      id,
      form({
        employmentType: "employee",
        tfn: "123 456 782",
        hourlyRate: "34",
        commercialRate: "$38.50",
      }),
      actor,
    );
    expect(result).toEqual({
      ok: true,
      changed: ["employmentType", "tfn", "hourlyRate", "commercialRate"],
    });
    const row = await stored(id);
    expect(row).toMatchObject({ employment_type: "employee", pay_rate_cents: 3400 });
    expect(decryptField(TEST_KEY, row.tfn_encrypted!)).toBe("123456782");
    expect(JSON.parse(row.service_pay_rates!)).toEqual({ commercial: 3850 });

    const audit = await db.selectFrom("audit_log").selectAll().execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: CLEANER_PAY_BASIS_CHANGED, actor_id: "staff-owner" });
    expect(audit[0]!.details).not.toContain("123456782");

    const profile = await getCleanerProfile(db, id);
    expect(profile!.payBasis).toMatchObject({
      employmentType: "employee",
      hasTfn: true,
      hourlyRate: "34",
      commercialRate: "38.50",
      residentialRate: "",
    });

    // A commercial job is paid at the commercial rate; a residential one at their hourly rate.
    await addJob(db, {
      date: "2026-12-02",
      hours: 2,
      service: "commercial",
      seats: [{ cleanerId: id }],
    });
    await addJob(db, { date: "2026-12-03", hours: 2, seats: [{ cleanerId: id }] });
    await generateTimesheetLines(db);
    const lines = await db
      .selectFrom("timesheet_lines")
      .select(["service_type", "rate_cents", "base_cents"])
      .orderBy("work_date")
      .execute();
    expect(lines).toEqual([
      { service_type: "commercial", rate_cents: 3850, base_cents: 7700 },
      { service_type: "residential", rate_cents: 3400, base_cents: 6800 },
    ]);
  });

  test("a contractor needs a valid ABN; blanks clear the rates; saving again changes nothing", async () => {
    const db = database.db;
    const id = await addCleaner(db, {
      name: "Sam",
      rateCents: 3300,
      serviceRates: { residential: 3600 },
    });
    const bad = await updateCleanerPayBasis(
      db,
      config,
      id,
      form({ employmentType: "contractor", abn: "51 824 753 557" }),
      actor,
    );
    expect(bad).toMatchObject({
      ok: false,
      kind: "invalid",
      fieldErrors: { abn: PAY_BASIS_TEXT.abnInvalid },
    });
    const missing = await updateCleanerPayBasis(
      db,
      config,
      id,
      form({ employmentType: "contractor" }),
      actor,
    );
    expect(missing).toMatchObject({ ok: false, fieldErrors: { abn: PAY_BASIS_TEXT.abnRequired } });

    const good = form({
      employmentType: "contractor",
      abn: ABN,
      hourlyRate: "",
      residentialRate: "",
    });
    expect(await updateCleanerPayBasis(db, config, id, good, actor)).toEqual({
      ok: true,
      changed: ["abn", "hourlyRate", "residentialRate"],
    });
    expect(await stored(id)).toMatchObject({
      abn_number: "51824753556",
      pay_rate_cents: null,
      service_pay_rates: null,
    });
    const again = form({ employmentType: "contractor", abn: ABN });
    expect(await updateCleanerPayBasis(db, config, id, again, actor)).toEqual({
      ok: true,
      changed: [],
    });
    expect(await db.selectFrom("audit_log").selectAll().execute()).toHaveLength(1);
  });

  test("an employee without a TFN on file, a malformed TFN or a bad rate is refused beside its field", async () => {
    const db = database.db;
    const id = await addCleaner(db, { name: "Ali" });
    const noTfn = await updateCleanerPayBasis(
      db,
      config,
      id,
      form({ employmentType: "employee" }),
      actor,
    );
    expect(noTfn).toMatchObject({ ok: false, fieldErrors: { tfn: PAY_BASIS_TEXT.tfnRequired } });
    const shortTfn = await updateCleanerPayBasis(
      db,
      config,
      id,
      form({ employmentType: "employee", tfn: "12345678", hourlyRate: "thirty" }),
      actor,
    );
    expect(shortTfn).toMatchObject({
      ok: false,
      fieldErrors: {
        tfn: PAY_BASIS_TEXT.tfnInvalid,
        hourlyRate: "Enter the hourly rate in dollars an hour, like 34 or 34.50",
      },
    });
    expect(await stored(id)).toMatchObject({ employment_type: "contractor", tfn_encrypted: null });
  });
});
