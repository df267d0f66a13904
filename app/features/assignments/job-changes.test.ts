import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  cancelBooking,
  rescheduleBooking,
  type BookingActor,
} from "~/features/bookings/booking-changes.service.server";
import {
  bookTestQuote,
  openDayFrom,
  MOSMAN_HOUSE,
  testQuoteRequest,
} from "~/features/bookings/bookings.test-data";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { getLeadDetails } from "~/features/leads/lead-details.service.server";
import { sha256 } from "~/lib/crypto.server";
import { formatShortDate as fmt } from "~/lib/format";
import { addDays, addHours, sydneyDate, sydneyInstant } from "~/lib/sydney-time";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { assignCleaner } from "./assignments.service.server";
import { answerOffer, viewOffer } from "./offer-answers.server";

// docs/decisions/0041-cleaners-hear-of-job-changes.md: every change to a job offered to a cleaner
// reaches them by email with their calendar entry updated or cancelled, a reschedule asks them
// again through a new link, and the lead's timeline says what happened.

const publicUrl = "https://harbourandgold.test";
const staff: BookingActor = { kind: "staff", staffUserId: "staff-1" };
const realNow = new Date();
/** A job three days ahead, at 09:00 Sydney time: far from every deadline and change window. */
const jobDate = openDayFrom(addDays(sydneyDate(realNow), 3));
const newDate = openDayFrom(addDays(jobDate, 1));

type Mail = {
  to: string;
  text: string;
  attachments?: { filename: string; content: string }[];
};

/** A calendar attachment's lines, unfolded. */
function calendarLines(mail: Mail) {
  const ics = mail.attachments?.find((file) => file.filename === "job.ics")?.content ?? "";
  return ics.replace(/\r\n[ \t]/g, "").split(/\r\n/);
}
const field = (lines: string[], name: string) =>
  lines.find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
const sequenceOf = (mail: Mail) => Number(field(calendarLines(mail), "SEQUENCE")!.split(":")[1]);

