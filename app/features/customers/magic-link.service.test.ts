import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { loadConfig } from "~/server/config.server";
import { sessionCookie } from "~/server/session.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { findSignedInCustomer, signOutCustomer } from "./customer-session.server";
import { addBooking, addCustomer } from "./customers.test-data";
import {
  magicLinkState,
  LINKS_PER_EMAIL_PER_HOUR,
  requestMagicLink,
  requestMagicLinkForBooking,
  signInWithMagicLink,
} from "./magic-link.service.server";

const config = loadConfig({
  APP_ENV: "test",
  DATA_DIR: path.join(os.tmpdir(), "hg-customer-tests"),
  SESSION_SECRET: "c".repeat(48),
  DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  PUBLIC_URL: "https://harbour.example",
});
const NOW = new Date("2026-11-25T01:00:00.000Z");
const browser = { ip: "203.0.113.9", userAgent: "Vitest", previousToken: null };

/** The token of the link in the last magic-link email to `to`. */
async function linkTokenSentTo(database: TestDatabase, to: string) {
  const rows = await database.db
    .selectFrom("outbox_messages")
    .select(["payload", "topic"])
    .where("kind", "=", "email")
    .orderBy("created_at", "desc")
    .execute();
  const mails = rows
    .map((row) => ({
      topic: row.topic,
      ...(JSON.parse(row.payload) as { to: string; text: string }),
    }))
    .filter((mail) => mail.to === to);
  const url = /https:\/\/harbour\.example\/sign-in\/verify\?\S+/.exec(mails[0]?.text ?? "")?.[0];
  return {
    count: mails.length,
    topic: mails[0]?.topic,
    token: url ? new URL(url).searchParams.get("token") : null,
  };
}

async function cookieRequest(token: string) {
  const cookie = (await sessionCookie(config, "customer").serialize(token)).split(";")[0]!;
  return new Request("https://harbour.example/bookings", { headers: { cookie } });
}

/** The sign-in link in the last magic-link email to `to`, as its recipient would open it. */
async function linkUrlSentTo(database: TestDatabase, to: string) {
  const rows = await database.db
    .selectFrom("outbox_messages")
    .select("payload")
    .where("topic", "=", "customer.magic_link")
    .execute();
  const mail = rows
    .map((row) => JSON.parse(row.payload) as { to: string; text: string })
    .find((payload) => payload.to === to);
  const url = /https:\/\/harbour\.example\/sign-in\/verify\?\S+/.exec(mail?.text ?? "")?.[0];
  return url ? new URL(url) : null;
}

/** Presses "Email me a sign-in link" on a booking and waits for the link to be made. */
async function askForBooking(...args: Parameters<typeof requestMagicLinkForBooking>) {
  const answer = await requestMagicLinkForBooking(...args);
  if (answer.status === "sent") await answer.delivery;
  return answer.status;
}

/** Asks for a link and waits for it to be made, as the outbox would find it. */
async function ask(...args: Parameters<typeof requestMagicLink>) {
  const answer = await requestMagicLink(...args);
  if (answer.status !== "sent") return answer;
  await answer.delivery;
  const { delivery: _made, ...rest } = answer;
  return rest;
}

