import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { loadConfig } from "~/server/config.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { confirmSignIn, submitMyBookingsForm, submitSignInRequest } from "./account-actions.server";
import { loadMyBookings } from "./account-pages.server";
import { addBooking, addCustomer } from "./customers.test-data";

// The account pages' actions as a browser reaches them: status codes, cookies and headers.

const config = loadConfig({
  APP_ENV: "test",
  DATA_DIR: path.join(os.tmpdir(), "hg-customer-tests"),
  SESSION_SECRET: "c".repeat(48),
  DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  PUBLIC_URL: "https://harbour.example",
});
const ORIGIN = "https://harbour.example";

function post(
  pathname: string,
  values: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return new Request(`${ORIGIN}${pathname}`, {
    method: "POST",
    headers: { origin: ORIGIN, ...headers },
    body: new URLSearchParams(values),
  });
}

/** What a thrown or returned React Router answer carries. */
function answer(value: unknown) {
  if (value instanceof Response)
    return { status: value.status, headers: value.headers, data: null };
  const result = value as { data: unknown; init: ResponseInit | null };
  return {
    status: result.init?.status ?? 200,
    headers: new Headers(result.init?.headers),
    data: result.data,
  };
}

async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return answer(error);
  }
  throw new Error("expected a thrown answer");
}

describe.each(testDialects)("customer account actions on %s", (dialect) => {
  let database: TestDatabase;
  const context = () => ({
    db: database.db,
    config,
    clientIp: "203.0.113.7",
    logger: pino({ level: "silent" }),
  });
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  /** Signs `email` in through the real link flow and returns the cookie a browser would send. */
  async function signIn(email: string) {
    await submitSignInRequest(post("/sign-in", { email }), context());
    // The link is made just after the answer (requestMagicLink says why).
    const row = await vi.waitFor(() =>
      database.db
        .selectFrom("outbox_messages")
        .select("payload")
        .where("topic", "=", "customer.magic_link")
        .executeTakeFirstOrThrow(),
    );
    const url = /https:\/\/\S+/.exec((JSON.parse(row.payload) as { text: string }).text)![0];
    const token = new URL(url).searchParams.get("token")!;
    const response = answer(await confirmSignIn(post("/sign-in/verify", { token }), context()));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/bookings");
    const setCookie = response.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^hg_customer=.+HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    return setCookie.split(";")[0]!;
  }

  test("a known and an unknown email get the very same answer", async () => {
    await addCustomer(database.db, { email: "olivia@example.com" });
    const known = answer(
      await submitSignInRequest(post("/sign-in", { email: "olivia@example.com" }), context()),
    );
    const unknown = answer(
      await submitSignInRequest(post("/sign-in", { email: "nobody@example.com" }), context()),
    );
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(Object.keys(known.data as object)).toEqual(Object.keys(unknown.data as object));
    expect(known.headers.get("cache-control")).toBe("private, no-store");
  });

  test("past the per-email limit the answer is 429 with a plain message", async () => {
    for (let i = 0; i < 5; i++) {
      await submitSignInRequest(post("/sign-in", { email: "olivia@example.com" }), context());
    }
    const limited = answer(
      await submitSignInRequest(post("/sign-in", { email: "olivia@example.com" }), context()),
    );
    expect(limited.status).toBe(429);
    expect(limited.data).toMatchObject({ formError: expect.stringContaining("wait") });
  });

  test("a sign-in request from another site is refused", async () => {
    const refused = await thrown(
      submitSignInRequest(
        post("/sign-in", { email: "olivia@example.com" }, { origin: "https://evil.example" }),
        context(),
      ),
    );
    expect(refused.status).toBe(403);
  });

  test("an unusable link gives 410 and no cookie", async () => {
    const used = answer(await confirmSignIn(post("/sign-in/verify", { token: "nope" }), context()));
    expect(used.status).toBe(410);
    expect(used.headers.get("set-cookie")).toBeNull();
  });

  test("another customer's booking is a 404, by id in a change or by reference in the page", async () => {
    await addCustomer(database.db, { email: "olivia@example.com" });
    const noah = await addCustomer(database.db, { email: "noah@example.com" });
    const noahs = await addBooking(database.db, { customerId: noah, date: "2027-03-01" });
    const cookie = await signIn("olivia@example.com");

    const change = await thrown(
      submitMyBookingsForm(
        post("/bookings", { intent: "cancel", bookingId: noahs.id }, { cookie }),
        context(),
      ),
    );
    expect(change.status).toBe(404);

    const signedOut = await thrown(
      submitMyBookingsForm(post("/bookings", { intent: "cancel", bookingId: noahs.id }), context()),
    );
    expect(signedOut.status).toBe(401);

    const guessed = await thrown(
      loadMyBookings(
        new Request(`${ORIGIN}/bookings?ref=HG-ABCDEFGHJK`, { headers: { cookie } }),
        context(),
      ),
    );
    expect(guessed.status).toBe(404);
    const list = answer(
      await loadMyBookings(new Request(`${ORIGIN}/bookings`, { headers: { cookie } }), context()),
    );
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    expect(list.data).toMatchObject({ view: "list", upcoming: [], past: [] });
  });

  test("a booking opened by its reference shows no address to anyone but its signed-in owner", async () => {
    const olivia = await addCustomer(database.db, { email: "olivia@example.com" });
    const booking = await addBooking(database.db, {
      customerId: olivia,
      date: "2027-03-01",
      address: "7 Secret Lane, Mosman NSW 2088",
    });
    const page = (headers: Record<string, string> = {}) =>
      loadMyBookings(
        new Request(`${ORIGIN}/bookings?ref=${booking.reference}`, { headers }),
        context(),
      ).then(answer);

    const guest = await page();
    expect(guest.data).toMatchObject({ view: "reference", owned: false });
    expect(JSON.stringify(guest.data)).not.toContain("Secret Lane");
    const owner = await page({ cookie: await signIn("olivia@example.com") });
    expect(owner.data).toMatchObject({
      view: "reference",
      owned: true,
      booking: { address: "7 Secret Lane, Mosman NSW 2088" },
    });
  });

  test("Email me a sign-in link answers the same for any booking; an unknown one is a 404", async () => {
    const olivia = await addCustomer(database.db, { email: "olivia@example.com" });
    const owned = await addBooking(database.db, { customerId: olivia, date: "2027-03-01" });
    const orphan = await addBooking(database.db, { customerId: null, date: "2027-03-02" });
    const press = (reference: string, values: Record<string, string> = {}) =>
      submitMyBookingsForm(
        post(`/bookings?ref=${reference}`, { intent: "email-sign-in-link", ...values }),
        context(),
      );
    for (const reference of [owned.reference, orphan.reference]) {
      const sent = answer(await press(reference));
      expect(sent).toMatchObject({ status: 200, data: { linkSent: true } });
      expect(sent.headers.get("cache-control")).toBe("private, no-store");
    }
    // A bot that filled the hidden field is told the same, and nothing is counted or sent.
    expect(answer(await press(orphan.reference, { website: "spam" }))).toMatchObject({
      status: 200,
      data: { linkSent: true },
    });
    expect((await thrown(press(`BK-${"Q".repeat(26)}`))).status).toBe(404);
    const crossSite = new Request(`${ORIGIN}/bookings?ref=${owned.reference}`, {
      method: "POST",
      headers: { origin: "https://evil.example" },
      body: new URLSearchParams({ intent: "email-sign-in-link" }),
    });
    expect((await thrown(submitMyBookingsForm(crossSite, context()))).status).toBe(403);
  });
});
