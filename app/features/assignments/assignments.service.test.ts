import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  bookTestQuote,
  MOSMAN_HOUSE,
  openDayFrom,
  TEST_CREW_PREFIX,
  testQuoteRequest,
} from "~/features/bookings/bookings.test-data";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { addTestLead } from "~/features/leads/leads.test-data";
import { emailsOf, quoteOf } from "~/features/payments/payments.test-helpers";
import { sha256 } from "~/lib/crypto.server";
import { addDays, addHours, sydneyDate, sydneyInstant } from "~/lib/sydney-time";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { alertUnstaffedBookings } from "./assignment-jobs.server";
import { ASSIGN_TEXT } from "./assignments";
import { assignCleaner, getAssignOptions } from "./assignments.service.server";
import { answerOffer, viewOffer } from "./offer-answers.server";

// docs/decisions/0013-cleaner-assignments.md and 0027-lead-lifecycle.md: an offer is made,
// answered once through its link, or expires; overlapping jobs and late offers are refused.

const publicUrl = "https://harbourandgold.test";
const HOUR = 60 * 60 * 1000;
const staff = { type: "staff" as const, id: "staff-1" };
const realNow = new Date();
/** A job three days ahead, at 09:00 Sydney time: far from every deadline cap. */
const jobDate = openDayFrom(addDays(sydneyDate(realNow), 3));