describe.each(testDialects)("customer sign-in by magic link on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });
  const deps = () => ({ db: database.db, config });

  test("a customer's email gets a single-use link by email; the stored token is only a hash", async () => {
    await addCustomer(database.db, { email: "olivia@example.com" });
    const answer = await ask(
      deps(),
      { email: " Olivia@Example.com " },
      { ip: browser.ip, now: NOW },
    );
    expect(answer).toEqual({ status: "sent", email: "Olivia@Example.com" });
    const sent = await linkTokenSentTo(database, "olivia@example.com");
    expect(sent).toMatchObject({ count: 1, topic: "customer.magic_link" });
    expect(sent.token).toMatch(/^[\w-]{40,}$/);
    const stored = await database.db.selectFrom("magic_link_tokens").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(sent.token);
    expect(stored[0]!.expires_at).toBe("2026-11-25T01:15:00.000Z");
  });

  test("the answer comes before the link is made, for a customer's email as for any other", async () => {
    await addCustomer(database.db, { email: "olivia@example.com" });
    for (const email of ["olivia@example.com", "stranger@example.com"]) {
      const answer = await requestMagicLink(deps(), { email }, { ip: browser.ip, now: NOW });
      if (answer.status !== "sent") throw new Error(`not sent: ${answer.status}`);
      // Still to come when the answer is ready: the link is made after it goes out.
      const made = await Promise.race([
        answer.delivery.then(() => "made"),
        Promise.resolve("still to come"),
      ]);
      expect(made).toBe("still to come");
      await answer.delivery;
    }
    expect((await linkTokenSentTo(database, "olivia@example.com")).count).toBe(1);
  });

  test("an unknown email gets the same answer, and no token and no email", async () => {
    const answer = await ask(
      deps(),
      { email: "stranger@example.com" },
      { ip: browser.ip, now: NOW },
    );
    expect(answer).toEqual({ status: "sent", email: "stranger@example.com" });
    expect(await database.db.selectFrom("magic_link_tokens").selectAll().execute()).toHaveLength(0);
    expect(await database.db.selectFrom("outbox_messages").selectAll().execute()).toHaveLength(0);
  });

  test("an email that is not an email is refused with a message beside the field", async () => {
    const answer = await ask(deps(), { email: "not-an-email" }, { ip: browser.ip, now: NOW });
    expect(answer).toMatchObject({ status: "invalid", fieldErrors: { email: expect.any(String) } });
  });

  test("opening the link signs the customer in once; a second use is refused", async () => {
    const customerId = await addCustomer(database.db, { email: "olivia@example.com" });
    await ask(deps(), { email: "olivia@example.com" }, { ip: browser.ip, now: NOW });
    const { token } = await linkTokenSentTo(database, "olivia@example.com");
    expect(await magicLinkState(database.db, token!, NOW)).toBe("open");

    const first = await signInWithMagicLink(deps(), token!, { ...browser, now: NOW });
    expect(first).toMatchObject({ status: "signed-in", customerId });
    const sessions = await database.db.selectFrom("sessions").selectAll().execute();
    expect(sessions).toMatchObject([{ kind: "customer", user_id: customerId }]);
    if (first.status !== "signed-in") throw new Error("not signed in");
    expect(await magicLinkState(database.db, token!, NOW)).toBe("gone");
    expect(await signInWithMagicLink(deps(), token!, { ...browser, now: NOW })).toEqual({
      status: "invalid",
    });
    expect(await database.db.selectFrom("sessions").selectAll().execute()).toHaveLength(1);
  });

  test("a link is valid for 15 minutes and no longer", async () => {
    await addCustomer(database.db, { email: "olivia@example.com" });
    await ask(deps(), { email: "olivia@example.com" }, { ip: browser.ip, now: NOW });
    const { token } = await linkTokenSentTo(database, "olivia@example.com");
    const late = new Date(NOW.getTime() + 15 * 60_000);
    // The expired link's page says it is gone (410), not that it never was (404).
    expect(await magicLinkState(database.db, token!, late)).toBe("gone");
    expect(await magicLinkState(database.db, `${token!.slice(0, -2)}xx`, late)).toBe("unknown");
    expect(await signInWithMagicLink(deps(), token!, { ...browser, now: late })).toEqual({
      status: "invalid",
    });
    const justInTime = new Date(NOW.getTime() + 15 * 60_000 - 1000);
    expect(
      await signInWithMagicLink(deps(), token!, { ...browser, now: justInTime }),
    ).toMatchObject({
      status: "signed-in",
    });
  });

  test("a made-up token signs nobody in", async () => {
    expect(await signInWithMagicLink(deps(), "made-up-token", { ...browser, now: NOW })).toEqual({
      status: "invalid",
    });
  });

  test("5 links an hour per email, whether or not the email is a customer's", async () => {
    await addCustomer(database.db, { email: "olivia@example.com" });
    for (const email of ["olivia@example.com", "stranger@example.com"]) {
      for (let i = 0; i < LINKS_PER_EMAIL_PER_HOUR; i++) {
        const ip = `198.51.100.${i + 1}`;
        expect(await ask(deps(), { email }, { ip, now: NOW })).toMatchObject({
          status: "sent",
        });
      }
      expect(await ask(deps(), { email }, { ip: "198.51.100.99", now: NOW })).toEqual({
        status: "limited",
      });
    }
    expect((await linkTokenSentTo(database, "olivia@example.com")).count).toBe(
      LINKS_PER_EMAIL_PER_HOUR,
    );
  });

  test("20 links an hour per address, across many emails", async () => {
    for (let i = 0; i < 20; i++) {
      expect(
        await ask(deps(), { email: `person${i}@example.com` }, { ip: browser.ip, now: NOW }),
      ).toMatchObject({ status: "sent" });
    }
    expect(
      await ask(deps(), { email: "one-more@example.com" }, { ip: browser.ip, now: NOW }),
    ).toEqual({ status: "limited" });
  });

  test("a staff session cookie never counts as a customer session, and sign-out ends the session", async () => {
    // Sessions are checked against the real clock here: the link is asked for now.
    const customerId = await addCustomer(database.db, { email: "olivia@example.com" });
    await ask(deps(), { email: "olivia@example.com" }, { ip: browser.ip });
    const { token } = await linkTokenSentTo(database, "olivia@example.com");
    const result = await signInWithMagicLink(deps(), token!, browser);
    if (result.status !== "signed-in") throw new Error("not signed in");

    const staffCookie = (await sessionCookie(config, "staff").serialize(result.token)).split(
      ";",
    )[0]!;
    const asStaffCookie = new Request("https://harbour.example/bookings", {
      headers: { cookie: staffCookie },
    });
    expect(await findSignedInCustomer(asStaffCookie, deps())).toBeNull();

    const request = await cookieRequest(result.token);
    expect(await findSignedInCustomer(request, deps())).toMatchObject({ id: customerId });
    const clear = await signOutCustomer(request, deps());
    expect(clear).toMatch(/Max-Age=0/);
    expect(await database.db.selectFrom("sessions").selectAll().execute()).toHaveLength(0);
    expect(await findSignedInCustomer(await cookieRequest(result.token), deps())).toBeNull();
  });

  describe("Email me a sign-in link, on a booking opened by its reference", () => {
    test("the link goes to the booking's own email and leads back to that booking", async () => {
      const olivia = await addCustomer(database.db, { email: "Olivia@Example.com" });
      const booking = await addBooking(database.db, { customerId: olivia, date: "2026-12-01" });
      const answer = await requestMagicLinkForBooking(deps(), booking.reference, {
        ip: browser.ip,
        now: NOW,
      });
      expect(answer).toEqual({ status: "sent", delivery: expect.any(Promise) });
      // Nothing in the answer names the email the link goes to.
      expect(JSON.stringify(answer)).not.toMatch(/olivia/i);
      if (answer.status === "sent") await answer.delivery;

      const url = await linkUrlSentTo(database, "Olivia@Example.com");
      expect(url?.searchParams.get("redirectTo")).toBe(`/bookings?ref=${booking.reference}`);
      const signedIn = await signInWithMagicLink(deps(), url!.searchParams.get("token")!, {
        ...browser,
        now: NOW,
      });
      expect(signedIn).toMatchObject({ status: "signed-in", customerId: olivia });
    });

    test("a booking without a customer gets the same answer, and no link is made", async () => {
      const booking = await addBooking(database.db, { customerId: null, date: "2026-12-01" });
      expect(await askForBooking(deps(), booking.reference, { ip: browser.ip, now: NOW })).toBe(
        "sent",
      );
      expect(await database.db.selectFrom("magic_link_tokens").selectAll().execute()).toEqual([]);
      expect(await database.db.selectFrom("outbox_messages").selectAll().execute()).toEqual([]);
    });

    test("an unknown or malformed reference opens nothing and sends nothing", async () => {
      for (const reference of [
        `BK-${"A".repeat(26)}`,
        "HG-ABCDEFGHJK",
        "olivia@example.com",
        null,
      ]) {
        expect(await askForBooking(deps(), reference, { ip: browser.ip, now: NOW })).toBe(
          "not-found",
        );
      }
      expect(await database.db.selectFrom("outbox_messages").selectAll().execute()).toEqual([]);
    });

    test("5 links an hour per booking, from any address, and the email's own count holds too", async () => {
      const olivia = await addCustomer(database.db, { email: "olivia@example.com" });
      const first = await addBooking(database.db, { customerId: olivia, date: "2026-12-01" });
      const second = await addBooking(database.db, { customerId: olivia, date: "2026-12-02" });
      const press = (reference: string, i: number) =>
        askForBooking(deps(), reference, { ip: `198.51.100.${i + 1}`, now: NOW });
      for (let i = 0; i < LINKS_PER_EMAIL_PER_HOUR - 1; i++) {
        expect(await press(first.reference, i)).toBe("sent");
      }
      // The sign-in form and the booking's button draw on one count per email.
      expect(
        await ask(deps(), { email: "olivia@example.com" }, { ip: browser.ip, now: NOW }),
      ).toMatchObject({ status: "sent" });
      expect(await press(second.reference, 50)).toBe("limited");
      expect(await press(first.reference, 51)).toBe("limited");

      const stranger = await addBooking(database.db, { customerId: null, date: "2026-12-03" });
      for (let i = 0; i < LINKS_PER_EMAIL_PER_HOUR; i++) {
        expect(await press(stranger.reference, 60 + i)).toBe("sent");
      }
      expect(await press(stranger.reference, 70)).toBe("limited");
      const later = new Date(NOW.getTime() + 2 * 60 * 60_000);
      expect(await askForBooking(deps(), stranger.reference, { ip: browser.ip, now: later })).toBe(
        "sent",
      );
    });

    test("one address may ask 20 times an hour, sign-in form and bookings together", async () => {
      for (let i = 0; i < 20; i++) {
        const booking = await addBooking(database.db, { customerId: null, date: "2026-12-01" });
        expect(await askForBooking(deps(), booking.reference, { ip: browser.ip, now: NOW })).toBe(
          "sent",
        );
      }
      expect(
        await ask(deps(), { email: "one-more@example.com" }, { ip: browser.ip, now: NOW }),
      ).toEqual({ status: "limited" });
    });
  });
});
