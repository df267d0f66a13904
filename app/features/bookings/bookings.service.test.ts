import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { addTestCrew, testQuoteRequest } from "./bookings.test-data";
import { createQuote } from "~/features/quote/quote.service.server";
import { ensureSuburbs } from "~/features/suburbs/suburbs.service.server";
import { nswSuburbsCsv } from "../../../tests/helpers/committed-assets";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import {
  getBusinessProfile,
  saveBusinessProfile,
} from "~/features/settings/settings.service.server";
import { BOOKING_MESSAGES } from "./booking-messages";
import { isBookingReference } from "./booking-reference";
import {
  bookingPageFor,
  createBooking,
  findBookingSummary,
  slotAvailability,
} from "./bookings.service.server";

// 2026-12-01 11:00 in Sydney (AEDT, UTC+11): tomorrow is 2026-12-02.
const now = new Date("2026-12-01T00:00:00.000Z");
const ctx = { publicUrl: "https://harbourandgold.test", now };
const noWebhookTargets = { WEBHOOK_PRODUCTION_URL: undefined, WEBHOOK_TEST_URL: undefined };

const bookingForm = {
  date: "2026-12-02",
  timeSlot: "09:00",
  address: "12 Campbell Parade",
  suburb: "Bondi NSW 2026",
};