describe.each(testDialects)("a job's cleaner hears of its changes on %s", (dialect) => {
  let database: TestDatabase;
  let cleanerId: string;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    [cleanerId] = (await insertCleaners(database.db, [
      { name: "Mei Lin Chen", rating: 4.8, status: "available" },
    ])) as [string];
  });
  afterEach(async () => {
    await database.destroy();
  });

  /** A booked lead offered to Mei, who accepts it when `accept` is set. */
  async function offeredJob(accept: boolean, timeSlot = "09:00") {
    const { quote, booking } = await bookTestQuote(
      database.db,
      testQuoteRequest(1, { ...MOSMAN_HOUSE, name: "Client One" }),
      { date: jobDate, timeSlot, address: "1 Military Road", suburb: "Mosman NSW 2088" },
      { publicUrl, now: realNow },
    );
    const offered = await assignCleaner(
      database.db,
      { quoteId: quote.id, cleanerId, date: jobDate, timeSlot: timeSlot as "09:00" },
      { actor: { type: "staff", id: "staff-1" }, publicUrl, now: realNow },
    );
    if (!offered.ok) throw new Error(offered.message);
    if (accept) await answerOffer(database.db, offered.token!, "accept", { publicUrl });
    return { quote, booking, token: offered.token!, assignmentId: offered.assignmentId! };
  }

  const mails = async (topic: string) => {
    const rows = await database.db
      .selectFrom("outbox_messages")
      .select("payload")
      .where("topic", "=", topic)
      .where("kind", "=", "email")
      .execute();
    return rows.map((row) => JSON.parse(row.payload) as Mail);
  };
  const offerRow = (id: string) =>
    database.db
      .selectFrom("assignments")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const timeline = async (quoteId: string) =>
    (await getLeadDetails(database.db, quoteId))!.timeline.map((entry) => entry.title);
  const activeBookings = async () =>
    Number(
      (
        await database.db
          .selectFrom("cleaners")
          .select("active_bookings")
          .where("id", "=", cleanerId)
          .executeTakeFirstOrThrow()
      ).active_bookings,
    );

  test("the offer itself carries a tentative calendar entry, one UID per offer", async () => {
    const job = await offeredJob(false);
    const [offer] = await mails("assignment.offered");
    const lines = calendarLines(offer!);
    expect(field(lines, "UID")).toBe(`UID:${job.assignmentId}@assignments`);
    expect(field(lines, "STATUS")).toBe("STATUS:TENTATIVE");
    expect(field(lines, "SEQUENCE")).toBe("SEQUENCE:0");
    expect(field(lines, "LOCATION")).toBe("LOCATION:Mosman");
  });

  test("staff move a job the cleaner accepted: they are asked again by a new link, with a new deadline and calendar entry", async () => {
    const job = await offeredJob(true);
    expect(await activeBookings()).toBe(1);
    const now = addHours(realNow, 1);
    const moved = await rescheduleBooking(
      database.db,
      { bookingId: job.booking.id, date: newDate, timeSlot: "13:00", actor: staff },
      { publicUrl, now },
    );
    expect(moved.ok).toBe(true);

    const offer = await offerRow(job.assignmentId);
    expect(offer).toMatchObject({
      status: "pending",
      scheduled_date: newDate,
      time_slot: "13:00",
      responded_at: null,
      response_deadline: addHours(now, 12).toISOString(),
    });
    // The old link no longer answers; the emailed one opens the offer for the new date.
    expect(await viewOffer(database.db, job.token, now)).toEqual({
      state: "refused",
      reason: "unknown",
    });
    const [mail] = await mails("assignment.rescheduled");
    expect(mail!.to).toBe(`${cleanerId}@example.com`);
    expect(mail!.text).toContain("has moved to");
    const token = /\/assignments\/([\w-]+)/.exec(mail!.text)![1]!;
    expect(offer.token_hash).toBe(sha256(token));
    expect(await viewOffer(database.db, token, now)).toMatchObject({
      state: "open",
      job: { time: "1:00 PM" },
    });

    const [first] = await mails("assignment.offered");
    const lines = calendarLines(mail!);
    expect(field(lines, "METHOD")).toBe("METHOD:PUBLISH");
    expect(field(lines, "UID")).toBe(`UID:${job.assignmentId}@assignments`);
    expect(field(lines, "STATUS")).toBe("STATUS:TENTATIVE");
    expect(field(lines, "DTSTART")).toContain(
      sydneyInstant(newDate, "13:00").toISOString().replace(/[-:]/g, "").slice(0, 15),
    );
    expect(sequenceOf(mail!)).toBeGreaterThan(sequenceOf(first!));

    // Back to needing an answer: the quote leaves "assigned", the cleaner's count goes down.
    const quote = await database.db
      .selectFrom("quotes")
      .select("status")
      .where("id", "=", job.quote.id)
      .executeTakeFirstOrThrow();
    expect(quote.status).toBe("pending_payment");
    expect(await activeBookings()).toBe(0);
    const expiry = await database.db
      .selectFrom("outbox_messages")
      .select("next_attempt_at")
      .where("topic", "=", "job.assignment_expiry")
      .where("subject_id", "=", job.assignmentId)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(expiry.next_attempt_at).toBe(offer.response_deadline);

    const titles = await timeline(job.quote.id);
    expect(titles).toContain(
      `Booking moved by the staff from ${fmt(jobDate)} at 9:00 AM to ${fmt(newDate)} at 1:00 PM`,
    );
    expect(titles).toContain(`Mei Lin Chen asked again for ${fmt(newDate)} at 1:00 PM`);
    expect(titles).toContain("Email assignment.rescheduled: sending");
  });

  test("a customer moving their own booking reaches the cleaner the same way", async () => {
    const job = await offeredJob(true);
    const customerId = job.booking.customerId!;
    const moved = await rescheduleBooking(
      database.db,
      {
        bookingId: job.booking.id,
        date: newDate,
        timeSlot: "13:00",
        actor: { kind: "customer", customerId },
      },
      { publicUrl, now: addHours(realNow, 1) },
    );
    expect(moved.ok).toBe(true);
    const [mail] = await mails("assignment.rescheduled");
    expect(mail!.to).toBe(`${cleanerId}@example.com`);
    expect(await timeline(job.quote.id)).toContain(
      `Booking moved by the customer from ${fmt(jobDate)} at 9:00 AM to ${fmt(newDate)} at 1:00 PM`,
    );
  });

  test("cancelling a job tells its cleaner, cancelling their calendar entry", async () => {
    const job = await offeredJob(true);
    const cancelled = await cancelBooking(
      database.db,
      { bookingId: job.booking.id, actor: staff },
      { publicUrl, now: addHours(realNow, 1) },
    );
    expect(cancelled.ok).toBe(true);
    expect((await offerRow(job.assignmentId)).status).toBe("cancelled");

    const [mail] = await mails("assignment.cancelled");
    expect(mail!.to).toBe(`${cleanerId}@example.com`);
    expect(mail!.text).toContain("is cancelled. You do not need to go.");
    const [accepted] = await mails("assignment.confirmed");
    const lines = calendarLines(mail!);
    expect(field(lines, "METHOD")).toBe("METHOD:CANCEL");
    expect(field(lines, "STATUS")).toBe("STATUS:CANCELLED");
    expect(field(lines, "UID")).toBe(`UID:${job.assignmentId}@assignments`);
    expect(sequenceOf(mail!)).toBeGreaterThan(sequenceOf(accepted!));
    expect(await timeline(job.quote.id)).toContain(
      `Booking for ${fmt(jobDate)} at 9:00 AM cancelled by the staff`,
    );
  });

  test("moved too close to ask again, the cleaner is released and told why", async () => {
    const job = await offeredJob(true, "13:00");
    // On the day, at 7 AM, staff move the job to 8 AM: no time left for an answer.
    const now = sydneyInstant(jobDate, "07:00");
    const moved = await rescheduleBooking(
      database.db,
      { bookingId: job.booking.id, date: jobDate, timeSlot: "08:00", actor: staff },
      { publicUrl, now },
    );
    expect(moved.ok).toBe(true);
    expect((await offerRow(job.assignmentId)).status).toBe("cancelled");
    expect(await mails("assignment.rescheduled")).toEqual([]);
    const [mail] = await mails("assignment.released");
    expect(mail!.text).toContain("too soon to ask you again");
    expect(field(calendarLines(mail!), "METHOD")).toBe("METHOD:CANCEL");
    expect(await activeBookings()).toBe(0);
    expect(await timeline(job.quote.id)).toContain(
      "Mei Lin Chen released from the job: the job moved too close to ask again",
    );
  });
});
