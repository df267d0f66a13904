import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { sha256 } from "~/lib/crypto.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { refusal } from "../../../tests/helpers/refusal";
import { signInOutcome, staffSessionToken, testConfig } from "./auth.test-helpers";
import {
  findResettableAccount,
  requestPasswordReset,
  resetPassword,
  RESETS_PER_EMAIL_PER_HOUR,
  RESETS_PER_IP_PER_HOUR,
  sendPasswordResetToMember,
} from "./password-reset.service.server";
import { signInWithPassword } from "./sign-in.service.server";
import { saveStaffAccount } from "./staff-accounts.service.server";
import { setStaffActive } from "./team.service.server";

const config = testConfig();
const OLD = "the old long passphrase";
const NEW = "a brand new passphrase";
const NOW = new Date("2026-11-26T01:00:00.000Z");
const MINUTE = 60_000;
const visitor = { ip: "203.0.113.9" };
const at = (minutes: number) => ({ ...visitor, now: new Date(NOW.getTime() + minutes * MINUTE) });
const twice = (password: string) => ({ password, confirmPassword: password });
const LINK_GONE = {
  kind: "gone",
  status: 410,
  message:
    "This reset link has expired or has already been used. Ask for a new one from the sign-in screen.",
};
const LIMITED = {
  kind: "rate_limited",
  status: 429,
  message: "Too many reset requests. Please wait an hour and try again.",
};

