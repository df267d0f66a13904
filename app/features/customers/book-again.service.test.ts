import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { bookingPageFor } from "~/features/bookings/bookings.service.server";
import {
  bookTestQuote,
  openDayFrom,
  testQuoteRequest,
} from "~/features/bookings/bookings.test-data";
import {
  getBusinessProfile,
  saveBusinessProfile,
} from "~/features/settings/settings.service.server";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { bookAgain } from "./book-again.service.server";
import { BOOK_AGAIN_TEXT } from "./customer-copy";

// Book again (docs/decisions/0079-book-again.md): a past clean becomes a new quote with the same
// details and address, priced at today's rate, with the last crew's lead preferred.

const publicUrl = "https://harbourandgold.test";

describe.each(testDialects)("booking a past clean again on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  /** A clean booked a week ago for client 7 and done by its crew; answers it and the customer. */
  async function pastClean() {
    const db = database.db;
    const weekAgo = new Date(Date.now() - 8 * 86_400_000);
    const request = testQuoteRequest(7, {
      preferences: { timePreference: "morning", ecoFriendly: true },
    });
    const { quote, booking } = await bookTestQuote(
      db,
      request,
      {
        date: openDayFrom(addDays(sydneyDate(weekAgo), 1)),
        timeSlot: "09:00",
        address: "4 Campbell Parade",
        suburb: "Bondi NSW 2026",
      },
      { publicUrl, now: weekAgo },
    );
    const row = await db
      .selectFrom("bookings")
      .select(["customer_id", "scheduled_date"])
      .where("id", "=", booking.id)
      .executeTakeFirstOrThrow();
    const crewLead = await db
      .selectFrom("cleaners")
      .select("id")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("assignments")
      .values({
        id: "a-past",
        quote_id: quote.id,
        booking_id: booking.id,
        cleaner_id: crewLead.id,
        scheduled_date: row.scheduled_date,
        time_slot: "09:00",
        status: "accepted",
        response_deadline: weekAgo.toISOString(),
        token_hash: "a-past-hash",
        responded_at: weekAgo.toISOString(),
        previous_quote_status: null,
        seat: 1,
        created_at: weekAgo.toISOString(),
        updated_at: weekAgo.toISOString(),
      })
      .execute();
    await db
      .updateTable("bookings")
      .set({ status: "completed", completed_at: weekAgo.toISOString() })
      .where("id", "=", booking.id)
      .execute();
    return { quote, booking, customerId: row.customer_id!, crewLeadId: crewLead.id };
  }

  const formFor = (bookingId: string) => {
    const form = new FormData();
    form.set("bookingId", bookingId);
    return form;
  };

  test("the new quote repeats the service, space and extras, at today's rate, with the crew's lead preferred", async () => {
    const db = database.db;
    const past = await pastClean();
    const profile = await getBusinessProfile(db);
    const newRate = profile.hourlyRateCents + 1_000;
    await saveBusinessProfile(db, { ...profile, hourlyRateCents: newRate }, null);

    const again = await bookAgain(db, past.customerId, formFor(past.booking.id), { publicUrl });
    expect(again).toMatchObject({ ok: true });
    if (!again.ok) return;
    const [before, after] = await Promise.all(
      [past.quote.reference, again.quoteReference].map((reference) =>
        db
          .selectFrom("quotes")
          .selectAll()
          .where("reference", "=", reference)
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(after!.id).not.toBe(before!.id);
    expect(after).toMatchObject({
      service_type: before!.service_type,
      cleaning_level: before!.cleaning_level,
      client_email: "client7@example.com",
      estimated_hours: before!.estimated_hours,
      hourly_rate_cents: newRate,
      total_cents: Math.round(Number(before!.estimated_hours) * newRate),
      preferred_cleaner_id: past.crewLeadId,
      status: "pending",
    });
    const details = JSON.parse(after!.space_details) as Record<string, unknown>;
    expect(details).toMatchObject({
      type: "apartment",
      bedrooms: 2,
      address: "Bondi NSW 2026",
      preferences: { ecoFriendly: true },
    });

    // The booking page offers the same address to the signed-in owner, and only to them.
    const owner = await bookingPageFor(db, again.quoteReference, new Date(), "client7@example.com");
    expect(owner).toMatchObject({
      kind: "ready",
      quote: {
        street: "4 Campbell Parade",
        suburb: "Bondi NSW 2026",
        totalCents: after!.total_cents,
      },
    });
    const stranger = await bookingPageFor(db, again.quoteReference, new Date(), null);
    expect(stranger).toMatchObject({ kind: "ready", quote: { street: "" } });
  });

  test("another customer's booking, an upcoming one and a cancelled one are not booked again", async () => {
    const db = database.db;
    const past = await pastClean();
    expect(
      await bookAgain(db, "someone-else", formFor(past.booking.id), { publicUrl }),
    ).toMatchObject({ ok: false, kind: "not_found", message: BOOK_AGAIN_TEXT.notFound });
    await db
      .updateTable("bookings")
      .set({ status: "cancelled" })
      .where("id", "=", past.booking.id)
      .execute();
    expect(
      await bookAgain(db, past.customerId, formFor(past.booking.id), { publicUrl }),
    ).toMatchObject({ ok: false, kind: "conflict", message: BOOK_AGAIN_TEXT.notPast });
    const upcoming = await bookTestQuote(
      db,
      testQuoteRequest(7),
      {
        date: openDayFrom(addDays(sydneyDate(new Date()), 3)),
        timeSlot: "09:00",
        address: "4 Campbell Parade",
        suburb: "Bondi NSW 2026",
      },
      { publicUrl, now: new Date() },
    );
    expect(
      await bookAgain(db, past.customerId, formFor(upcoming.booking.id), { publicUrl }),
    ).toMatchObject({ ok: false, kind: "conflict" });
  });
});
