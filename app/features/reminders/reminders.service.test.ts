import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  cancelBooking,
  rescheduleBooking,
} from "~/features/bookings/booking-changes.service.server";
import {
  bookTestQuote,
  insertTestOffer,
  testQuoteRequest,
} from "~/features/bookings/bookings.test-data";
import { saveSmsChoice } from "~/features/sms/sms.service.server";
import { updateNotificationSettings } from "~/features/settings/settings.service.server";
import type { Database } from "~/server/database";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { sendDueReminders } from "./reminders.service.server";

// docs/decisions/0075-reminders-once-per-booked-time.md and 0076-sms-beside-email.md: one
// reminder per booked time, 48 hours before, never for a cancelled clean, again for a moved one;
// a text beside it only for a number that opted in, with SMS switched on.

// Booked at 2026-12-01 11:00 in Sydney (AEDT, UTC+11) for Friday 4 December at 9:00, which is
// 2026-12-03T22:00Z: its reminder is due from 2026-12-01T22:00Z.
const bookedAt = new Date("2026-12-01T00:00:00.000Z");
const dueAt = new Date("2026-12-01T22:30:00.000Z");
const publicUrl = "https://harbourandgold.test";
const slot = {
  date: "2026-12-04",
  timeSlot: "09:00",
  address: "12 Campbell Parade, Bondi Beach",
  suburb: "Bondi Beach NSW 2026",
};
const staff = { kind: "staff" as const, staffUserId: "staff-1" };
const withoutTwilio = { publicUrl, twilio: null };
const withTwilio = {
  publicUrl,
  twilio: { accountSid: "AC0", authToken: "token", from: "+61400000000", apiUrl: "http://x" },
};

async function messages(db: Kysely<Database>, topic = "booking.reminder") {
  const rows = await db
    .selectFrom("outbox_messages")
    .select(["kind", "subject_id", "payload"])
    .where("topic", "=", topic)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({
    ...row,
    payload: JSON.parse(row.payload) as Record<string, string>,
  }));
}

function emailText(message: Awaited<ReturnType<typeof messages>>[number]) {
  if (message.kind !== "email") throw new Error("not an email");
  return message.payload as { to: string; subject: string; text: string };
}

describe.each(testDialects)("booking reminders on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const book = (n: number, phone = "0412 345 678") =>
    bookTestQuote(
      database.db,
      testQuoteRequest(n, {
        leadInfo: { name: `Client ${n}`, email: `client${n}@example.com`, phone },
      }),
      slot,
      { publicUrl, now: bookedAt },
    );

  test("a clean gets one reminder when it is due, with its details and crew", async () => {
    const { booking, quote } = await book(1);
    const job = { id: booking.id, quoteId: quote.id, date: slot.date, timeSlot: slot.timeSlot };
    const at = bookedAt.toISOString();
    await insertTestOffer(database.db, { job, cleanerId: "test-crew-1", at, status: "accepted" });

    expect(await sendDueReminders(database.db, { config: withoutTwilio, now: bookedAt })).toBe(0);
    // Two sweeps at once (two processes), then a third later: one reminder in all.
    const sent = await Promise.all([
      sendDueReminders(database.db, { config: withoutTwilio, now: dueAt }),
      sendDueReminders(database.db, { config: withoutTwilio, now: dueAt }),
    ]);
    expect(sent[0]! + sent[1]!).toBe(1);
    expect(await sendDueReminders(database.db, { config: withoutTwilio, now: dueAt })).toBe(0);

    const reminders = await messages(database.db);
    expect(reminders).toHaveLength(1);
    const email = emailText(reminders[0]!);
    expect(email.to).toBe("client1@example.com");
    expect(email.subject).toBe(`Your clean is coming up (${booking.reference})`);
    expect(email.text).toContain("Friday, 4 December 2026 at 9:00 AM");
    expect(email.text).toContain("Address: 12 Campbell Parade, Bondi Beach");
    expect(email.text).toContain("Your crew: Crew.");
    expect(email.text).toContain(
      "You can reschedule or cancel free of charge until Thu, 3 Dec 2026, 9:00 AM.",
    );
    expect(email.text).toContain(
      `Reschedule or cancel: ${publicUrl}/bookings?ref=${booking.reference}`,
    );
  });

  test("a cancelled clean gets no reminder", async () => {
    const { booking } = await book(2);
    const cancelled = await cancelBooking(
      database.db,
      { bookingId: booking.id, actor: staff },
      { publicUrl, now: bookedAt },
    );
    expect(cancelled.ok).toBe(true);
    expect(await sendDueReminders(database.db, { config: withoutTwilio, now: dueAt })).toBe(0);
    expect(await messages(database.db)).toEqual([]);
  });

  test("a moved clean gets a new reminder for its new time", async () => {
    const { booking } = await book(3);
    expect(await sendDueReminders(database.db, { config: withoutTwilio, now: dueAt })).toBe(1);
    const moved = await rescheduleBooking(
      database.db,
      { bookingId: booking.id, date: "2026-12-07", timeSlot: "10:00", actor: staff },
      { publicUrl, now: dueAt },
    );
    expect(moved.ok).toBe(true);
    // Not due yet for Monday 7 December at 10:00 (2026-12-06T23:00Z)...
    expect(await sendDueReminders(database.db, { config: withoutTwilio, now: dueAt })).toBe(0);
    // ...then due 48 hours before.
    const later = new Date("2026-12-05T00:00:00.000Z");
    expect(await sendDueReminders(database.db, { config: withoutTwilio, now: later })).toBe(1);
    const reminders = await messages(database.db);
    expect(reminders).toHaveLength(2);
    expect(emailText(reminders[1]!).text).toContain("Monday, 7 December 2026 at 10:00 AM");
  });

  test("a text goes beside the email only to a number that opted in, with SMS on", async () => {
    const optedIn = await book(4, "0412 000 004");
    const notOptedIn = await book(5, "0412 000 005");
    await saveSmsChoice(database.db, { phone: "0412 000 004", optedIn: true, source: "booking" });

    // Twilio configured but the switch off: emails only.
    expect(await sendDueReminders(database.db, { config: withTwilio, now: dueAt })).toBe(2);
    expect((await messages(database.db)).map((m) => m.kind)).toEqual(["email", "email"]);

    await database.db.deleteFrom("booking_reminders").execute();
    await database.db.deleteFrom("outbox_messages").execute();
    await updateNotificationSettings(
      database.db,
      { email: true, sms: true },
      { staffId: "staff-1", ip: null },
      bookedAt,
      withTwilio,
    );
    expect(await sendDueReminders(database.db, { config: withTwilio, now: dueAt })).toBe(2);
    const sent = await messages(database.db);
    const texts = sent.filter((m) => m.kind === "sms");
    expect(texts).toHaveLength(1);
    expect(texts[0]!.subject_id).toBe(optedIn.booking.id);
    const text = texts[0]!.payload;
    expect(text.to).toBe("+61412000004");
    expect(text.body).toContain("Reply STOP to opt out.");
    expect(sent.filter((m) => m.subject_id === notOptedIn.booking.id).map((m) => m.kind)).toEqual([
      "email",
    ]);

    // Opted out since (a STOP reply): no text next time.
    await saveSmsChoice(database.db, { phone: "+61412000004", optedIn: false, source: "reply" });
    await database.db.deleteFrom("booking_reminders").execute();
    await database.db.deleteFrom("outbox_messages").execute();
    await sendDueReminders(database.db, { config: withTwilio, now: dueAt });
    expect((await messages(database.db)).map((m) => m.kind)).toEqual(["email", "email"]);
  });
});
