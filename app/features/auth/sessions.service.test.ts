import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { sha256 } from "~/lib/crypto.server";
import { readSessionToken } from "~/server/session.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { testConfig } from "./auth.test-helpers";
import {
  CUSTOMER_SESSIONS,
  STAFF_SESSIONS,
  endSession,
  findLiveSession,
  startSession,
  type SessionAudience,
} from "./sessions.service.server";

// The one session start of staff and customers: what each sign-in leaves behind (the row, the
// cookie, the audit entry), and what tells the two kinds apart.

const config = testConfig();
const NOW = new Date("2026-11-22T10:00:00.000Z");
const WEEK_SECONDS = 7 * 24 * 60 * 60;
const browser = { ip: "203.0.113.9", userAgent: "Vitest", previousToken: null, now: NOW };

const audiences: [string, SessionAudience, { cookie: string; subject: string; event: string }][] = [
  [
    "staff",
    STAFF_SESSIONS,
    { cookie: "hg_session", subject: "staff_user", event: "staff.signed_in" },
  ],
  [
    "customer",
    CUSTOMER_SESSIONS,
    { cookie: "hg_customer", subject: "customer", event: "customer.signed_in" },
  ],
];

describe.each(testDialects)("starting a session on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });
  const deps = () => ({ db: database.db, config });
  const sessions = () => database.db.selectFrom("sessions").selectAll().execute();

  test.each(audiences)(
    "a %s session: one row by the token's hash, its own cookie, one audit entry",
    async (_name, audience, expected) => {
      const started = await startSession(deps(), audience, "user-1", browser, { method: "test" });
      expect(await sessions()).toEqual([
        {
          id: sha256(started.token),
          kind: audience.kind,
          user_id: "user-1",
          created_at: NOW.toISOString(),
          last_seen_at: NOW.toISOString(),
          expires_at: "2026-11-29T10:00:00.000Z",
          ip: "203.0.113.9",
          user_agent: "Vitest",
        },
      ]);
      expect(started.cookie.startsWith(`${expected.cookie}=`)).toBe(true);
      expect(started.cookie).toContain(`Max-Age=${WEEK_SECONDS}`);
      expect(started.cookie).toContain("Path=/");
      expect(started.cookie).toContain("HttpOnly");
      expect(started.cookie).toContain("SameSite=Lax");
      expect(started.cookie).not.toContain("Secure");
      expect(started.cookie).not.toContain(started.token);
      const cookieHeader = started.cookie.split(";")[0]!;
      const request = new Request("https://harbour.example/", {
        headers: { cookie: cookieHeader },
      });
      expect(await readSessionToken(request, config, audience.kind)).toBe(started.token);

      expect(await database.db.selectFrom("audit_log").selectAll().execute()).toMatchObject([
        {
          action: expected.event,
          actor_type: audience.kind,
          actor_id: "user-1",
          subject_type: expected.subject,
          subject_id: "user-1",
          details: JSON.stringify({ method: "test" }),
          ip: "203.0.113.9",
        },
      ]);
    },
  );

  test("the cookie is Secure in production", async () => {
    const production = { db: database.db, config: { ...config, isProduction: true } };
    const started = await startSession(production, STAFF_SESSIONS, "user-1", browser, {
      method: "test",
    });
    expect(started.cookie).toContain("Secure");
  });

  test("a sign-in replaces the session the browser held, whoever's it was, and sweeps dead ones", async () => {
    const old = await startSession(deps(), CUSTOMER_SESSIONS, "someone-else", browser, {
      method: "test",
    });
    await startSession(
      deps(),
      STAFF_SESSIONS,
      "idle",
      { ...browser, now: new Date(NOW.getTime() - 13 * 3_600_000) },
      { method: "test" },
    );
    const fresh = await startSession(
      deps(),
      STAFF_SESSIONS,
      "user-1",
      { ...browser, previousToken: old.token },
      { method: "test" },
    );
    expect(fresh.token).not.toBe(old.token);
    expect((await sessions()).map((row) => row.id)).toEqual([sha256(fresh.token)]);
  });

  test("a session is found and ended only under its own kind", async () => {
    const staff = await startSession(deps(), STAFF_SESSIONS, "staff-1", browser, {
      method: "test",
    });
    const later = new Date(NOW.getTime() + 60_000);
    expect(await findLiveSession(database.db, "customer", staff.token, later)).toBeNull();
    expect(await endSession(database.db, "customer", staff.token)).toBeNull();
    expect(await findLiveSession(database.db, "staff", staff.token, later)).toMatchObject({
      user_id: "staff-1",
    });
    expect(await endSession(database.db, "staff", staff.token)).toBe("staff-1");
    expect(await sessions()).toEqual([]);
    expect(await findLiveSession(database.db, "staff", staff.token, later)).toBeNull();
  });

  test("a session idle for 12 hours is dead and deleted on sight", async () => {
    const started = await startSession(deps(), CUSTOMER_SESSIONS, "c-1", browser, {
      method: "test",
    });
    const idle = new Date(NOW.getTime() + 12 * 3_600_000);
    expect(await findLiveSession(database.db, "customer", started.token, idle)).toBeNull();
    expect(await sessions()).toEqual([]);
  });
});