/** "13:00" for a job from 9 lasting 4 hours. */
function clockAfter(startHour: number, hours: number) {
  const minutes = (startHour + hours) * 60;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

describe.each(testDialects)("cleaner assignments on %s", (dialect) => {
  let database: TestDatabase;
  let cleaners: string[];

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    cleaners = await insertCleaners(database.db, [
      { name: "Mei Lin Chen", rating: 4.8, status: "available" },
      { name: "Tom Nguyen", rating: 4.2, status: "busy" },
      { name: "Ola Offline", rating: 5, status: "offline" },
    ]);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function bookedLead(n: number, date = jobDate, timeSlot = "09:00", now = realNow) {
    const { quote, booking } = await bookTestQuote(
      database.db,
      testQuoteRequest(n, { ...MOSMAN_HOUSE, name: `Client ${n} Smith` }),
      { date, timeSlot, address: `${n} Military Road`, suburb: "Mosman NSW 2088" },
      { publicUrl, now },
    );
    return { quoteId: quote.id, hours: quote.hours, booking };
  }

  async function offer(
    quoteId: string,
    cleanerId: string,
    date = jobDate,
    timeSlot = "09:00",
    now = realNow,
  ) {
    return assignCleaner(
      database.db,
      { quoteId, cleanerId, date, timeSlot: timeSlot as "09:00" },
      { actor: staff, publicUrl, now },
    );
  }

  const offersOf = (quoteId: string) =>
    database.db
      .selectFrom("assignments")
      .selectAll()
      .where("quote_id", "=", quoteId)
      .orderBy("created_at")
      .execute();
  const emails = (topic: string) =>
    emailsOf(database.db, topic).then((rows) =>
      rows.map((row) => ({
        ...row,
        mail: JSON.parse(row.payload) as { to: string; text: string },
      })),
    );

  test("assigning stores a pending offer with its deadline, emails the link and schedules expiry", async () => {
    const lead = await bookedLead(1);
    const before = await quoteOf(database.db, lead.quoteId);
    const result = await offer(lead.quoteId, cleaners[0]!);
    expect(result).toMatchObject({ ok: true, message: ASSIGN_TEXT.offered("Mei Lin Chen") });

    const [stored] = await offersOf(lead.quoteId);
    expect(stored).toMatchObject({
      status: "pending",
      cleaner_id: cleaners[0],
      booking_id: lead.booking.id,
      scheduled_date: jobDate,
      time_slot: "09:00",
      // The "offer response hours" setting's default, 12.
      response_deadline: addHours(realNow, 12).toISOString(),
      token_hash: sha256(result.token!),
    });
    expect(JSON.stringify(stored)).not.toContain(result.token!);
    // A pending offer does not move the quote.
    expect(await quoteOf(database.db, lead.quoteId)).toEqual(before);

    const [sent] = await emails("assignment.offered");
    expect(sent!.mail.to).toBe(`${cleaners[0]}@example.com`);
    expect(sent!.mail.text).toContain(`${publicUrl}/assignments/${result.token}`);
    expect(sent!.mail.text).toContain("Mosman, ");
    expect(sent!.mail.text).not.toContain("Military Road");
    const jobs = await database.db
      .selectFrom("outbox_messages")
      .select(["next_attempt_at", "subject_id"])
      .where("topic", "=", "job.assignment_expiry")
      .execute();
    expect(jobs).toEqual([{ next_attempt_at: stored!.response_deadline, subject_id: stored!.id }]);
    const audit = await database.db
      .selectFrom("audit_log")
      .select("action")
      .where("subject_id", "=", stored!.id)
      .execute();
    expect(audit).toEqual([{ action: "assignment.offered" }]);
  });

  test("the deadline is never later than 2 hours before the job; closer than that is refused", async () => {
    const lead = await bookedLead(2);
    const start = sydneyInstant(jobDate, "09:00");
    const fiveHoursBefore = new Date(start.getTime() - 5 * HOUR);
    const result = await offer(lead.quoteId, cleaners[0]!, jobDate, "09:00", fiveHoursBefore);
    expect(result.ok).toBe(true);
    const [stored] = await offersOf(lead.quoteId);
    expect(stored!.response_deadline).toBe(new Date(start.getTime() - 2 * HOUR).toISOString());

    const other = await bookedLead(3, jobDate, "11:00");
    const late = await offer(
      other.quoteId,
      cleaners[1]!,
      jobDate,
      "11:00",
      new Date(sydneyInstant(jobDate, "11:00").getTime() - 90 * 60 * 1000),
    );
    expect(late).toEqual({
      ok: false,
      kind: "invalid",
      message: ASSIGN_TEXT.tooLate,
      fieldErrors: { timeSlot: ASSIGN_TEXT.tooLate },
    });
  });

  test("a cleaner with an overlapping pending or accepted job is refused; the panel shows them busy", async () => {
    const first = await bookedLead(4, jobDate, "08:00");
    expect((await offer(first.quoteId, cleaners[0]!, jobDate, "08:00")).ok).toBe(true);

    // The first job runs from 08:00 for its five hours; one starting inside it overlaps.
    const second = await bookedLead(5, jobDate, "10:00");
    const busy = ASSIGN_TEXT.notFree(`On another job 08:00–${clockAfter(8, first.hours)}`);
    expect(await offer(second.quoteId, cleaners[0]!, jobDate, "10:00")).toEqual({
      ok: false,
      kind: "invalid",
      message: busy,
      fieldErrors: { cleanerId: busy },
    });
    const options = await getAssignOptions(database.db, { quote: second.quoteId });
    expect(options.lead).toMatchObject({ date: jobDate, timeSlot: "10:00", blocked: null });
    const mine = options.cleaners.filter((c) => !c.id.startsWith(TEST_CREW_PREFIX));
    expect(mine.map((cleaner) => [cleaner.name, cleaner.free])).toEqual([
      ["Mei Lin Chen", false],
      ["Tom Nguyen", true],
    ]);
    // Another cleaner is fine; a job starting as the first ends is not: the cleaner needs the
    // travel buffer after it (docs/decisions/0060-crews-and-cleaner-holds.md). The words are the
    // availability model's, the panel's and the slot picker's: the other job's own hours.
    expect((await offer(second.quoteId, cleaners[1]!, jobDate, "10:00")).ok).toBe(true);
    const third = await bookedLead(6, jobDate, "13:00");
    const travelling = ASSIGN_TEXT.notFree(`On another job 08:00–${clockAfter(8, first.hours)}`);
    expect(await offer(third.quoteId, cleaners[0]!, jobDate, "13:00")).toMatchObject({
      ok: false,
      fieldErrors: { cleanerId: travelling },
    });
    // An offline cleaner is never offered a job.
    expect(await offer(third.quoteId, cleaners[2]!, jobDate, "13:00")).toMatchObject({
      ok: false,
      fieldErrors: { cleanerId: ASSIGN_TEXT.cleanerUnavailable },
    });
  });

  test("a booked lead is offered at its booking's date and time only", async () => {
    const lead = await bookedLead(14, jobDate, "09:00");
    expect(await offer(lead.quoteId, cleaners[0]!, jobDate, "11:00")).toMatchObject({
      ok: false,
      message: expect.stringContaining("This lead is booked for") as string,
      fieldErrors: { timeSlot: expect.stringContaining("This lead is booked for") as string },
    });
    expect(await offer(lead.quoteId, cleaners[0]!, addDays(jobDate, 1), "09:00")).toMatchObject({
      ok: false,
      fieldErrors: { date: expect.stringContaining("This lead is booked for") as string },
    });
    expect(await offersOf(lead.quoteId)).toEqual([]);
  });

  test("a request still to be priced cannot be offered", async () => {
    const id = await addTestLead(database.db, { status: "pending_quote", totalCents: null });
    expect(await offer(id, cleaners[0]!)).toEqual({
      ok: false,
      kind: "conflict",
      message: ASSIGN_TEXT.notAssignable,
    });
  });

  test("accepting assigns the quote, counts the booking and introduces the cleaner; the link works once", async () => {
    const lead = await bookedLead(7);
    const { token } = await offer(lead.quoteId, cleaners[0]!);
    const opened = await viewOffer(database.db, token!);
    expect(opened).toMatchObject({
      state: "open",
      job: { suburb: "Mosman", hours: lead.hours, pay: `$${(lead.hours * 32).toFixed(2)}` },
    });
    expect(JSON.stringify(opened)).not.toMatch(/Client 7|Military|0412/);

    const accepted = await answerOffer(database.db, token!, "accept", { publicUrl });
    expect(accepted).toMatchObject({
      state: "accepted",
      client: { name: "Client 7 Smith", phone: "0412 345 678" },
    });
    expect(await quoteOf(database.db, lead.quoteId)).toEqual({
      status: "assigned",
      lead_status: "booked",
    });
    const [stored] = await offersOf(lead.quoteId);
    expect(stored).toMatchObject({ status: "accepted", previous_quote_status: "pending_payment" });
    const cleaner = await database.db
      .selectFrom("cleaners")
      .select("active_bookings")
      .where("id", "=", cleaners[0]!)
      .executeTakeFirstOrThrow();
    expect(Number(cleaner.active_bookings)).toBe(1);
    const [intro] = await emails("assignment.accepted");
    expect(intro!.mail.to).toBe("client7@example.com");
    expect(intro!.mail.text).toContain("Mei will clean for you");
    expect(intro!.mail.text).toContain("4.8 out of 5");
    expect(intro!.mail.text).not.toContain("Chen");
    const moves = await database.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("subject_id", "in", [lead.quoteId, stored!.id])
      .where("action", "in", ["assignment.accepted", "quote.status_changed"])
      .where("created_at", ">=", stored!.responded_at!)
      .execute();
    expect(moves.map((move) => move.action).sort()).toEqual([
      "assignment.accepted",
      "quote.status_changed",
    ]);
    expect(moves.find((move) => move.action === "quote.status_changed")!.details).toContain(
      '"reason":"assignment.accepted"',
    );

    // Reused: refused, whatever the answer, and nothing moves twice.
    expect(await answerOffer(database.db, token!, "decline", { publicUrl })).toEqual({
      state: "refused",
      reason: "answered",
    });
    expect(await viewOffer(database.db, token!)).toEqual({ state: "refused", reason: "answered" });
    // An accepted job is not offered again.
    expect(await offer(lead.quoteId, cleaners[1]!)).toEqual({
      ok: false,
      kind: "conflict",
      message: ASSIGN_TEXT.alreadyAccepted,
    });
  });

  test("declining tells staff and leaves the quote as it was", async () => {
    const lead = await bookedLead(8);
    const before = await quoteOf(database.db, lead.quoteId);
    const { token } = await offer(lead.quoteId, cleaners[1]!);
    expect(await answerOffer(database.db, token!, "decline", { publicUrl })).toMatchObject({
      state: "declined",
    });
    expect((await offersOf(lead.quoteId))[0]).toMatchObject({ status: "declined" });
    expect(await quoteOf(database.db, lead.quoteId)).toEqual(before);
    const [told] = await emails("assignment.declined");
    expect(told!.subject_id).toBe(lead.quoteId);
    expect(told!.mail.text).toContain("Tom Nguyen declined the job for Client 8 Smith");
    expect(await answerOffer(database.db, token!, "accept", { publicUrl })).toEqual({
      state: "refused",
      reason: "answered",
    });
  });

  test("past its deadline, the link is refused as expired even before the worker runs", async () => {
    const offeredAt = new Date(realNow.getTime() - 13 * HOUR);
    const lead = await bookedLead(10, jobDate, "09:00", offeredAt);
    const { token } = await offer(lead.quoteId, cleaners[0]!, jobDate, "09:00", offeredAt);
    expect(await viewOffer(database.db, token!)).toEqual({ state: "refused", reason: "expired" });
    expect(await answerOffer(database.db, token!, "accept", { publicUrl })).toEqual({
      state: "refused",
      reason: "expired",
    });
    expect((await offersOf(lead.quoteId))[0]).toMatchObject({ status: "pending" });
  });

  test("a tampered or unknown token is refused as unknown", async () => {
    const lead = await bookedLead(9);
    const { token } = await offer(lead.quoteId, cleaners[0]!);
    const tampered = `${token!.slice(0, -1)}${token!.endsWith("A") ? "B" : "A"}`;
    for (const bad of [tampered, "nonsense", "", "x".repeat(500), "../../etc/passwd"]) {
      expect(await viewOffer(database.db, bad)).toEqual({ state: "refused", reason: "unknown" });
      expect(await answerOffer(database.db, bad, "accept", { publicUrl })).toEqual({
        state: "refused",
        reason: "unknown",
      });
    }
    expect((await offersOf(lead.quoteId))[0]).toMatchObject({ status: "pending" });
  });

  test("a booking 24 hours away without an accepted cleaner raises one staff alert", async () => {
    const unstaffed = await bookedLead(12, jobDate, "09:00");
    const staffed = await bookedLead(13, jobDate, "13:00");
    const { token } = await offer(staffed.quoteId, cleaners[0]!, jobDate, "13:00");
    await answerOffer(database.db, token!, "accept", { publicUrl });

    const start = sydneyInstant(jobDate, "09:00");
    expect(
      await alertUnstaffedBookings(database.db, publicUrl, new Date(start.getTime() - 30 * HOUR)),
    ).toBe(0);
    const at = new Date(start.getTime() - 20 * HOUR);
    expect(await alertUnstaffedBookings(database.db, publicUrl, at)).toBe(1);
    expect(await alertUnstaffedBookings(database.db, publicUrl, at)).toBe(0);
    const alerts = await emails("booking.unstaffed");
    expect(alerts.map((alert) => alert.subject_id)).toEqual([unstaffed.quoteId]);
  });
});