describe.each(testDialects)("password reset links on %s", (dialect) => {
  let database: TestDatabase;
  let ownerId: string;
  let samId: string;
  const deps = () => ({ db: database.db, config });
  const emails = async () =>
    (
      await database.db
        .selectFrom("outbox_messages")
        .select(["payload", "topic"])
        .where("topic", "=", "staff.password_reset")
        .orderBy("created_at")
        .execute()
    ).map((row) => JSON.parse(row.payload) as { to: string; text: string; subject: string });
  /** The token of the link in the latest reset email. */
  const latestToken = async () => {
    const text = (await emails()).at(-1)?.text ?? "";
    return /\/admin\/reset-password\/([\w-]+)/.exec(text)?.[1] ?? "";
  };
  const audit = (action: string) =>
    database.db.selectFrom("audit_log").selectAll().where("action", "=", action).execute();
  const sessionsOf = async (staffId: string) =>
    (await database.db.selectFrom("sessions").select("id").where("user_id", "=", staffId).execute())
      .length;
  const signIn = (password: string, minutes = 40) =>
    signInWithPassword(
      deps(),
      { email: "sam@harbour.example", password },
      { ...at(minutes), userAgent: null, previousToken: null },
    );

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    ({ id: ownerId } = await saveStaffAccount(database.db, {
      name: "Olivia Owner",
      email: "olivia@harbour.example",
      password: OLD,
    }));
    ({ id: samId } = await saveStaffAccount(database.db, {
      name: "Sam Staff",
      email: "sam@harbour.example",
      password: OLD,
    }));
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("a known email gets a link by email; only its hash is stored and the token is in no audit row", async () => {
    expect(await requestPasswordReset(deps(), " Sam@Harbour.Example", at(0))).toEqual({ ok: true });
    const [mail] = await emails();
    expect(mail?.to).toBe("sam@harbour.example");
    expect(mail?.text).toContain("works once, for 30 minutes");
    const token = await latestToken();
    expect(token.length).toBeGreaterThan(30);
    const stored = await database.db.selectFrom("staff_password_resets").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const rows = await database.db.selectFrom("audit_log").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await audit("staff.password_reset_requested")).toMatchObject([
      { subject_id: samId, actor_type: "visitor" },
    ]);
  });

  test("an unknown or deactivated email gets the same answer, and no email or link", async () => {
    await setStaffActive(database.db, samId, false, { staffId: ownerId, ip: null });
    expect(await requestPasswordReset(deps(), "nobody@harbour.example", at(0))).toEqual({
      ok: true,
    });
    expect(await requestPasswordReset(deps(), "sam@harbour.example", at(0))).toEqual({ ok: true });
    expect(await emails()).toHaveLength(0);
    expect(await database.db.selectFrom("staff_password_resets").selectAll().execute()).toEqual([]);
    const requested = await audit("staff.password_reset_requested");
    expect(requested.map((row) => JSON.parse(row.details!) as { known: boolean })).toMatchObject([
      { known: false },
      { known: false },
    ]);
  });

  test("a link sets the password once: every session ends, the old password stops working and the reset is audited", async () => {
    await staffSessionToken(database.db, config, samId);
    await staffSessionToken(database.db, config, samId);
    await requestPasswordReset(deps(), "sam@harbour.example", at(0));
    const token = await latestToken();
    expect(await findResettableAccount(database.db, token, at(1).now)).toEqual({
      email: "sam@harbour.example",
    });
    expect(await resetPassword(database.db, token, twice(NEW), at(1))).toEqual({ ok: true });
    expect(await sessionsOf(samId)).toBe(0);
    expect(
      refusal(await resetPassword(database.db, token, twice("yet another passphrase"), at(2))),
    ).toEqual(LINK_GONE);
    expect(await findResettableAccount(database.db, token, at(2).now)).toBeNull();
    expect(signInOutcome(await signIn(OLD))).toBe("unauthenticated");
    expect(signInOutcome(await signIn(NEW))).toBe("signed-in");
    expect(await audit("staff.password_reset")).toMatchObject([{ subject_id: samId }]);
  });

  test("a link is dead after 30 minutes, and a newer link replaces an older one", async () => {
    await requestPasswordReset(deps(), "sam@harbour.example", at(0));
    const first = await latestToken();
    expect(refusal(await resetPassword(database.db, first, twice(NEW), at(31)))).toEqual(LINK_GONE);
    await requestPasswordReset(deps(), "sam@harbour.example", at(32));
    const second = await latestToken();
    await requestPasswordReset(deps(), "sam@harbour.example", at(33));
    const third = await latestToken();
    expect(await findResettableAccount(database.db, second, at(34).now)).toBeNull();
    expect(await findResettableAccount(database.db, third, at(62).now)).toEqual({
      email: "sam@harbour.example",
    });
    expect(await findResettableAccount(database.db, third, at(63).now)).toBeNull();
    expect(signInOutcome(await signIn(OLD, 64))).toBe("signed-in");
  });

  test(`requests are limited to ${RESETS_PER_EMAIL_PER_HOUR} an hour per email, known or not, and audited when refused`, async () => {
    const answers = await Promise.all(
      Array.from({ length: RESETS_PER_EMAIL_PER_HOUR }, (_, i) => [
        requestPasswordReset(deps(), "sam@harbour.example", at(i)),
        requestPasswordReset(deps(), "nobody@harbour.example", at(i)),
      ]).flat(),
    );
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(refusal(await requestPasswordReset(deps(), "sam@harbour.example", at(6)))).toEqual(
      LIMITED,
    );
    expect(refusal(await requestPasswordReset(deps(), "nobody@harbour.example", at(6)))).toEqual(
      LIMITED,
    );
    expect(await emails()).toHaveLength(RESETS_PER_EMAIL_PER_HOUR);
    expect(await audit("staff.password_reset_limited")).toHaveLength(2);
  });

  test(`one address may ask ${RESETS_PER_IP_PER_HOUR} times an hour, whatever the emails`, async () => {
    // Sent at once: each answer waits out the same floor, so one after another would be slow.
    await Promise.all(
      Array.from({ length: RESETS_PER_IP_PER_HOUR }, (_, i) =>
        requestPasswordReset(deps(), `someone${i}@harbour.example`, at(0)),
      ),
    );
    expect(refusal(await requestPasswordReset(deps(), "sam@harbour.example", at(1)))).toEqual(
      LIMITED,
    );
    const elsewhere = { ip: "198.51.100.7", now: at(1).now };
    expect(await requestPasswordReset(deps(), "sam@harbour.example", elsewhere)).toEqual({
      ok: true,
    });
  });

  test("an owner sends a member a link: the email names the owner, the send is audited as theirs, and the link works", async () => {
    const owner = { staffId: ownerId, ip: "203.0.113.1" };
    expect(await sendPasswordResetToMember(deps(), samId, owner, NOW)).toEqual({
      ok: true,
      email: "sam@harbour.example",
    });
    expect((await emails())[0]?.text).toContain("Olivia Owner sent you a link");
    expect(await audit("staff.password_reset_sent")).toMatchObject([
      { actor_type: "staff", actor_id: ownerId, subject_id: samId },
    ]);
    await staffSessionToken(database.db, config, samId);
    expect(await resetPassword(database.db, await latestToken(), twice(NEW), at(5))).toEqual({
      ok: true,
    });
    expect(await sessionsOf(samId)).toBe(0);
    expect(signInOutcome(await signIn(NEW))).toBe("signed-in");
  });

  test("an owner cannot send a link to a deactivated or unknown account, and a link sent before deactivation stops working", async () => {
    const owner = { staffId: ownerId, ip: null };
    await sendPasswordResetToMember(deps(), samId, owner, NOW);
    const token = await latestToken();
    await setStaffActive(database.db, samId, false, owner);
    expect(refusal(await resetPassword(database.db, token, twice(NEW), at(1)))).toEqual(LINK_GONE);
    expect(refusal(await sendPasswordResetToMember(deps(), samId, owner, NOW))).toEqual({
      kind: "conflict",
      status: 409,
      message: "That account is deactivated. Reactivate it before sending a reset link.",
    });
    expect(refusal(await sendPasswordResetToMember(deps(), "no-such-id", owner, NOW))).toEqual({
      kind: "not_found",
      status: 404,
      message: "That account no longer exists. Reload the page.",
    });
    expect(await emails()).toHaveLength(1);
  });
});
