import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { sha256 } from "~/lib/crypto.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { sessionCookieHeader, staffSessionToken, testConfig } from "./auth.test-helpers";
import { refuseMutation, requireStaff } from "./require-staff.server";
import { saveStaffAccount } from "./staff-accounts.service.server";

const config = testConfig();
const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("location") };
    const init = (thrown as { init?: { status?: number } }).init;
    return { status: init?.status, location: null };
  }
  throw new Error("expected a refusal");
}

describe.each(testDialects)("the staff guard on %s", (dialect) => {
  let database: TestDatabase;
  let staffId: string;
  let token: string;
  const context = () => ({ db: database.db, config });
  const page = (cookie?: string, path = "/admin/quotes") =>
    new Request(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} });
  const setSession = (changes: { last_seen_at?: string; expires_at?: string }) =>
    database.db.updateTable("sessions").set(changes).where("id", "=", sha256(token)).execute();

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    ({ id: staffId } = await saveStaffAccount(database.db, {
      name: "Olivia Owner",
      email: "owner@harbour.example",
      password: "correct horse battery",
    }));
    token = await staffSessionToken(database.db, config, staffId, {
      ip: "1.2.3.4",
      userAgent: null,
      previousToken: null,
    });
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("a live session lets the request through", async () => {
    const { staff } = await requireStaff(page(await sessionCookieHeader(config, token)), context());
    expect(staff).toMatchObject({ id: staffId, name: "Olivia Owner" });
  });

  test("a page without a session goes to sign-in and comes back afterwards", async () => {
    expect(await refusal(requireStaff(page(), context()))).toEqual({
      status: 302,
      location: "/admin/login?redirectTo=%2Fadmin%2Fquotes",
    });
  });

  test("a forged or unknown cookie counts for nothing", async () => {
    const forged = `hg_session=${encodeURIComponent(btoa(JSON.stringify(token)))}`;
    expect((await refusal(requireStaff(page(forged), context()))).status).toBe(302);
    const unknown = await sessionCookieHeader(config, "a-token-nobody-was-given");
    expect((await refusal(requireStaff(page(unknown), context()))).status).toBe(302);
  });

  test("a session idle for 12 hours is refused and deleted", async () => {
    await setSession({ last_seen_at: ago(12 * HOUR + 1000) });
    const cookie = await sessionCookieHeader(config, token);
    expect((await refusal(requireStaff(page(cookie), context()))).status).toBe(302);
    expect(await database.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
  });

  test("a session past its 7 days is refused, however recently it was used", async () => {
    await setSession({ last_seen_at: ago(1000), expires_at: ago(1) });
    const cookie = await sessionCookieHeader(config, token);
    expect((await refusal(requireStaff(page(cookie), context()))).status).toBe(302);
  });

  test("last_seen_at moves on at most once a minute", async () => {
    const cookie = await sessionCookieHeader(config, token);
    const seen = () =>
      database.db
        .selectFrom("sessions")
        .select("last_seen_at")
        .executeTakeFirstOrThrow()
        .then((row) => row.last_seen_at);
    const recent = ago(30_000);
    await setSession({ last_seen_at: recent });
    await requireStaff(page(cookie), context());
    expect(await seen()).toBe(recent);
    await setSession({ last_seen_at: ago(2 * 60_000) });
    await requireStaff(page(cookie), context());
    expect(Date.now() - Date.parse(await seen())).toBeLessThan(5_000);
  });

  test("a mutation without a session gets 401, from another site 403", async () => {
    const post = (headers: Record<string, string>) =>
      new Request("http://localhost:3000/admin/settings", { method: "POST", headers });
    expect((await refusal(requireStaff(post({}), context()))).status).toBe(401);
    const cookie = await sessionCookieHeader(config, token);
    expect(
      (await refusal(requireStaff(post({ cookie, origin: "https://evil.example" }), context())))
        .status,
    ).toBe(403);
    expect(
      (await refusal(requireStaff(post({ cookie, "sec-fetch-site": "cross-site" }), context())))
        .status,
    ).toBe(403);
    const ok = await requireStaff(post({ cookie, origin: "http://localhost:3000" }), context());
    expect(ok.staff.id).toBe(staffId);
  });

  test("a page with nothing to change answers a staff member's POST with 405", async () => {
    const cookie = await sessionCookieHeader(config, token);
    const post = new Request("http://localhost:3000/admin/dashboard", {
      method: "POST",
      headers: { cookie, origin: "http://localhost:3000" },
    });
    expect((await refusal(refuseMutation(post, context(), "dashboard.view"))).status).toBe(405);
  });
});
