import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { BOOKING_MESSAGES } from "~/features/bookings/booking-messages";
import { createBooking } from "~/features/bookings/bookings.service.server";
import { addTestCrew, openDayFrom, testQuoteRequest } from "~/features/bookings/bookings.test-data";
import { createQuote, type CreatedQuote } from "~/features/quote/quote.service.server";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import type { Database } from "~/server/database";
import {
  spawnBuiltServer,
  waitUntilListening,
  type ServerProcess,
} from "../helpers/server-process";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/test-database";

// docs/decisions/0060-crews-and-cleaner-holds.md: when the last free crews of a slot are raced
// for, exactly that many bookings are made, nobody is held twice, and everyone else is told the
// slot is full: in one process on either database, and over HTTP by two app processes on one
// PostgreSQL database.

const CUSTOMERS = 100;
const CREWS = 3;
const publicUrl = "https://harbourandgold.test";
// Four bedrooms and three bathrooms, a deep clean: a job for more than one cleaner.
const bigHouse = (n: number) =>
  testQuoteRequest(n, {
    spaceDetails: { type: "house", bedrooms: 4, bathrooms: 3, address: "Mosman NSW 2088" },
  });

async function quotesFor(db: Kysely<Database>, now: Date) {
  const quotes: CreatedQuote[] = [];
  for (let n = 1; n <= CUSTOMERS; n += 1) {
    const made = await createQuote(db, bigHouse(n), { publicUrl, now });
    if (!made.ok) throw new Error(made.message);
    quotes.push(made.quote);
  }
  return quotes;
}

/** Nobody holds two overlapping jobs, and each booking holds its whole crew. */
async function expectWholeCrewsOnly(db: Kysely<Database>, crewSize: number) {
  const holds = await db
    .selectFrom("cleaner_holds")
    .select(["booking_id", "cleaner_id"])
    .where("released_at", "is", null)
    .execute();
  expect(holds).toHaveLength(CREWS * crewSize);
  expect(new Set(holds.map((h) => h.cleaner_id)).size).toBe(CREWS * crewSize);
  const bookings = await db.selectFrom("bookings").select("id").execute();
  expect(bookings).toHaveLength(CREWS);
  for (const booking of bookings) {
    expect(holds.filter((h) => h.booking_id === booking.id)).toHaveLength(crewSize);
  }
}

describe.each(testDialects)("racing for the last free crews on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test(`${CUSTOMERS} customers at once for the last ${CREWS} free crews: exactly ${CREWS} book`, async () => {
    const now = new Date("2026-12-01T00:00:00.000Z");
    const quotes = await quotesFor(database.db, now);
    const crewSize = quotes[0]!.cleaners;
    expect(crewSize).toBeGreaterThan(1);
    await addTestCrew(database.db, CREWS * crewSize);
    const slot = { date: "2026-12-02", timeSlot: "09:00", address: "1 Military Road" };
    const results = await Promise.all(
      quotes.map((quote) =>
        createBooking(
          database.db,
          { quoteReference: quote.reference, ...slot, suburb: "Mosman NSW 2088" },
          { publicUrl, now },
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(CREWS);
    for (const refused of results.filter((r) => !r.ok)) {
      expect(refused).toMatchObject({
        kind: "conflict",
        fieldErrors: { timeSlot: BOOKING_MESSAGES.slotFull },
      });
    }
    await expectWholeCrewsOnly(database.db, crewSize);
    // A hundred quotes and bookings take a while on a loaded two-core machine.
  }, 180_000);
});

// Two built servers (`npm run build` first), as docs/operations.md#scaling-out runs them, on
// PostgreSQL when TEST_DATABASE_URL is set (the database whose constraint guards a crew across
// processes; a configuration choice, as for testDialects).
const sharedDatabases = testDialects.filter((dialect) => dialect === "postgres");

describe.each(sharedDatabases)("two app processes racing for crews on %s", (dialect) => {
  let database: TestDatabase;
  let dataDir: string;
  const servers: ServerProcess[] = [];
  const urls: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    dataDir = mkdtempSync(path.join(os.tmpdir(), "hg-crew-race-"));
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      RATE_LIMITS: "off",
    };
    for (let i = 0; i < 2; i += 1) {
      const server = spawnBuiltServer(env);
      servers.push(server);
      urls.push(await waitUntilListening(server));
    }
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.cleanUp()));
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test(`${CUSTOMERS} customers over HTTP, half to each process: exactly ${CREWS} book`, async () => {
    const { db } = database;
    // Only the test's crews work: the demo seed's cleaners are taken off the rota.
    await db.updateTable("cleaners").set({ status: "offline" }).execute();
    const now = new Date();
    const quotes = await quotesFor(db, now);
    const crewSize = quotes[0]!.cleaners;
    await addTestCrew(db, CREWS * crewSize);
    // Ten days ahead, on a day open from 7am to 6pm.
    const date = openDayFrom(addDays(sydneyDate(now), 10));
    const statuses = await Promise.all(
      quotes.map(async (quote, i) => {
        const base = urls[i % 2]!;
        const response = await fetch(`${base}/booking?ref=${encodeURIComponent(quote.reference)}`, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
          body: new URLSearchParams({
            date,
            timeSlot: "09:00",
            address: "1 Military Road",
            suburb: "Mosman NSW 2088",
          }),
        });
        await response.arrayBuffer();
        const location = response.headers.get("location") ?? "";
        return response.status === 302 && location.startsWith("/booking-success")
          ? "booked"
          : String(response.status);
      }),
    );
    expect(statuses.filter((s) => s === "booked")).toHaveLength(CREWS);
    expect(statuses.filter((s) => s !== "booked")).toEqual(Array(CUSTOMERS - CREWS).fill("409"));
    const booked = await db
      .selectFrom("bookings")
      .select("id")
      .where("scheduled_date", "=", date)
      .where("time_slot", "=", "09:00")
      .where("status", "=", "confirmed")
      .where(
        "quote_id",
        "in",
        quotes.map((quote) => quote.id),
      )
      .execute();
    expect(booked).toHaveLength(CREWS);
    const holds = await db
      .selectFrom("cleaner_holds")
      .select("cleaner_id")
      .where("released_at", "is", null)
      .where(
        "booking_id",
        "in",
        booked.map((b) => b.id),
      )
      .execute();
    expect(new Set(holds.map((h) => h.cleaner_id)).size).toBe(CREWS * crewSize);
  }, 120_000);
});
