import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  bookTestQuote,
  ensureTestCrewFree,
  testQuoteRequest,
} from "~/features/bookings/bookings.test-data";
import { createBooking } from "~/features/bookings/bookings.service.server";
import { createQuote } from "~/features/quote/quote.service.server";
import type { Database } from "~/server/database";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import {
  followUpConversion,
  followUpCounts,
  readStopLink,
  sendDueFollowUps,
  stopFollowUps,
} from "./follow-ups.service.server";
import { stopToken } from "./stop-link.server";

// docs/decisions/0077-quote-follow-ups.md: a quote not booked after 2 days gets a follow-up, a
// second 2 days later, and never a third; never once booked, cancelled or stopped.

const quotedAt = new Date("2026-12-01T00:00:00.000Z");
const publicUrl = "https://harbourandgold.test";
const config = { publicUrl, sessionSecret: "a-session-secret-of-at-least-32-characters" };
const daysLater = (days: number, hours = 1) =>
  new Date(quotedAt.getTime() + (days * 24 + hours) * 3_600_000);

async function followUpEmails(db: Kysely<Database>) {
  const rows = await db
    .selectFrom("outbox_messages")
    .select(["subject_id", "payload"])
    .where("topic", "=", "quote.follow_up")
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({
    quoteId: row.subject_id,
    ...(JSON.parse(row.payload) as { to: string; subject: string; text: string }),
  }));
}

describe.each(testDialects)("quote follow-ups on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function quote(n: number, at = quotedAt) {
    const made = await createQuote(database.db, testQuoteRequest(n), { publicUrl, now: at });
    if (!made.ok) throw new Error(made.message);
    return made.quote;
  }
  const sweep = (now: Date) => sendDueFollowUps(database.db, { config, now });

  test("an unbooked quote gets one follow-up after 2 days, a second after 4, then none", async () => {
    const { id, reference } = await quote(1);
    expect(await sweep(daysLater(1))).toBe(0);
    const sweeps = await Promise.all([sweep(daysLater(2)), sweep(daysLater(2))]);
    expect(sweeps[0]! + sweeps[1]!).toBe(1);
    expect(await sweep(daysLater(3))).toBe(0);
    expect(await sweep(daysLater(4, 2))).toBe(1);
    expect(await sweep(daysLater(6, 3))).toBe(0);
    expect(await sweep(daysLater(9))).toBe(0);

    const emails = await followUpEmails(database.db);
    expect(emails).toHaveLength(2);
    const [first] = emails;
    expect(first!.to).toBe("client1@example.com");
    expect(first!.subject).toBe(`Your quote ${reference} is still here`);
    expect(first!.text).toContain(`Book this clean: ${publicUrl}/booking?ref=${reference}`);
    expect(first!.text).toMatch(/\$\d[\d,]*\.\d\d \(AUD, GST included\)/);
    expect(first!.text).toContain(
      `${publicUrl}/quote-follow-ups/stop/${encodeURIComponent(stopToken(config.sessionSecret, id))}`,
    );
    expect((await followUpCounts(database.db, [id])).get(id)).toBe(2);
  });

  test("never to a quote that was booked, cancelled or stopped", async () => {
    const booked = await bookTestQuote(
      database.db,
      testQuoteRequest(2),
      { date: "2026-12-04", timeSlot: "09:00", address: "1 Bay St", suburb: "Bondi NSW 2026" },
      { publicUrl, now: quotedAt },
    );
    const lost = await quote(3);
    await database.db
      .updateTable("quotes")
      .set({ status: "cancelled", lead_status: "lost" })
      .where("id", "=", lost.id)
      .execute();
    const stopped = await quote(4);
    const token = stopToken(config.sessionSecret, stopped.id);
    expect(await readStopLink(database.db, token, config)).toEqual({
      ok: true,
      reference: stopped.reference,
      stopped: false,
    });
    expect(await stopFollowUps(database.db, token, config, quotedAt)).toEqual({
      ok: true,
      reference: stopped.reference,
    });
    // The same person quoted, then booked again under a later quote: the first is not chased.
    const earlier = await quote(5);
    await bookTestQuote(
      database.db,
      testQuoteRequest(5),
      { date: "2026-12-04", timeSlot: "13:00", address: "5 Bay St", suburb: "Bondi NSW 2026" },
      { publicUrl, now: daysLater(1) },
    );

    expect(await sweep(daysLater(2, 2))).toBe(0);
    expect(await followUpEmails(database.db)).toEqual([]);
    expect(await followUpCounts(database.db, [booked.quote.id, lost.id, earlier.id])).toEqual(
      new Map(),
    );
    expect(await readStopLink(database.db, token, config)).toMatchObject({ stopped: true });
  });

  test("a stop link made by anyone else is refused", async () => {
    const { id } = await quote(6);
    const forged = `${id}.${"A".repeat(43)}`;
    const refused = await stopFollowUps(database.db, forged, config);
    expect(refused).toMatchObject({ ok: false, kind: "not_found" });
    expect(await readStopLink(database.db, "not-a-token", config)).toMatchObject({
      ok: false,
      kind: "not_found",
    });
    expect(await sweep(daysLater(2))).toBe(1);
  });

  test("the dashboard's conversion counts followed-up quotes that were booked", async () => {
    const later = await quote(7);
    await quote(8);
    expect(await sweep(daysLater(2))).toBe(2);
    const slot = { date: "2026-12-07", timeSlot: "09:00" };
    await ensureTestCrewFree(
      database.db,
      slot,
      { hours: later.hours, cleaners: later.cleaners },
      quotedAt,
    );
    const booking = await createBooking(
      database.db,
      { quoteReference: later.reference, ...slot, address: "7 Bay St", suburb: "Bondi NSW 2026" },
      { publicUrl, now: daysLater(3) },
    );
    expect(booking.ok).toBe(true);
    const period = { from: quotedAt, to: daysLater(10) };
    expect(await followUpConversion(database.db, period)).toEqual({
      followedUp: 2,
      booked: 1,
      conversionRate: 50,
    });
  });
});
