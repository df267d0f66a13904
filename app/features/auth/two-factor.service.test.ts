import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { refusal } from "../../../tests/helpers/refusal";
import { codeAt, staffTotpSecret, testConfig, signInOutcome } from "./auth.test-helpers";
import { signInWithPassword, signInWithSecondFactor } from "./sign-in.service.server";
import { saveStaffAccount } from "./staff-accounts.service.server";
import {
  beginEnrolment,
  cancelEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  getTwoFactorState,
  verifySecondFactor,
} from "./two-factor.service.server";
import { findStaffAuthById } from "./staff.repository.server";

const EMAIL = "owner@harbour.example";
const PASSWORD = "correct horse battery";
const config = testConfig();
const t0 = new Date("2026-11-22T10:00:10Z");
const seconds = (n: number) => new Date(t0.getTime() + n * 1000);

describe.each(testDialects)("two-factor authentication on %s", (dialect) => {
  let database: TestDatabase;
  let staffId: string;
  const deps = () => ({ db: database.db, config });
  const info = (now = t0) => ({ ip: "203.0.113.9", now });
  const request = (now: Date) => ({ ip: "203.0.113.9", userAgent: null, previousToken: null, now });
  const staff = () => findStaffAuthById(database.db, staffId).then((row) => row!);

  /** Enrols the account; returns its secret and recovery codes. */
  async function enrol() {
    await beginEnrolment(deps(), staffId, info());
    const secret = await staffTotpSecret(database.db, config, staffId);
    const result = await confirmEnrolment(deps(), staffId, codeAt(secret, t0), info());
    if (!result.ok) throw new Error("enrolment failed");
    return { secret, recoveryCodes: result.recoveryCodes };
  }

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    ({ id: staffId } = await saveStaffAccount(database.db, {
      name: "Olivia Owner",
      email: EMAIL,
      password: PASSWORD,
    }));
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("set-up shows a QR code and the key, and stays off until a code confirms it", async () => {
    await beginEnrolment(deps(), staffId, info());
    const state = await getTwoFactorState(deps(), staffId);
    expect(state.enabled).toBe(false);
    expect(state.pending?.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(state.pending!.qrCode.split(",")[1]!, "base64").toString()).toContain(
      "<svg",
    );
    expect(state.pending?.secret.replaceAll(" ", "")).toBe(
      await staffTotpSecret(database.db, config, staffId),
    );
    // The secret is stored encrypted, never in the clear.
    const row = await staff();
    expect(row.totp_secret_encrypted).toMatch(/^v1\./);
    expect(row.totp_secret_encrypted).not.toContain(state.pending!.secret.replaceAll(" ", ""));

    const wrong = await confirmEnrolment(deps(), staffId, "000000", info());
    expect(refusal(wrong)).toEqual({
      kind: "invalid",
      status: 422,
      message: "That code did not match. Enter the code your app shows now.",
      fieldErrors: { code: "Codes change every 30 seconds." },
    });
    expect((await staff()).totp_enabled).toBe(0);
  });

  test("a confirmed set-up turns 2FA on with ten recovery codes", async () => {
    const { recoveryCodes } = await enrol();
    expect(recoveryCodes).toHaveLength(10);
    const state = await getTwoFactorState(deps(), staffId);
    expect(state).toEqual({ enabled: true, recoveryCodesLeft: 10, pending: null });
  });

  test("cancelling a set-up forgets the secret", async () => {
    await beginEnrolment(deps(), staffId, info());
    await cancelEnrolment(deps(), staffId, info());
    expect((await staff()).totp_secret_encrypted).toBeNull();
  });

  test("a code is accepted once: the same code cannot be replayed within its window", async () => {
    const { secret } = await enrol();
    // The enrolment used step t0; the next step's code works once, then never again.
    const next = codeAt(secret, seconds(30));
    expect(await verifySecondFactor(deps(), await staff(), next, seconds(30))).toBe("totp");
    expect(await verifySecondFactor(deps(), await staff(), next, seconds(31))).toBeNull();
    // An older step's code, though still inside the window, is refused too.
    expect(
      await verifySecondFactor(deps(), await staff(), codeAt(secret, t0), seconds(30)),
    ).toBeNull();
    // The code used to confirm the set-up cannot sign in either.
    expect(await verifySecondFactor(deps(), await staff(), codeAt(secret, t0), t0)).toBeNull();
  });

  test("two requests racing with one code: only one wins", async () => {
    const { secret } = await enrol();
    const code = codeAt(secret, seconds(60));
    const row = await staff();
    const results = await Promise.all([
      verifySecondFactor(deps(), row, code, seconds(60)),
      verifySecondFactor(deps(), row, code, seconds(60)),
    ]);
    expect(results.filter((r) => r === "totp")).toHaveLength(1);
  });

  test("a recovery code signs in once and is then spent", async () => {
    const { recoveryCodes } = await enrol();
    const code = recoveryCodes[3]!;
    expect(await verifySecondFactor(deps(), await staff(), code.toLowerCase(), t0)).toBe(
      "recovery",
    );
    expect(await verifySecondFactor(deps(), await staff(), code, t0)).toBeNull();
    expect((await getTwoFactorState(deps(), staffId)).recoveryCodesLeft).toBe(9);
  });

  test("a stored recovery list that does not fit accepts no recovery code; the app's code still works", async () => {
    const { secret, recoveryCodes } = await enrol();
    await database.db
      .updateTable("staff_users")
      .set({ recovery_codes: '{"codes": "truncated' })
      .where("id", "=", staffId)
      .execute();
    expect(await verifySecondFactor(deps(), await staff(), recoveryCodes[0]!, t0)).toBeNull();
    expect((await getTwoFactorState(deps(), staffId)).recoveryCodesLeft).toBe(0);
    const later = new Date(t0.getTime() + 30_000);
    expect(await verifySecondFactor(deps(), await staff(), codeAt(secret, later), later)).toBe(
      "totp",
    );
  });

  test("after the password, sign-in asks for a code, and a good one starts the session", async () => {
    const { secret } = await enrol();
    const first = await signInWithPassword(
      deps(),
      { email: EMAIL, password: PASSWORD },
      request(seconds(30)),
    );
    expect(first).toEqual({ ok: true, step: "second-factor", staffId });
    expect(await database.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
    const second = await signInWithSecondFactor(
      deps(),
      { staffId, code: codeAt(secret, seconds(30)) },
      request(seconds(30)),
    );
    expect(signInOutcome(second)).toBe("signed-in");
  });

  test("wrong codes are throttled like wrong passwords", async () => {
    const { secret } = await enrol();
    for (let i = 0; i < 5; i++) {
      const result = await signInWithSecondFactor(
        deps(),
        { staffId, code: "000000" },
        request(seconds(30)),
      );
      expect(refusal(result)).toEqual({
        kind: "unauthenticated",
        status: 401,
        message: "That code did not work. Check your authenticator app and try again.",
      });
    }
    const blocked = await signInWithSecondFactor(
      deps(),
      { staffId, code: codeAt(secret, seconds(31)) },
      request(seconds(31)),
    );
    expect(refusal(blocked)).toEqual({
      kind: "rate_limited",
      status: 429,
      message: "Too many sign-in attempts. Please wait 15 minutes and try again.",
    });
    // And the password step from that address waits as well.
    const password = await signInWithPassword(
      deps(),
      { email: EMAIL, password: PASSWORD },
      request(seconds(32)),
    );
    expect(signInOutcome(password)).toBe("rate_limited");
  });

  test("a second step whose account turned 2FA off meanwhile goes back to the password", async () => {
    const { secret } = await enrol();
    await disableTwoFactor(deps(), staffId, PASSWORD, info());
    const late = await signInWithSecondFactor(
      deps(),
      { staffId, code: codeAt(secret, seconds(30)) },
      request(seconds(30)),
    );
    expect(late).toMatchObject({ restart: true });
    expect(refusal(late)).toEqual({
      kind: "unauthenticated",
      status: 401,
      message: "Your sign-in timed out. Please enter your email and password again.",
    });
  });

  test("turning 2FA off is throttled with wrong passwords, like sign-in", async () => {
    await enrol();
    for (let i = 0; i < 5; i++) {
      await disableTwoFactor(deps(), staffId, `wrong password ${i}`, info());
    }
    expect(refusal(await disableTwoFactor(deps(), staffId, PASSWORD, info()))).toEqual({
      kind: "rate_limited",
      status: 429,
      message: "Too many sign-in attempts. Please wait 15 minutes and try again.",
    });
    expect((await staff()).totp_enabled).toBe(1);
  });

  test("turning 2FA off needs the password or a code", async () => {
    const { secret } = await enrol();
    expect(refusal(await disableTwoFactor(deps(), staffId, "not my password", info()))).toEqual({
      kind: "invalid",
      status: 422,
      message: "That password or code is not right.",
      fieldErrors: { credential: "Check it and try again." },
    });
    expect((await staff()).totp_enabled).toBe(1);
    expect(await disableTwoFactor(deps(), staffId, PASSWORD, info())).toEqual({
      ok: true,
      changed: true,
    });
    // Off already: the screen says it is off, and nothing is written.
    expect(await disableTwoFactor(deps(), staffId, PASSWORD, info())).toEqual({
      ok: true,
      changed: false,
    });
    const row = await staff();
    expect(row).toMatchObject({
      totp_enabled: 0,
      totp_secret_encrypted: null,
      recovery_codes: [],
    });

    // Again, this time with a code from the app.
    const again = await (async () => {
      await beginEnrolment(deps(), staffId, info(seconds(60)));
      const fresh = await staffTotpSecret(database.db, config, staffId);
      await confirmEnrolment(deps(), staffId, codeAt(fresh, seconds(60)), info(seconds(60)));
      return fresh;
    })();
    expect(again).not.toBe(secret);
    expect(
      await disableTwoFactor(deps(), staffId, codeAt(again, seconds(90)), info(seconds(90))),
    ).toEqual({ ok: true, changed: true });
  });

  test("changes to 2FA are audited", async () => {
    await enrol();
    await disableTwoFactor(deps(), staffId, "wrong password here", info());
    await disableTwoFactor(deps(), staffId, PASSWORD, info());
    const actions = (await database.db.selectFrom("audit_log").select("action").execute()).map(
      (row) => row.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        "staff.two_factor_enrolment_started",
        "staff.two_factor_enabled",
        "staff.two_factor_disable_failed",
        "staff.two_factor_disabled",
      ]),
    );
  });
});
