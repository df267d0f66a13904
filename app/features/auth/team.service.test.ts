import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { sessionCookieHeader, staffSessionToken, testConfig } from "./auth.test-helpers";
import { findStaffSession } from "./require-staff.server";
import { signInWithPassword } from "./sign-in.service.server";
import { saveStaffAccount } from "./staff-accounts.service.server";
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
    if (result.status !== "invited") throw new Error("expected an invitation");
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
    if (accepted.status !== "signed-in") throw new Error("expected an account");
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
    expect(accepted.status).toBe("signed-in");
    if (accepted.status !== "signed-in") return;
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
    expect(signIn.status).toBe("signed-in");

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
      await acceptInvitation(deps(), used, { name: "Again", password: PASSWORD }, request()),
    ).toEqual({ status: "invalid" });

    const old = await invite("late@harbour.example", "staff", new Date(now.getTime() - 49 * HOUR));
    expect(await findOpenInvitation(database.db, old)).toBeNull();
    expect(
      await acceptInvitation(deps(), old, { name: "Late", password: PASSWORD }, request()),
    ).toEqual({ status: "invalid" });

    const real = await invite("tamper@harbour.example");
    const tampered = `${real.slice(0, -2)}${real.endsWith("AA") ? "BB" : "AA"}`;
    expect(
      await acceptInvitation(deps(), tampered, { name: "T", password: PASSWORD }, request()),
    ).toEqual({ status: "invalid" });

    // A re-invite replaces the first link.
    const first = await invite("twice@harbour.example");
    const second = await invite("twice@harbour.example", "owner");
    expect(
      await acceptInvitation(deps(), first, { name: "T", password: PASSWORD }, request()),
    ).toEqual({ status: "invalid" });
    expect(
      (await acceptInvitation(deps(), second, { name: "Twice", password: PASSWORD }, request()))
        .status,
    ).toBe("signed-in");

    const emails = (await getTeam(database.db)).members.map((m) => [m.email, m.role]);
    expect(emails).toEqual([
      ["olivia@harbour.example", "owner"],
      ["twice@harbour.example", "owner"],
      ["used@harbour.example", "staff"],
    ]);
    // An existing account is not invited again.
    expect(
      await inviteStaff(deps(), { email: "used@harbour.example", role: "owner" }, actor()),
    ).toEqual({ status: "member" });
  });

  test("a role change or a deactivation ends the account's sessions at once; a deactivated account cannot sign in", async () => {
    const samId = await member("sam@harbour.example", "staff");
    await staffSessionToken(database.db, config, samId, request());
    expect(await sessionsOf(samId)).toBeGreaterThan(0);

    expect(await changeStaffRole(database.db, samId, "owner", actor())).toEqual({
      status: "changed",
      name: "sam",
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
      status: "changed",
    });
    expect(await sessionsOf(samId)).toBe(0);
    expect(
      (
        await signInWithPassword(
          deps(),
          { email: "sam@harbour.example", password: PASSWORD },
          request(),
        )
      ).status,
    ).toBe("invalid");

    expect(await setStaffActive(database.db, samId, true, actor())).toMatchObject({
      status: "changed",
    });
    expect(
      (
        await signInWithPassword(
          deps(),
          { email: "sam@harbour.example", password: PASSWORD },
          request(),
        )
      ).status,
    ).toBe("signed-in");
    expect(await audit("staff.deactivated")).toHaveLength(1);
    expect(await audit("staff.reactivated")).toHaveLength(1);
  });

  test("the last active owner can be neither demoted nor deactivated", async () => {
    expect(await changeStaffRole(database.db, ownerId, "staff", actor())).toEqual({
      status: "last-owner",
    });
    expect(await setStaffActive(database.db, ownerId, false, actor())).toEqual({
      status: "last-owner",
    });
    // A deactivated second owner does not count.
    const otherId = await member("other@harbour.example", "owner");
    await setStaffActive(database.db, otherId, false, actor());
    expect(await changeStaffRole(database.db, ownerId, "staff", actor())).toEqual({
      status: "last-owner",
    });
    await setStaffActive(database.db, otherId, true, actor());
    expect(await changeStaffRole(database.db, ownerId, "staff", actor())).toMatchObject({
      status: "changed",
    });
    expect(await changeStaffRole(database.db, otherId, "staff", actor())).toEqual({
      status: "last-owner",
    });
    expect(await audit("staff.role_changed")).toHaveLength(1);
  });

  test("two owners demoting each other at the same moment leave one owner", async () => {
    const otherId = await member("other@harbour.example", "owner");
    const results = await Promise.all([
      changeStaffRole(database.db, ownerId, "staff", { staffId: otherId, ip: null }),
      changeStaffRole(database.db, otherId, "staff", { staffId: ownerId, ip: null }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["changed", "last-owner"]);
    const owners = (await getTeam(database.db)).members.filter((m) => m.role === "owner");
    expect(owners).toHaveLength(1);
  });
});
