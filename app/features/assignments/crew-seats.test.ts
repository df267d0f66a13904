import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  bookTestQuote,
  MOSMAN_HOUSE,
  openDayFrom,
  testQuoteRequest,
} from "~/features/bookings/bookings.test-data";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { getLeadDetails } from "~/features/leads/lead-details.service.server";
import { emailsOf, quoteOf } from "~/features/payments/payments.test-helpers";
import { addDays, sydneyDate, sydneyInstant } from "~/lib/sydney-time";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { alertUnstaffedBookings } from "./assignment-jobs.server";
import { parseForm } from "~/lib/forms";
import { ASSIGN_TEXT, AssignCleanerSchema, CREW_TEXT } from "./assignments";
import { assignCleaner } from "./assignments.service.server";
import { changeCrewSize, getCrew } from "./crew.service.server";
import { answerOffer, expireOffer } from "./offer-answers.server";

// docs/decisions/0060-crews-and-cleaner-holds.md: each seat of a crew is offered and accepted on
// its own, holds its cleaner, and counts that cleaner's share of the hours; a job is staffed
// only when every seat is accepted; staff change the crew size with a reason.

const publicUrl = "https://harbourandgold.test";
const staff = { type: "staff" as const, id: "staff-1" };
const realNow = new Date();
const jobDate = openDayFrom(addDays(sydneyDate(realNow), 3));

test("the panel's seat is optional: empty offers the next open seat", () => {
  const form = (seat: string) => {
    const data = new FormData();
    for (const [key, value] of Object.entries({ quoteId: "q", cleanerId: "c", date: jobDate })) {
      data.set(key, value);
    }
    data.set("timeSlot", "09:00");
    data.set("seat", seat);
    return parseForm(data, AssignCleanerSchema);
  };
  expect(form("")).toMatchObject({ ok: true, value: { seat: undefined } });
  expect(form("2")).toMatchObject({ ok: true, value: { seat: 2 } });
  expect(form("0")).toMatchObject({ ok: false, fieldErrors: { seat: "Choose a seat" } });
});

