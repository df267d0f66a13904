import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  getStaffSignInPolicy,
  updateStaffSignInPolicy,
} from "~/features/settings/staff-sign-in.service.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { sessionCookieHeader, staffSessionToken, testConfig } from "./auth.test-helpers";
import { requirePermission } from "./require-staff.server";
import { saveStaffAccount } from "./staff-accounts.service.server";
import { TWO_FACTOR_SETUP_PATH } from "./two-factor";

// docs/decisions/0045-password-changes-and-resets.md: "Require two-factor sign-in".

const config = testConfig();
const SITE = "https://harbour.example";

async function outcome(promise: Promise<unknown>) {
  try {
    await promise;
    return { status: 200, location: null };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("location") };
    const init = (thrown as { init?: { status?: number } }).init;
    return { status: init?.status, location: null };
  }
}

describe.each(testDialects)("requiring two-factor sign-in on %s", (dialect) => {
  let database: TestDatabase;
  let ownerId: string;
  let cookie: string;
  const context = () => ({ db: database.db, config });
  const get = (path: string) => new Request(`${SITE}${path}`, { headers: { cookie } });
  const post = (path: string) =>
    new Request(`${SITE}${path}`, { method: "POST", headers: { cookie, origin: SITE } });
  const require = async (request: Request, permission: "leads.view" | "account.manage") =>
    outcome(requirePermission(request, context(), permission));
  const turn = (requireTwoFactor: boolean) =>
    updateStaffSignInPolicy(database.db, { requireTwoFactor }, { staffId: ownerId, ip: null });

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    ({ id: ownerId } = await saveStaffAccount(database.db, {
      name: "Olivia Owner",
      email: "owner@harbour.example",
      password: "correct horse battery",
    }));
    cookie = await sessionCookieHeader(
      config,
      await staffSessionToken(database.db, config, ownerId),
    );
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("off by default: a member without two-factor opens every page", async () => {
    expect(await getStaffSignInPolicy(database.db)).toEqual({ requireTwoFactor: false });
    expect(await require(get("/admin/quotes"), "leads.view")).toEqual({
      status: 200,
      location: null,
    });
  });

  test("on: a member without two-factor is sent to set it up, posts elsewhere are refused, Your account still works", async () => {
    await turn(true);
    expect(await require(get("/admin/quotes"), "leads.view")).toEqual({
      status: 302,
      location: TWO_FACTOR_SETUP_PATH,
    });
    expect((await require(post("/admin/quotes"), "leads.view")).status).toBe(403);
    expect((await require(get("/admin/account"), "account.manage")).status).toBe(200);
    expect((await require(post("/admin/account"), "account.manage")).status).toBe(200);
  });

  test("on: a member with two-factor is let through", async () => {
    await turn(true);
    await database.db
      .updateTable("staff_users")
      .set({ totp_enabled: 1 })
      .where("id", "=", ownerId)
      .execute();
    expect((await require(get("/admin/quotes"), "leads.view")).status).toBe(200);
  });

  test("each change is audited with what it was and became; saving the same value writes nothing", async () => {
    expect(await turn(true)).toBe(true);
    expect(await turn(true)).toBe(false);
    expect(await turn(false)).toBe(true);
    const rows = await database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "settings.staff_sign_in_updated")
      .orderBy("created_at")
      .execute();
    expect(rows.map((row) => JSON.parse(row.details!) as unknown)).toEqual([
      { from: { requireTwoFactor: false }, to: { requireTwoFactor: true } },
      { from: { requireTwoFactor: true }, to: { requireTwoFactor: false } },
    ]);
    expect(rows[0]).toMatchObject({ actor_type: "staff", actor_id: ownerId });
  });
});
