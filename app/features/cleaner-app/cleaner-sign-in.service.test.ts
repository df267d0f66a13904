import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { loadConfig } from "~/server/config.server";
import {
  CUSTOMER_SESSIONS,
  STAFF_SESSIONS,
  startSession,
} from "~/features/auth/sessions.service.server";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { setCleanerStatus } from "~/features/cleaners/cleaner-profile.service.server";
import {
  signInWithMagicLink,
  requestMagicLink,
} from "~/features/customers/magic-link.service.server";
import { addCustomer } from "~/features/customers/customers.test-data";
import { sessionCookie } from "~/server/session.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { findSignedInCleaner } from "./cleaner-session.server";
import {
  cleanerLinkState,
  findCleanerOfSession,
  requestCleanerSignInLink,
  signCleanerOutEverywhere,
  signInCleaner,
} from "./cleaner-sign-in.service.server";

// docs/decisions/0063-cleaner-app-sign-in.md: a hired cleaner signs in with an emailed link
// under the customers' rules, into a session of their own kind that nothing else accepts.

const config = loadConfig({
  APP_ENV: "test",
  DATA_DIR: path.join(os.tmpdir(), "hg-cleaner-app-tests"),
  SESSION_SECRET: "c".repeat(48),
  DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  PUBLIC_URL: "https://harbour.example",
});
const NOW = new Date("2026-11-25T01:00:00.000Z");
const browser = { ip: "203.0.113.9", userAgent: "Vitest", previousToken: null };