describe.each(testDialects)("crews and seats on %s", (dialect) => {
  let database: TestDatabase;
  let cleaners: string[];
  let quoteId: string;
  let bookingId: string;
  let hours: number;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    cleaners = await insertCleaners(database.db, [
      { name: "Mei Lin Chen", rating: 4.8, status: "available" },
      { name: "Tom Nguyen", rating: 4.2, status: "available" },
      { name: "Ana Silva", rating: 4.5, status: "available" },
    ]);
    const { quote, booking } = await bookTestQuote(
      database.db,
      testQuoteRequest(1, { ...MOSMAN_HOUSE, name: "Client Crew Smith" }),
      { date: jobDate, timeSlot: "09:00", address: "1 Military Road", suburb: "Mosman NSW 2088" },
      { publicUrl, now: realNow },
    );
    quoteId = quote.id;
    bookingId = booking.id;
    hours = quote.hours;
    const two = await resize(2, "Two-storey house, two cleaners");
    expect(two).toEqual({ ok: true, message: CREW_TEXT.changed(1, 2) });
  });
  afterEach(async () => {
    await database.destroy();
  });

  const resize = (crewSize: number, reason = "The client asked") =>
    changeCrewSize(database.db, { quoteId, crewSize, reason, actor: staff, now: realNow });
  const offer = (cleanerId: string, seat?: number) =>
    assignCleaner(
      database.db,
      { quoteId, cleanerId, date: jobDate, timeSlot: "09:00", seat },
      { actor: staff, publicUrl, now: realNow },
    );
  const answer = (token: string, reply: "accept" | "decline") =>
    answerOffer(database.db, token, reply, { publicUrl, now: realNow });
  const liveHolds = () =>
    database.db
      .selectFrom("cleaner_holds")
      .select(["cleaner_id", "seat", "assignment_id", "starts_minute", "blocked_until_minute"])
      .where("booking_id", "=", bookingId)
      .where("released_at", "is", null)
      .orderBy("seat")
      .execute();
  const staffing = async () => (await getCrew(database.db, quoteId))!.staffing;

  test("each seat is offered and accepted on its own; staffed only when both are", async () => {
    const first = await offer(cleaners[0]!);
    expect(first).toMatchObject({
      ok: true,
      message: ASSIGN_TEXT.offeredSeat("Mei Lin Chen", 1, 2),
    });
    const second = await offer(cleaners[1]!);
    expect(second).toMatchObject({
      ok: true,
      message: ASSIGN_TEXT.offeredSeat("Tom Nguyen", 2, 2),
    });
    expect(await liveHolds()).toMatchObject([
      { cleaner_id: cleaners[0], seat: 1, assignment_id: first.assignmentId },
      { cleaner_id: cleaners[1], seat: 2, assignment_id: second.assignmentId },
    ]);

    // Each cleaner's hold lasts their share of the hours plus the 30-minute travel buffer.
    const [hold] = await liveHolds();
    const held = Number(hold!.blocked_until_minute) - Number(hold!.starts_minute);
    expect(held).toBe(Math.ceil((hours / 2) * 60) + 30);

    expect(await answer(first.token!, "accept")).toMatchObject({ state: "accepted" });
    expect(await staffing()).toBe("1 of 2 cleaners");
    // One of two accepted: the quote is not yet assigned, and the open seat can still be offered.
    expect((await quoteOf(database.db, quoteId)).status).not.toBe("assigned");

    expect(await answer(second.token!, "accept")).toMatchObject({ state: "accepted" });
    expect(await staffing()).toBe("2 of 2 cleaners");
    expect((await quoteOf(database.db, quoteId)).status).toBe("assigned");
    expect(await offer(cleaners[2]!)).toMatchObject({
      ok: false,
      kind: "conflict",
      message: ASSIGN_TEXT.crewAccepted(2),
    });

    const details = await getLeadDetails(database.db, quoteId);
    expect(details!.crew!.seats.map((seat) => [seat.seat, seat.cleaner, seat.state])).toEqual([
      [1, "Mei Lin Chen", "accepted"],
      [2, "Tom Nguyen", "accepted"],
    ]);
    expect(details!.crew!.seats[0]!.offers).toMatchObject([
      { cleaner: "Mei Lin Chen", answer: "Accepted" },
    ]);
  });

  test("a crew's client hears of 'your cleaners' by first name once every seat accepts", async () => {
    const first = await offer(cleaners[0]!);
    const second = await offer(cleaners[1]!);
    await answer(first.token!, "accept");
    expect(await emailsOf(database.db, "assignment.accepted")).toEqual([]);
    await answer(second.token!, "accept");
    const intros = await emailsOf(database.db, "assignment.accepted");
    expect(intros).toHaveLength(1);
    const mail = JSON.parse(intros[0]!.payload) as { to: string; subject: string; text: string };
    expect(mail.subject).toMatch(/^Mei and Tom are your cleaners for /);
    expect(mail.text).toContain("Meet Mei and Tom, your cleaners");
    expect(mail.text).toContain("Mei is rated 4.8 out of 5");
  });

  test("a crew size change tells the cleaner whose seat went, and the others their new share", async () => {
    const first = await offer(cleaners[0]!);
    const second = await offer(cleaners[1]!);
    await answer(first.token!, "accept");
    expect(await resize(1, "The client cleared the garage themselves")).toMatchObject({ ok: true });
    const released = await emailsOf(database.db, "assignment.released");
    expect(released.map((row) => JSON.parse(row.payload) as { to: string; text: string })).toEqual([
      expect.objectContaining({
        to: `${cleaners[1]}@example.com`,
        text: expect.stringContaining(
          "The job now needs one cleaner, so your place on it has gone.",
        ),
      }),
    ]);
    const shares = await emailsOf(database.db, "assignment.share_changed");
    const whole = Math.round(hours * 100) / 100;
    expect(shares.map((row) => JSON.parse(row.payload) as { to: string; text: string })).toEqual([
      expect.objectContaining({
        to: `${cleaners[0]}@example.com`,
        text: expect.stringContaining(
          `You will now do it alone, and your share is ${whole} hours.`,
        ),
      }),
    ]);
    expect(second.ok).toBe(true);
  });

  test("the offer email and page show the cleaner's share of the hours and its pay", async () => {
    await offer(cleaners[0]!);
    const [sent] = await emailsOf(database.db, "assignment.offered");
    const mail = JSON.parse(sent!.payload) as { text: string };
    const share = Math.round((hours / 2) * 100) / 100;
    expect(mail.text).toContain(`${share} hours`);
    expect(mail.text).toContain("one of 2 cleaners");
  });

  test("a seat never has two live offers, and a cleaner never takes two seats", async () => {
    const first = await offer(cleaners[0]!, 1);
    expect(first.ok).toBe(true);
    expect(await offer(cleaners[0]!, 2)).toMatchObject({
      ok: false,
      fieldErrors: { cleanerId: ASSIGN_TEXT.notFree(ASSIGN_TEXT.alreadyOnJob(1)) },
    });
    // Seat 1 offered again to someone else: the waiting offer is withdrawn and its hold moves.
    const again = await offer(cleaners[1]!, 1);
    expect(again.ok).toBe(true);
    expect(await liveHolds()).toMatchObject([
      { cleaner_id: cleaners[1], seat: 1, assignment_id: again.assignmentId },
    ]);
    expect(await answer(first.token!, "accept")).toMatchObject({ state: "refused" });
    expect(await offer(cleaners[2]!, 3)).toMatchObject({
      ok: false,
      fieldErrors: { seat: ASSIGN_TEXT.noSuchSeat(2) },
    });
  });

  test("a decline or an expiry lets the seat's hold go; the seat is offered again", async () => {
    const first = await offer(cleaners[0]!);
    const second = await offer(cleaners[1]!);
    expect(await answer(first.token!, "decline")).toMatchObject({ state: "declined" });
    expect((await liveHolds()).map((hold) => hold.seat)).toEqual([2]);
    const expired = await expireOffer(database.db, second.assignmentId!, {
      publicUrl,
      now: new Date(realNow.getTime() + 13 * 60 * 60 * 1000),
    });
    expect(expired.status).toBe("expired");
    expect(await liveHolds()).toEqual([]);
    // The next open seat is the lowest: seat 1 again, to another cleaner.
    expect(await offer(cleaners[2]!)).toMatchObject({
      ok: true,
      message: ASSIGN_TEXT.offeredSeat("Ana Silva", 1, 2),
    });
  });

  test("the 24-hour alert says how far the crew is staffed", async () => {
    const first = await offer(cleaners[0]!);
    await answer(first.token!, "accept");
    const twoHoursBefore = new Date(sydneyInstant(jobDate, "09:00").getTime() - 2 * 60 * 60 * 1000);
    expect(await alertUnstaffedBookings(database.db, publicUrl, twoHoursBefore)).toBe(1);
    const [alert] = await emailsOf(database.db, "booking.unstaffed");
    expect((JSON.parse(alert!.payload) as { text: string }).text).toContain("1 of 2 cleaners");
  });

  test("the crew size changes with a reason: never below the accepted seats", async () => {
    const first = await offer(cleaners[0]!);
    await offer(cleaners[1]!);
    await answer(first.token!, "accept");
    // Down to one: the waiting offer on seat 2 is withdrawn with its hold; one of one is staffed.
    expect(await resize(1, "Smaller job than quoted")).toEqual({
      ok: true,
      message: CREW_TEXT.changed(2, 1),
    });
    expect(await liveHolds()).toMatchObject([{ cleaner_id: cleaners[0], seat: 1 }]);
    const [hold] = await liveHolds();
    expect(Number(hold!.blocked_until_minute) - Number(hold!.starts_minute)).toBe(
      Math.ceil(hours * 60) + 30,
    );
    expect(await staffing()).toBe("1 of 1 cleaner");
    expect((await quoteOf(database.db, quoteId)).status).toBe("assigned");

    // Up to three: two seats open again, and the quote is no longer fully staffed.
    expect((await resize(3)).ok).toBe(true);
    expect(await staffing()).toBe("1 of 3 cleaners");
    expect((await quoteOf(database.db, quoteId)).status).not.toBe("assigned");
    const second = await offer(cleaners[1]!);
    await answer(second.token!, "accept");
    expect(await resize(1)).toEqual({
      ok: false,
      kind: "conflict",
      message: CREW_TEXT.belowAccepted(2),
      fieldErrors: { crewSize: CREW_TEXT.belowAccepted(2) },
    });
    expect(await resize(3)).toMatchObject({ ok: false, message: CREW_TEXT.unchanged(3) });

    const details = await getLeadDetails(database.db, quoteId);
    const changes = details!.timeline.filter((entry) => entry.title.startsWith("Crew size"));
    expect(changes.map((entry) => [entry.title, entry.detail])).toEqual([
      [CREW_TEXT.timeline(1, 2), "Reason: Two-storey house, two cleaners"],
      [CREW_TEXT.timeline(2, 1), "Reason: Smaller job than quoted"],
      [CREW_TEXT.timeline(1, 3), "Reason: The client asked"],
    ]);
  });
});
