import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { sha256 } from "~/lib/crypto.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { refusal } from "../../../tests/helpers/refusal";
import { signInOutcome, staffSessionToken, testConfig } from "./auth.test-helpers";
import { changePassword } from "./password-change.service.server";
import { ACCOUNT_FAILURE_LIMIT } from "./sign-in-throttle.server";
import { signInWithPassword } from "./sign-in.service.server";
import { saveStaffAccount } from "./staff-accounts.service.server";

const config = testConfig();
const OLD = "the old long passphrase";
const NEW = "a brand new passphrase";
const NOW = new Date("2026-11-26T01:00:00.000Z");
const browser = { ip: "203.0.113.9", now: NOW };
const WRONG_CURRENT = {
  kind: "invalid",
  status: 422,
  message: "That password is not right.",
  fieldErrors: { currentPassword: "That password is not right." },
};
const change = (currentPassword: string, password = NEW) => ({
  currentPassword,
  password,
  confirmPassword: password,
});

describe.each(testDialects)("changing one's own password on %s", (dialect) => {
  let database: TestDatabase;
  let staffId: string;
  let here: string;
  const deps = () => ({ db: database.db, config });
  const who = () => ({ staffId, sessionId: sha256(here) });
  const sessionIds = async () =>
    (
      await database.db.selectFrom("sessions").select("id").where("user_id", "=", staffId).execute()
    ).map((row) => row.id);
  const audit = (action: string) =>
    database.db.selectFrom("audit_log").selectAll().where("action", "=", action).execute();
  const signIn = (password: string) =>
    signInWithPassword(
      deps(),
      { email: "sam@harbour.example", password },
      { ip: "198.51.100.7", userAgent: null, previousToken: null },
    );

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    ({ id: staffId } = await saveStaffAccount(database.db, {
      name: "Sam",
      email: "sam@harbour.example",
      password: OLD,
    }));
    here = await staffSessionToken(database.db, config, staffId);
    await staffSessionToken(database.db, config, staffId);
    await staffSessionToken(database.db, config, staffId);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("with the current password, the new one works, this session stays, the others end, and the change is audited", async () => {
    expect(await changePassword(deps(), who(), change(OLD), browser)).toEqual({ ok: true });
    expect(await sessionIds()).toEqual([sha256(here)]);
    expect(await audit("staff.password_changed")).toMatchObject([
      { actor_type: "staff", actor_id: staffId, subject_id: staffId },
    ]);
    expect(signInOutcome(await signIn(OLD))).toBe("unauthenticated");
    expect(signInOutcome(await signIn(NEW))).toBe("signed-in");
  });

  test("a wrong current password changes nothing, ends no session and is audited", async () => {
    expect(
      refusal(await changePassword(deps(), who(), change("not the password at all"), browser)),
    ).toEqual(WRONG_CURRENT);
    expect(await sessionIds()).toHaveLength(3);
    expect(await audit("staff.password_change_failed")).toHaveLength(1);
    expect(signInOutcome(await signIn(OLD))).toBe("signed-in");
  });

  test("wrong current passwords count against the sign-in throttle, so a borrowed session cannot guess", async () => {
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      expect(
        refusal(await changePassword(deps(), who(), change(`wrong guess number ${i}`), browser)),
      ).toEqual(WRONG_CURRENT);
    }
    expect(refusal(await changePassword(deps(), who(), change(OLD), browser))).toEqual({
      kind: "rate_limited",
      status: 429,
      message: "Too many sign-in attempts. Please wait 15 minutes and try again.",
    });
    expect(await audit("staff.password_changed")).toHaveLength(0);
  });
});
