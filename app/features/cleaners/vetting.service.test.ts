import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { emailsOf } from "~/features/payments/payments.test-helpers";
import { updatePoliceCheckYears } from "~/features/settings/police-check-setting.service.server";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { insertCleaners } from "./cleaner.test-data";
import { getCleanerProfile, setCleanerStatus } from "./cleaner-profile.service.server";
import { POLICE_CHECK_TEXT } from "./police-check";
import {
  addTimeOff,
  alertLapsingPoliceChecks,
  recordPoliceCheck,
  removeTimeOff,
} from "./vetting.service.server";
import { VETTING_TEXT } from "./vetting.schema";

// docs/decisions/0042-who-is-free-for-a-job.md: a police check has an expiry, suggested from the
// "police check validity" setting; without a current check a cleaner cannot be made Available;
// staff are alerted 30 days before a working cleaner's check lapses, once.

const now = new Date("2026-11-26T01:00:00.000Z");
const today = sydneyDate(now);
const staff = { staffId: "staff-1", ip: null };
const publicUrl = "https://harbourandgold.test";

describe.each(testDialects)("police checks and time off on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const expiryOf = async (id: string) =>
    (await getCleanerProfile(database.db, id, now))!.verification;
  const record = (id: string, fields: Record<string, string>) =>
    recordPoliceCheck(database.db, id, new URLSearchParams(fields), staff, now);

  test("a check's expiry is its date plus the validity setting, unless staff type one", async () => {
    const [id] = await insertCleaners(database.db, [{ police_check_expires_on: null }]);
    expect(await record(id!, { checkedOn: "2026-02-10" })).toEqual({
      ok: true,
      expiresOn: "2029-02-10",
    });
    expect(await expiryOf(id!)).toMatchObject({
      policeCheck: true,
      policeCheckDate: "2026-02-10",
      policeCheckExpiresOn: "2029-02-10",
      policeCheckProblem: null,
    });
    await updatePoliceCheckYears(database.db, 5, staff, now);
    expect(await record(id!, { checkedOn: "2026-02-10" })).toMatchObject({
      expiresOn: "2031-02-10",
    });
    expect(await record(id!, { checkedOn: "2026-02-10", expiresOn: "2027-06-30" })).toMatchObject({
      expiresOn: "2027-06-30",
    });
  });

  test("a check dated in the future, or expiring before it was done, is refused by field", async () => {
    const [id] = await insertCleaners(database.db, [{ police_check_expires_on: null }]);
    expect(await record(id!, { checkedOn: addDays(today, 1) })).toMatchObject({
      ok: false,
      kind: "invalid",
      fieldErrors: { checkedOn: VETTING_TEXT.checkedInFuture },
    });
    expect(await record(id!, { checkedOn: "2026-02-10", expiresOn: "2026-01-01" })).toMatchObject({
      ok: false,
      fieldErrors: { expiresOn: VETTING_TEXT.expiresBeforeCheck },
    });
    expect(await record(id!, { checkedOn: "10/02/2026" })).toMatchObject({
      ok: false,
      fieldErrors: { checkedOn: VETTING_TEXT.checkedOn },
    });
    expect(await expiryOf(id!)).toMatchObject({
      policeCheckExpiresOn: null,
      policeCheckProblem: POLICE_CHECK_TEXT.none,
    });
  });

  test("a cleaner without a current check cannot be made Available until one is recorded", async () => {
    const [id] = await insertCleaners(database.db, [
      { status: "offline", police_check_expires_on: addDays(today, -1) },
    ]);
    const makeAvailable = () =>
      setCleanerStatus(database.db, {
        cleanerId: id!,
        to: "available",
        actor: { type: "staff", id: "staff-1" },
        now,
      });
    expect(await makeAvailable()).toEqual({
      kind: "refused",
      message: POLICE_CHECK_TEXT.cannotBeAvailable,
    });
    expect((await getCleanerProfile(database.db, id!, now))!.status).toBe("offline");
    await record(id!, { checkedOn: today });
    expect(await makeAvailable()).toMatchObject({ kind: "changed" });
  });

  test("staff are emailed once when a working cleaner's check lapses within 30 days", async () => {
    await insertCleaners(database.db, [
      { name: "Ana Soon", police_check_expires_on: addDays(today, 30) },
      { name: "Bo Later", police_check_expires_on: addDays(today, 31) },
      { name: "Cy Lapsed", police_check_expires_on: addDays(today, -2) },
      { name: "Di Offline", status: "offline", police_check_expires_on: addDays(today, 3) },
    ]);
    expect(await alertLapsingPoliceChecks(database.db, publicUrl, now)).toBe(2);
    const subjects = (await emailsOf(database.db, "cleaner.police_check_lapsing")).map(
      (row) => (JSON.parse(row.payload) as { subject: string }).subject,
    );
    expect(subjects.sort()).toEqual([
      expect.stringMatching(/^Police check lapsed: Cy Lapsed, /),
      expect.stringMatching(/^Police check lapsing: Ana Soon, /),
    ]);
    // The next sweep raises nothing new; a day later the next cleaner comes into the window.
    expect(await alertLapsingPoliceChecks(database.db, publicUrl, now)).toBe(0);
    const tomorrow = new Date(now.getTime() + 24 * 60 * 60 * 1000);
    expect(await alertLapsingPoliceChecks(database.db, publicUrl, tomorrow)).toBe(1);
  });

  test("time off is checked: dates in order, not over, at most a year", async () => {
    const [id] = await insertCleaners(database.db, [{}]);
    const add = (startsOn: string, endsOn: string) =>
      addTimeOff(database.db, id!, new URLSearchParams({ startsOn, endsOn }), staff, now);
    expect(await add(addDays(today, 5), addDays(today, 4))).toMatchObject({
      fieldErrors: { endsOn: VETTING_TEXT.endsBeforeStart },
    });
    expect(await add(addDays(today, -5), addDays(today, -1))).toMatchObject({
      fieldErrors: { endsOn: VETTING_TEXT.endsInPast },
    });
    expect(await add(today, addDays(today, 400))).toMatchObject({
      fieldErrors: { endsOn: VETTING_TEXT.tooLong },
    });
    expect(await add(addDays(today, 2), addDays(today, 4))).toEqual({ ok: true });
    expect((await getCleanerProfile(database.db, id!, now))!.timeOff).toEqual([
      {
        id: expect.any(String) as string,
        startsOn: addDays(today, 2),
        endsOn: addDays(today, 4),
        // Staff's own entry is approved at once (docs/decisions/0070-cleaner-time-off-and-working-pattern.md).
        requested: false,
      },
    ]);
  });

  test("time off can be removed, once, only from its own cleaner, and the removal is audited", async () => {
    const [id, other] = await insertCleaners(database.db, [{}, {}]);
    const days = new URLSearchParams({ startsOn: addDays(today, 2), endsOn: addDays(today, 4) });
    await addTimeOff(database.db, id!, days, staff, now);
    const [spell] = (await getCleanerProfile(database.db, id!, now))!.timeOff;
    const remove = (cleanerId: string) =>
      removeTimeOff(database.db, cleanerId, new URLSearchParams({ timeOffId: spell!.id }), staff);

    expect(await remove(other!)).toMatchObject({ ok: false, kind: "not_found" });
    expect(await remove(id!)).toEqual({ ok: true });
    expect((await getCleanerProfile(database.db, id!, now))!.timeOff).toEqual([]);
    expect(await remove(id!)).toMatchObject({
      ok: false,
      kind: "not_found",
      message: VETTING_TEXT.timeOffGone,
    });
    const audit = await database.db
      .selectFrom("audit_log")
      .select(["subject_id", "details"])
      .where("action", "=", "cleaner.time_off_removed")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.subject_id).toBe(id);
    expect(JSON.parse(audit[0]!.details!)).toMatchObject({ startsOn: addDays(today, 2) });
  });
});
