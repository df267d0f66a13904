import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { refusal } from "../../../tests/helpers/refusal";
import {
  sessionCookieHeader,
  signInOutcome,
  staffSessionToken,
  testConfig,
} from "./auth.test-helpers";
import { findStaffSession } from "./require-staff.server";
import { signInWithPassword } from "./sign-in.service.server";
import { saveStaffAccount } from "./staff-accounts.service.server";
import { TEAM_TEXT } from "./team.schema";
import {
  acceptInvitation,
  changeStaffRole,
  findOpenInvitation,
  getTeam,
  inviteStaff,
  setStaffActive,
} from "./team.service.server";

const config = testConfig();
const PASSWORD = "a long enough passphrase";
const request = (now?: Date) => ({ ip: "203.0.113.9", userAgent: null, previousToken: null, now });
const HOUR = 3_600_000;
const LINK_GONE = { kind: "gone", status: 410, message: TEAM_TEXT.invalidInvitation };
const LAST_OWNER = { kind: "conflict", status: 409, message: TEAM_TEXT.lastOwner };

describe.each(testDialects)("the team on %s", (dialect) => {
  let database: TestDatabase;
  let ownerId: string;
  const deps = () => ({ db: database.db, config });
  const actor = () => ({ staffId: ownerId, ip: "203.0.113.1" });
  const audit = (action: string) =>
    database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", action)
      .orderBy("created_at")
      .execute();
  const sessionsOf = async (staffId: string) =>
    (await database.db.selectFrom("sessions").select("id").where("user_id", "=", staffId).execute())
      .length;
  const outboxEmails = () =>
    database.db.selectFrom("outbox_messages").selectAll().where("kind", "=", "email").execute();

  async function invite(email: string, role: "owner" | "staff" = "staff", now = new Date()) {
    const result = await inviteStaff(deps(), { email, role }, actor(), now);
    if (!result.ok) throw new Error("expected an invitation");
    return result.token;
  }

  async function member(email: string, role: "owner" | "staff") {
    const token = await invite(email, role);
    const accepted = await acceptInvitation(
      deps(),
      token,
      { name: email.split("@")[0]!, password: PASSWORD },
      request(),
    );
    if (!accepted.ok) throw new Error("expected an account");
    return accepted.staffId;
  }

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    ({ id: ownerId } = await saveStaffAccount(database.db, {
      name: "Olivia Owner",
      email: "olivia@harbour.example",
      password: PASSWORD,
    }));
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("an invitation is emailed with its link; accepting it makes the account, signs it in, and the password works afterwards", async () => {
    const token = await invite("Sam@Harbour.Example ");
    const [email] = await outboxEmails();
    const payload = JSON.parse(email!.payload) as { to: string; text: string };
    expect(payload.to).toBe("sam@harbour.example");
    expect(payload.text).toContain(`https://harbour.example/admin/invite/${token}`);
    expect(payload.text).toContain("Olivia Owner has invited you");
    // Only the token's hash is stored.
    const row = await database.db
      .selectFrom("staff_invitations")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(token);
    expect(await findOpenInvitation(database.db, token)).toEqual({
      email: "sam@harbour.example",
      role: "staff",
      invitedBy: "Olivia Owner",
    });

    const accepted = await acceptInvitation(
      deps(),
      token,
      { name: "Sam Staff", password: PASSWORD },
      request(),
    );
    if (!accepted.ok) throw new Error("expected an account");
    const cookie = await sessionCookieHeader(config, accepted.token);
    const found = await findStaffSession(
      new Request("http://localhost/admin/dashboard", { headers: { cookie } }),
      deps(),
    );
    expect(found?.staff).toMatchObject({ name: "Sam Staff", role: "staff" });

    const signIn = await signInWithPassword(
      deps(),
      { email: "sam@harbour.example", password: PASSWORD },
      request(),
    );
    expect(signInOutcome(signIn)).toBe("signed-in");

    const team = await getTeam(database.db);
    expect(team.members.map((m) => [m.email, m.role, m.active])).toEqual([
      ["olivia@harbour.example", "owner", true],
      ["sam@harbour.example", "staff", true],
    ]);
    expect(team.invitations).toEqual([]);
    expect(await audit("staff.invited")).toHaveLength(1);
    expect(await audit("staff.invitation_accepted")).toMatchObject([
      { actor_id: accepted.staffId, subject_id: accepted.staffId },
    ]);
  });

  test("a used, expired, tampered or replaced link is refused and makes no account", async () => {
    const now = new Date();
    const used = await invite("used@harbour.example");
    await acceptInvitation(deps(), used, { name: "Used", password: PASSWORD }, request());
    expect(
      refusal(
        await acceptInvitation(deps(), used, { name: "Again", password: PASSWORD }, request()),
      ),
    ).toEqual(LINK_GONE);

    const old = await invite("late@harbour.example", "staff", new Date(now.getTime() - 49 * HOUR));
    expect(await findOpenInvitation(database.db, old)).toBeNull();
    expect(
      refusal(await acceptInvitation(deps(), old, { name: "Late", password: PASSWORD }, request())),
    ).toEqual(LINK_GONE);

    const real = await invite("tamper@harbour.example");
    const tampered = `${real.slice(0, -2)}${real.endsWith("AA") ? "BB" : "AA"}`;
    expect(
      refusal(
        await acceptInvitation(deps(), tampered, { name: "T", password: PASSWORD }, request()),
      ),
    ).toEqual(LINK_GONE);

    // A re-invite replaces the first link.
    const first = await invite("twice@harbour.example");
    const second = await invite("twice@harbour.example", "owner");
    expect(
      refusal(await acceptInvitation(deps(), first, { name: "T", password: PASSWORD }, request())),
    ).toEqual(LINK_GONE);
    expect(
      await acceptInvitation(deps(), second, { name: "Twice", password: PASSWORD }, request()),
    ).toMatchObject({ ok: true });

    const emails = (await getTeam(database.db)).members.map((m) => [m.email, m.role]);
    expect(emails).toEqual([
      ["olivia@harbour.example", "owner"],
      ["twice@harbour.example", "owner"],
      ["used@harbour.example", "staff"],
    ]);
    // An existing account is not invited again.
    expect(
      refusal(await inviteStaff(deps(), { email: "used@harbour.example", role: "owner" }, actor())),
    ).toEqual({
      kind: "conflict",
      status: 409,
      message: TEAM_TEXT.alreadyMember,
      fieldErrors: { email: TEAM_TEXT.alreadyMember },
    });
    // Nor is an address that is not one, sent past the form.
    expect(
      refusal(await inviteStaff(deps(), { email: "not an email", role: "staff" }, actor())),
    ).toEqual({
      kind: "malformed",
      status: 400,
      message: "Enter a valid email address",
      fieldErrors: { email: "Enter a valid email address" },
    });
  });

  test("a role change or a deactivation ends the account's sessions at once; a deactivated account cannot sign in", async () => {
    const samId = await member("sam@harbour.example", "staff");
    await staffSessionToken(database.db, config, samId, request());
    expect(await sessionsOf(samId)).toBeGreaterThan(0);

    expect(await changeStaffRole(database.db, samId, "owner", actor())).toEqual({
      ok: true,
      name: "sam",
      changed: true,
    });
    expect(await sessionsOf(samId)).toBe(0);
    expect(await audit("staff.role_changed")).toMatchObject([
      {
        actor_id: ownerId,
        subject_id: samId,
        details: JSON.stringify({ from: "staff", to: "owner" }),
      },
    ]);

    await staffSessionToken(database.db, config, samId, request());
    expect(await setStaffActive(database.db, samId, false, actor())).toMatchObject({
      ok: true,
      changed: true,
    });
    expect(await sessionsOf(samId)).toBe(0);
    expect(
      signInOutcome(
        await signInWithPassword(
          deps(),
          { email: "sam@harbour.example", password: PASSWORD },
          request(),
        ),
      ),
    ).toBe("unauthenticated");

    expect(await setStaffActive(database.db, samId, true, actor())).toMatchObject({
      ok: true,
      changed: true,
    });
    expect(
      signInOutcome(
        await signInWithPassword(
          deps(),
          { email: "sam@harbour.example", password: PASSWORD },
          request(),
        ),
      ),
    ).toBe("signed-in");
    expect(await audit("staff.deactivated")).toHaveLength(1);
    expect(await audit("staff.reactivated")).toHaveLength(1);
  });

  test("the last active owner can be neither demoted nor deactivated", async () => {
    expect(refusal(await changeStaffRole(database.db, ownerId, "staff", actor()))).toEqual(
      LAST_OWNER,
    );
    expect(refusal(await setStaffActive(database.db, ownerId, false, actor()))).toEqual(LAST_OWNER);
    // A deactivated second owner does not count.
    const otherId = await member("other@harbour.example", "owner");
    await setStaffActive(database.db, otherId, false, actor());
    expect(refusal(await changeStaffRole(database.db, ownerId, "staff", actor()))).toEqual(
      LAST_OWNER,
    );
    await setStaffActive(database.db, otherId, true, actor());
    expect(await changeStaffRole(database.db, ownerId, "staff", actor())).toMatchObject({
      ok: true,
      changed: true,
    });
    expect(refusal(await changeStaffRole(database.db, otherId, "staff", actor()))).toEqual(
      LAST_OWNER,
    );
    expect(await audit("staff.role_changed")).toHaveLength(1);
  });

  test("a change to an account that is not there, or to what it already is, changes nothing", async () => {
    const gone = { kind: "not_found", status: 404, message: TEAM_TEXT.notFound };
    expect(refusal(await changeStaffRole(database.db, "no-such-id", "owner", actor()))).toEqual(
      gone,
    );
    expect(refusal(await setStaffActive(database.db, "no-such-id", false, actor()))).toEqual(gone);
    expect(await changeStaffRole(database.db, ownerId, "owner", actor())).toEqual({
      ok: true,
      name: "Olivia Owner",
      changed: false,
    });
    expect(await audit("staff.role_changed")).toHaveLength(0);
  });

  test("an invitation whose email got an account meanwhile makes no second account", async () => {
    const token = await invite("late@harbour.example");
    await saveStaffAccount(database.db, { email: "late@harbour.example", password: PASSWORD });
    expect(
      refusal(
        await acceptInvitation(deps(), token, { name: "Late", password: PASSWORD }, request()),
      ),
    ).toEqual({ kind: "conflict", status: 409, message: TEAM_TEXT.emailTaken });
  });

  test("two owners demoting each other at the same moment leave one owner", async () => {
    const otherId = await member("other@harbour.example", "owner");
    const results = await Promise.all([
      changeStaffRole(database.db, ownerId, "staff", { staffId: otherId, ip: null }),
      changeStaffRole(database.db, otherId, "staff", { staffId: ownerId, ip: null }),
    ]);
    expect(results.map(refusal)).toHaveLength(2);
    expect(results.map(refusal)).toEqual(expect.arrayContaining(["answered ok", LAST_OWNER]));
    const owners = (await getTeam(database.db)).members.filter((m) => m.role === "owner");
    expect(owners).toHaveLength(1);
  });
});