describe.each(testDialects)("booking a quote on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    // Three cleaners free every day: three one-cleaner jobs at once
    // (docs/decisions/0060-crews-and-cleaner-holds.md).
    await addTestCrew(database.db, 3);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function newQuote(n = 1) {
    const result = await createQuote(database.db, testQuoteRequest(n), ctx);
    if (!result.ok) throw new Error(result.message);
    return result.quote;
  }

  const outbox = (subjectId: string) =>
    database.db
      .selectFrom("outbox_messages")
      .select(["kind", "topic", "payload"])
      .where("subject_id", "=", subjectId)
      .orderBy("created_at")
      .execute();

  test("a booking is stored, moves its quote, and announces itself with a webhook and an emailed invite", async () => {
    const { db } = database;
    await ensureSuburbs(db, { suburbsCsv: nswSuburbsCsv });
    const quote = await newQuote();
    const result = await createBooking(
      db,
      { quoteReference: quote.reference, ...bookingForm },
      ctx,
    );
    if (!result.ok) throw new Error(result.message);
    const { booking } = result;
    expect(isBookingReference(booking.reference)).toBe(true);

    const row = await db
      .selectFrom("bookings")
      .selectAll()
      .where("id", "=", booking.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      quote_id: quote.id,
      status: "confirmed",
      scheduled_date: "2026-12-02",
      time_slot: "09:00",
      address: "12 Campbell Parade, Bondi NSW 2026",
      suburb: "Bondi",
      postcode: "2026",
      price_cents: quote.totalCents,
      // A first booking is Bronze (docs/decisions/0047-rewards-follow-the-email.md): 5% off.
      discount_cents: Math.round(quote.totalCents! * 0.05),
    });
    expect(row.lat).toBeCloseTo(-33.89, 1);
    expect(row.lng).toBeCloseTo(151.27, 1);

    const customer = await db
      .selectFrom("customers")
      .selectAll()
      .where("id", "=", row.customer_id!)
      .executeTakeFirstOrThrow();
    expect(customer).toMatchObject({ email: "client1@example.com", name: "Client 1" });

    const storedQuote = await db
      .selectFrom("quotes")
      .select(["status", "lead_status", "scheduled_date", "customer_id"])
      .where("id", "=", quote.id)
      .executeTakeFirstOrThrow();
    expect(storedQuote).toEqual({
      status: "pending_payment",
      lead_status: "qualified",
      scheduled_date: "2026-12-02",
      customer_id: customer.id,
    });
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "subject_id", "details"])
      .where("subject_id", "in", [quote.id, booking.id])
      .orderBy("action")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["booking.created", "quote.status_changed"]);
    expect(JSON.parse(audit[1]!.details!)).toMatchObject({
      from: { status: "pending", leadStatus: "new" },
      to: { status: "pending_payment", leadStatus: "qualified" },
    });

    const messages = await outbox(booking.id);
    const webhook = messages.find((m) => m.kind === "webhook")!;
    expect(webhook.topic).toBe("booking.confirmed");
    expect(JSON.parse(webhook.payload).body).toEqual({
      booking: {
        quoteId: quote.id,
        clientName: "Client 1",
        clientEmail: "client1@example.com",
        clientPhone: "0412 345 678",
        serviceType: "residential",
        scheduledDate: "2026-12-02",
        scheduledTime: "09:00",
        address: "12 Campbell Parade, Bondi NSW 2026",
        status: "confirmed",
      },
    });
    const emails = messages.filter((m) => m.kind === "email").map((m) => JSON.parse(m.payload));
    const confirmation = emails.find((e) => e.to === "client1@example.com");
    expect(confirmation.subject).toContain("Your booking is confirmed");
    expect(confirmation.text).toContain(`/booking-success?ref=${booking.reference}`);
    expect(confirmation.attachments[0]).toMatchObject({ filename: "booking.ics" });
    expect(confirmation.attachments[0].content).toContain("BEGIN:VEVENT");
    expect(confirmation.attachments[0].content).toContain("DTSTART:20261201T220000Z");
  });

  test("today and past dates are refused on the server; tomorrow in Sydney is accepted", async () => {
    const quote = await newQuote();
    for (const date of ["2026-12-01", "2026-11-30", "2025-01-01"]) {
      const result = await createBooking(
        database.db,
        { quoteReference: quote.reference, ...bookingForm, date },
        ctx,
      );
      expect(result).toMatchObject({
        ok: false,
        kind: "invalid",
        fieldErrors: { date: BOOKING_MESSAGES.dateTooEarly },
      });
    }
    // 23:30 in Sydney on 1 December is still 1 December: the 2nd is tomorrow.
    const lateEvening = new Date("2026-12-01T12:30:00.000Z");
    const result = await createBooking(
      database.db,
      { quoteReference: quote.reference, ...bookingForm },
      { ...ctx, now: lateEvening },
    );
    expect(result.ok).toBe(true);
  });

  test("each missing field gets its own message and nothing is stored", async () => {
    const quote = await newQuote();
    const result = await createBooking(
      database.db,
      { quoteReference: quote.reference, date: "", timeSlot: "12:00", address: " ", suburb: "" },
      ctx,
    );
    expect(result).toMatchObject({
      ok: false,
      kind: "invalid",
      fieldErrors: {
        date: BOOKING_MESSAGES.dateRequired,
        timeSlot: BOOKING_MESSAGES.timeRequired,
        address: BOOKING_MESSAGES.addressRequired,
        suburb: BOOKING_MESSAGES.suburbRequired,
      },
    });
    expect(await database.db.selectFrom("bookings").select("id").execute()).toEqual([]);
  });

  test("an unknown quote is refused, and a booked quote leads to its booking", async () => {
    const missing = await createBooking(
      database.db,
      { quoteReference: "HG-ABCDEFGHJK", ...bookingForm },
      ctx,
    );
    expect(missing).toMatchObject({ ok: false, kind: "not_found" });

    const quote = await newQuote();
    const first = await createBooking(
      database.db,
      { quoteReference: quote.reference, ...bookingForm },
      ctx,
    );
    if (!first.ok) throw new Error(first.message);
    const again = await createBooking(
      database.db,
      { quoteReference: quote.reference, ...bookingForm, timeSlot: "10:00" },
      ctx,
    );
    // The quote's reference says the quote is booked and names nothing more: the booking's own
    // reference unlocks the booking, and the quote's travels in emails, webhooks and invoices.
    expect(again).toEqual({
      ok: false,
      kind: "conflict",
      message: BOOKING_MESSAGES.alreadyBooked,
    });
    expect(await bookingPageFor(database.db, quote.reference, now)).toEqual({ kind: "booked" });
    expect(JSON.stringify(again)).not.toContain(first.booking.reference);
  });

  test("a double submit of one quote stores one booking", async () => {
    const quote = await newQuote();
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        createBooking(database.db, { quoteReference: quote.reference, ...bookingForm }, ctx),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const rows = await database.db.selectFrom("bookings").select("id").execute();
    expect(rows).toHaveLength(1);
    expect(await liveHolds()).toHaveLength(1);
  });

  const liveHolds = () =>
    database.db
      .selectFrom("cleaner_holds")
      .select(["booking_id", "cleaner_id", "seat"])
      .where("released_at", "is", null)
      .execute();

  test("a booking holds the crew its estimate gives, and none when the crew cannot be filled", async () => {
    const { db } = database;
    // Four bedrooms, three bathrooms, a deep clean: more hours than one cleaner does in a visit.
    const big = await createQuote(
      db,
      testQuoteRequest(1, {
        spaceDetails: { type: "house", bedrooms: 4, bathrooms: 3, address: "Bondi NSW 2026" },
      }),
      ctx,
    );
    if (!big.ok) throw new Error(big.message);
    expect(big.quote.cleaners).toBeGreaterThan(1);
    const result = await createBooking(
      db,
      { quoteReference: big.quote.reference, ...bookingForm },
      ctx,
    );
    if (!result.ok) throw new Error(result.message);
    const held = await liveHolds();
    expect(held.map((h) => h.seat).sort()).toEqual(
      Array.from({ length: big.quote.cleaners }, (_, i) => i + 1),
    );
    expect(new Set(held.map((h) => h.cleaner_id)).size).toBe(big.quote.cleaners);

    // The crew's cleaners are taken at 9:00: a second job of the same size finds too few free.
    const second = await createQuote(
      db,
      testQuoteRequest(2, {
        spaceDetails: { type: "house", bedrooms: 4, bathrooms: 3, address: "Bondi NSW 2026" },
      }),
      ctx,
    );
    if (!second.ok) throw new Error(second.message);
    const refused = await createBooking(
      db,
      { quoteReference: second.quote.reference, ...bookingForm },
      ctx,
    );
    expect(refused).toMatchObject({
      ok: false,
      kind: "conflict",
      fieldErrors: { timeSlot: BOOKING_MESSAGES.slotFull },
    });
    expect(await liveHolds()).toHaveLength(big.quote.cleaners);
  });

  test("a race for one slot books as many as there are free cleaners; the rest are told it is full", async () => {
    const quotes = [];
    for (let n = 0; n < 12; n++) quotes.push(await newQuote(n));
    const results = await Promise.all(
      quotes.map((quote) =>
        createBooking(database.db, { quoteReference: quote.reference, ...bookingForm }, ctx),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toHaveLength(9);
    for (const result of refused) {
      expect(result).toMatchObject({
        kind: "conflict",
        message: BOOKING_MESSAGES.slotFull,
        fieldErrors: { timeSlot: BOOKING_MESSAGES.slotFull },
      });
    }
    const stored = await database.db
      .selectFrom("bookings")
      .select("quote_id")
      .where("scheduled_date", "=", "2026-12-02")
      .where("time_slot", "=", "09:00")
      .execute();
    expect(stored).toHaveLength(3);
    const held = await liveHolds();
    expect(held).toHaveLength(3);
    expect(new Set(held.map((h) => h.cleaner_id)).size).toBe(3);
    // The refused quotes stay pending, with no outbox message about a booking.
    const pending = await database.db
      .selectFrom("quotes")
      .select("id")
      .where("status", "=", "pending")
      .execute();
    expect(pending).toHaveLength(9);

    // Asked by a quote that lost the race (which ones win is up to the database).
    const loser = quotes[results.findIndex((result) => !result.ok)]!;
    const day = await slotAvailability(database.db, loser.reference, "2026-12-02", now);
    expect(day?.slots.find((s) => s.slot === "09:00")).toEqual({ slot: "09:00", full: true });
    // Every slot whose clean would overlap 9:00 plus its time on site and the 30-minute travel
    // buffer is full too; the ones after it are free.
    const blockedUntil = 9 * 60 + Math.ceil(loser.hours * 60) + 30;
    for (const { slot, full } of day?.slots ?? []) {
      const [h = 0, m = 0] = slot.split(":").map(Number);
      const start = h * 60 + m;
      expect(full).toBe(start < blockedUntil && start + Math.ceil(loser.hours * 60) + 30 > 9 * 60);
    }
  });

  test("a Sunday, a closed date and a clean running past closing are refused beside their field", async () => {
    const { db } = database;
    const quote = await newQuote();
    const profile = await getBusinessProfile(db);
    await saveBusinessProfile(
      db,
      { ...profile, closedDates: [{ date: "2026-12-25", label: "Christmas Day" }] },
      null,
    );
    const book = (date: string, timeSlot: string) =>
      createBooking(db, { quoteReference: quote.reference, ...bookingForm, date, timeSlot }, ctx);

    // 2026-12-06 is a Sunday; the business is closed on Sundays by default.
    expect(await book("2026-12-06", "09:00")).toMatchObject({
      ok: false,
      fieldErrors: { date: BOOKING_MESSAGES.closedWeekday("Sunday") },
    });
    expect(await book("2026-12-25", "09:00")).toMatchObject({
      ok: false,
      fieldErrors: { date: BOOKING_MESSAGES.closedDate("Christmas Day") },
    });
    // The deep clean of a 2-bedroom apartment takes longer than the two hours left after 4 pm.
    const late = await book("2026-12-02", "16:00");
    expect(late).toMatchObject({ ok: false, kind: "invalid" });
    expect(late.ok ? null : late.fieldErrors?.timeSlot).toMatch(/^This clean takes about/);
    expect(await db.selectFrom("bookings").select("id").execute()).toEqual([]);

    const sunday = await slotAvailability(db, quote.reference, "2026-12-06", now);
    expect(sunday).toEqual({ slots: [], closed: BOOKING_MESSAGES.closedWeekday("Sunday") });
    const christmas = await slotAvailability(db, quote.reference, "2026-12-25", now);
    expect(christmas?.slots).toEqual([]);
    const wednesday = await slotAvailability(db, quote.reference, "2026-12-02", now);
    expect(wednesday?.slots.map((s) => s.slot)).not.toContain("16:00");
    expect(wednesday?.slots[0]).toEqual({ slot: "08:00", full: false });
  });

  test("malformed booking data is refused with the spec's message", async () => {
    const quote = await newQuote();
    await database.db
      .updateTable("quotes")
      .set({ client_email: "not an email" })
      .where("id", "=", quote.id)
      .execute();
    const result = await createBooking(
      database.db,
      { quoteReference: quote.reference, ...bookingForm },
      ctx,
    );
    expect(result).toEqual({
      ok: false,
      kind: "invalid",
      message: "Invalid booking data format",
    });
    expect(await liveHolds()).toEqual([]);
  });

  test("the success page's summary shows the booking, and says nothing of webhooks without a target", async () => {
    const quote = await newQuote();
    const result = await createBooking(
      database.db,
      { quoteReference: quote.reference, ...bookingForm, discountCents: 1000 },
      ctx,
    );
    if (!result.ok) throw new Error(result.message);
    const summary = await findBookingSummary(
      database.db,
      result.booking.reference,
      noWebhookTargets,
    );
    expect(summary).toMatchObject({
      reference: result.booking.reference,
      service: "Residential cleaning, Deep Clean",
      date: "2026-12-02",
      timeSlot: "09:00",
      priceCents: quote.totalCents,
      discountCents: 1000,
      notification: "done",
    });
    const withTarget = await findBookingSummary(database.db, result.booking.reference, {
      WEBHOOK_PRODUCTION_URL: "https://automation.example/hook",
      WEBHOOK_TEST_URL: undefined,
    });
    expect(withTarget?.notification).toBe("sending");
    expect(await findBookingSummary(database.db, "BK-NOPE", noWebhookTargets)).toBeNull();
  });

  async function payFor(bookingReference: string, cents: number) {
    const row = await database.db
      .selectFrom("bookings")
      .select(["id", "quote_id", "customer_id"])
      .where("reference", "=", bookingReference)
      .executeTakeFirstOrThrow();
    const at = now.toISOString();
    await database.db
      .insertInto("payments")
      .values({
        id: `pay-${bookingReference}`,
        quote_id: row.quote_id,
        booking_id: row.id,
        amount_cents: cents,
        payment_method: "card",
        provider: "test",
        status: "paid",
        created_at: at,
        updated_at: at,
        idempotency_key: `booking:${row.id}`,
      })
      .execute();
    return row.customer_id!;
  }

  test("a guest's first booking is Bronze, 5% off, without anyone signing in", async () => {
    const quote = await newQuote(1);
    const result = await createBooking(
      database.db,
      { quoteReference: quote.reference, ...bookingForm },
      ctx,
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.booking).toMatchObject({
      priceCents: quote.totalCents,
      discountCents: Math.round(quote.totalCents! * 0.05),
    });
    expect(
      await findBookingSummary(database.db, result.booking.reference, noWebhookTargets),
    ).toMatchObject({ discountCents: Math.round(quote.totalCents! * 0.05) });
  });

  test("a guest booking gets the tier of its email: $1,000 paid before makes it Silver, 10% off", async () => {
    const first = await createBooking(
      database.db,
      { quoteReference: (await newQuote(1)).reference, ...bookingForm },
      ctx,
    );
    if (!first.ok) throw new Error(first.message);
    await payFor(first.booking.reference, 100_000);
    // The same email, in other letters' case, with nobody signed in.
    const again = await createQuote(
      database.db,
      testQuoteRequest(1, {
        leadInfo: { name: "Client 1", email: "CLIENT1@example.com", phone: "0412 345 678" },
      }),
      ctx,
    );
    if (!again.ok) throw new Error(again.message);
    const second = await createBooking(
      database.db,
      { quoteReference: again.quote.reference, ...bookingForm, timeSlot: "10:00" },
      ctx,
    );
    if (!second.ok) throw new Error(second.message);
    expect(second.booking.customerId).toBe(first.booking.customerId);
    expect(second.booking.discountCents).toBe(Math.round(again.quote.totalCents! * 0.1));
    // Another email books at its own tier: Bronze.
    const theirs = await createBooking(
      database.db,
      { quoteReference: (await newQuote(2)).reference, ...bookingForm, timeSlot: "11:00" },
      ctx,
    );
    if (!theirs.ok) throw new Error(theirs.message);
    expect(theirs.booking.discountCents).toBe(Math.round(theirs.booking.priceCents * 0.05));
  });

  test("the booking page shows a stranger only the Bronze floor, and the signed-in owner their tier", async () => {
    const first = await createBooking(
      database.db,
      { quoteReference: (await newQuote(1)).reference, ...bookingForm },
      ctx,
    );
    if (!first.ok) throw new Error(first.message);
    await payFor(first.booking.reference, 100_000);
    const quote = await newQuote(1);
    const floor = {
      exact: false,
      tierName: "Bronze",
      discountPercent: 5,
      discountCents: Math.round(quote.totalCents! * 0.05),
    };
    expect(await bookingPageFor(database.db, quote.reference, now)).toMatchObject({
      quote: { rewards: floor },
    });
    expect(
      await bookingPageFor(database.db, quote.reference, now, "someone@example.com"),
    ).toMatchObject({ quote: { rewards: floor } });
    expect(
      await bookingPageFor(database.db, quote.reference, now, "client1@example.com"),
    ).toMatchObject({
      quote: {
        rewards: {
          exact: true,
          tierName: "Silver",
          discountPercent: 10,
          toPayCents: quote.totalCents! - Math.round(quote.totalCents! * 0.1),
        },
      },
    });
  });
});