describe.each(testDialects)("cleaners signing in to their app on %s", (dialect) => {
  let database: TestDatabase;
  const deps = () => ({ db: database.db, config });

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function cleanerLinksSent() {
    const rows = await database.db
      .selectFrom("outbox_messages")
      .select(["payload", "subject_id"])
      .where("topic", "=", "cleaner.magic_link")
      .orderBy("created_at")
      .execute();
    return rows.map((row) => {
      const payload = JSON.parse(row.payload) as { to: string; text: string };
      const url = /https:\/\/harbour\.example\/cleaner\/sign-in\/verify\?token=[\w-]+/.exec(
        payload.text,
      )?.[0];
      return { to: payload.to, token: url ? new URL(url).searchParams.get("token")! : null };
    });
  }

  async function ask(email: string, now = NOW, ip = browser.ip) {
    const result = await requestCleanerSignInLink(deps(), { email }, { ip, now });
    if (result.status === "sent") await result.delivery;
    return result;
  }

  async function cleaner(status: "available" | "offline" | "pending_review" | "suspended") {
    const [id] = (await insertCleaners(database.db, [
      { name: "Mei Lin Chen", email: `mei.${status}@example.com`, status },
    ])) as [string];
    return id;
  }

  test("a hired cleaner's link signs them in once, into a cleaner session; the hash alone is stored", async () => {
    const id = await cleaner("available");
    expect(await ask("Mei.Available@example.com")).toMatchObject({ status: "sent" });
    const [sent] = await cleanerLinksSent();
    expect(sent).toMatchObject({ to: "mei.available@example.com" });
    const stored = await database.db.selectFrom("magic_link_tokens").selectAll().execute();
    expect(stored).toMatchObject([{ cleaner_id: id, customer_id: null }]);
    expect(JSON.stringify(stored)).not.toContain(sent!.token);

    expect(await cleanerLinkState(database.db, sent!.token!, NOW)).toBe("open");
    const first = await signInCleaner(deps(), sent!.token!, { ...browser, now: NOW });
    expect(first).toMatchObject({ status: "signed-in", userId: id });
    expect(await database.db.selectFrom("sessions").selectAll().execute()).toMatchObject([
      { kind: "cleaner", user_id: id },
    ]);
    expect(await cleanerLinkState(database.db, sent!.token!, NOW)).toBe("gone");
    expect(await signInCleaner(deps(), sent!.token!, { ...browser, now: NOW })).toEqual({
      status: "invalid",
    });
  });

  test("unknown emails, applicants and suspended cleaners get the same answer and no link", async () => {
    await cleaner("pending_review");
    await cleaner("suspended");
    for (const email of [
      "nobody@example.com",
      "mei.pending_review@example.com",
      "mei.suspended@example.com",
    ]) {
      expect(await ask(email)).toEqual({ status: "sent", email, delivery: expect.any(Promise) });
    }
    expect(await cleanerLinksSent()).toEqual([]);
    expect(await database.db.selectFrom("magic_link_tokens").selectAll().execute()).toEqual([]);
  });

  test("a cleaner set offline still signs in: they are hired, only not taking jobs", async () => {
    await cleaner("offline");
    await ask("mei.offline@example.com");
    expect(await cleanerLinksSent()).toHaveLength(1);
  });

  test("a link works for 15 minutes only", async () => {
    await cleaner("available");
    await ask("mei.available@example.com");
    const [{ token }] = (await cleanerLinksSent()) as unknown as [{ token: string }];
    const late = new Date(NOW.getTime() + 15 * 60_000);
    expect(await cleanerLinkState(database.db, token, late)).toBe("gone");
    expect(await signInCleaner(deps(), token, { ...browser, now: late })).toEqual({
      status: "invalid",
    });
    const justInTime = new Date(late.getTime() - 1000);
    expect(await signInCleaner(deps(), token, { ...browser, now: justInTime })).toMatchObject({
      status: "signed-in",
    });
  });

  test("5 links an hour per email, known or not, then the limit answers", async () => {
    await cleaner("available");
    for (const email of ["mei.available@example.com", "nobody@example.com"]) {
      for (let i = 0; i < 5; i++) expect(await ask(email)).toMatchObject({ status: "sent" });
      expect(await ask(email)).toEqual({ status: "limited" });
    }
    expect(await cleanerLinksSent()).toHaveLength(5);
    const later = new Date(NOW.getTime() + 2 * 60 * 60_000);
    expect(await ask("mei.available@example.com", later)).toMatchObject({ status: "sent" });
  });

  test("a customer's link signs nobody in as a cleaner, and a cleaner's none in as a customer", async () => {
    await addCustomer(database.db, { email: "mei.available@example.com" });
    await cleaner("available");
    const customerAsk = await requestMagicLink(
      deps(),
      { email: "mei.available@example.com" },
      { ip: browser.ip, now: NOW },
    );
    if (customerAsk.status === "sent") await customerAsk.delivery;
    await ask("mei.available@example.com");
    const links = await database.db.selectFrom("magic_link_tokens").selectAll().execute();
    expect(links).toHaveLength(2);
    const [cleanerLink] = await cleanerLinksSent();
    expect(
      await signInWithMagicLink(deps(), cleanerLink!.token!, { ...browser, now: NOW }),
    ).toEqual({ status: "invalid" });
    expect(
      await signInCleaner(deps(), cleanerLink!.token!, { ...browser, now: NOW }),
    ).toMatchObject({ status: "signed-in" });
  });

  test("suspending a signed-in cleaner ends their sessions on the next request", async () => {
    const id = await cleaner("available");
    // Sessions are checked against the real clock here: the link is asked for now.
    await ask("mei.available@example.com", new Date());
    const [{ token }] = (await cleanerLinksSent()) as unknown as [{ token: string }];
    const signedIn = await signInCleaner(deps(), token, browser);
    if (signedIn.status !== "signed-in") throw new Error("not signed in");
    expect(await findCleanerOfSession(database.db, signedIn.token)).toMatchObject({ id });

    await setCleanerStatus(database.db, {
      cleanerId: id,
      to: "suspended",
      actor: { type: "staff", id: "staff-1" },
      now: new Date(),
      releaseJobs: async () => 0,
    });
    expect(await findCleanerOfSession(database.db, signedIn.token)).toBeNull();
    expect(
      await database.db.selectFrom("sessions").where("kind", "=", "cleaner").selectAll().execute(),
    ).toEqual([]);
  });

  test("a link asked for before a suspension signs nobody in after it", async () => {
    const id = await cleaner("available");
    await ask("mei.available@example.com");
    const [{ token }] = (await cleanerLinksSent()) as unknown as [{ token: string }];
    await database.db
      .updateTable("cleaners")
      .set({ status: "suspended" })
      .where("id", "=", id)
      .execute();
    expect(await signInCleaner(deps(), token, { ...browser, now: NOW })).toEqual({
      status: "invalid",
    });
    expect(await database.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
  });

  test("staff's Sign out everywhere ends every app session of the cleaner, audited", async () => {
    const id = await cleaner("available");
    for (const ip of ["203.0.113.1", "203.0.113.2"]) {
      await ask("mei.available@example.com", new Date(), ip);
    }
    const tokens: string[] = [];
    for (const { token } of await cleanerLinksSent()) {
      const signedIn = await signInCleaner(deps(), token!, browser);
      if (signedIn.status === "signed-in") tokens.push(signedIn.token);
    }
    expect(tokens).toHaveLength(2);
    expect(
      await signCleanerOutEverywhere(database.db, id, { staffId: "staff-1", ip: null }),
    ).toMatchObject({
      ok: true,
    });
    for (const token of tokens) expect(await findCleanerOfSession(database.db, token)).toBeNull();
    const audit = await database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "cleaner.signed_out_everywhere")
      .execute();
    expect(audit).toMatchObject([{ actor_type: "staff", actor_id: "staff-1", subject_id: id }]);
    expect(
      await signCleanerOutEverywhere(database.db, "no-such-cleaner", {
        staffId: "staff-1",
        ip: null,
      }),
    ).toMatchObject({ ok: false, kind: "not_found" });
  });

  test("staff and customer sessions open nothing in the app, whichever cookie carries them", async () => {
    const id = await cleaner("available");
    const staff = await startSession(deps(), STAFF_SESSIONS, id, browser, { method: "password" });
    const customer = await startSession(deps(), CUSTOMER_SESSIONS, id, browser, {
      method: "magic_link",
    });
    for (const token of [staff.token, customer.token]) {
      for (const kind of ["staff", "customer", "cleaner"] as const) {
        const cookie = (await sessionCookie(config, kind).serialize(token)).split(";")[0]!;
        const request = new Request("https://harbour.example/cleaner", { headers: { cookie } });
        expect(await findSignedInCleaner(request, deps())).toBeNull();
      }
    }
    expect(await sessionCookie(config, "cleaner").serialize("x")).toMatch(/^hg_cleaner=/);
  });
});
