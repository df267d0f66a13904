import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openDayFrom } from "~/features/bookings/bookings.test-data";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { addDays, addMinutes, sydneyDate, sydneyInstant } from "~/lib/sydney-time";
import { createDatabase, type AppDatabase } from "~/server/db.server";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { checkOutAndComplete as checkOut } from "~/features/cleaner-app/job-check-out.service.server";
import {
  checkIn,
  markOnMyWay,
  reportProblem,
  tickChecklistItem,
} from "./job-visit-steps.service.server";
import { getDispatchBoard } from "~/features/dispatch/dispatch.service.server";
import { getSchedule } from "~/features/schedule/schedule.service.server";
import {
  getJobChecklists,
  updateJobVisitSettings,
} from "~/features/settings/job-checklist-setting.service.server";
import { getLeadDetails } from "~/features/leads/lead-details.service.server";
import { getCustomerVisits } from "./job-visit-customer.service.server";
import { getOfficeVisit } from "./job-visit-office.service.server";
import { loadJobVisit } from "./job-visit-view.service.server";
import { acceptedJob, addCrewMate, PUBLIC_URL } from "./job-visits.test-data";

// docs/decisions/0068-job-visits.md: a seat's visit, step by step, by its own cleaner only.

const today = new Date();
const jobDate = openDayFrom(addDays(sydneyDate(today), 3));
const start = sydneyInstant(jobDate, "09:00");
/** On the day, a little before the job starts */
const onTheDay = addMinutes(start, -40);
const ctx = (now: Date) => ({ publicUrl: PUBLIC_URL, ip: "203.0.113.9", now });

describe.each(testDialects)("a job visit on %s", (dialect) => {
  let database: TestDatabase;
  let mei: string;
  let tom: string;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    [mei, tom] = (await insertCleaners(database.db, [
      { name: "Mei Lin Chen", status: "available" },
      { name: "Tom Fraser", status: "available" },
    ])) as [string, string];
  });
  afterEach(async () => {
    await database.destroy();
  });

  const job = (crewSize = 1) =>
    acceptedJob(database.db, {
      n: 1,
      cleanerId: mei,
      date: jobDate,
      timeSlot: "09:00",
      now: today,
      crewSize,
    });
  const seat = (id: string) =>
    database.db
      .selectFrom("assignments")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const emails = (topic: string) =>
    database.db
      .selectFrom("outbox_messages")
      .select(["payload", "subject_id"])
      .where("topic", "=", topic)
      .execute();
  const audits = (action: string) =>
    database.db.selectFrom("audit_log").selectAll().where("action", "=", action).execute();

  test("the client's first name, phone and address show only from 24 hours before the job, and each view is audited", async () => {
    const { assignmentId } = await job();
    const early = await loadJobVisit(database.db, mei, assignmentId, {
      now: daysFrom(start, -2),
      ip: null,
    });
    expect(early).toMatchObject({ suburb: "Mosman", contact: null });
    expect(JSON.stringify(early)).not.toMatch(/Military Road|Client 1/);
    expect(await audits("job.contact_viewed")).toHaveLength(0);

    const near = await loadJobVisit(database.db, mei, assignmentId, { now: onTheDay, ip: null });
    expect(near!.contact).toMatchObject({
      address: expect.stringContaining("1 Military Road"),
      clientFirstName: "Client",
      mapsUrl: expect.stringMatching(/^https:\/\/maps\.google\.com\/\?q=1%20Military%20Road/),
    });
    const viewed = await audits("job.contact_viewed");
    expect(viewed).toMatchObject([
      { actor_type: "cleaner", actor_id: mei, subject_type: "booking" },
    ]);

    const late = await loadJobVisit(database.db, mei, assignmentId, {
      now: daysFrom(start, 2),
      ip: null,
    });
    expect(late!.contact).toBeNull();
  });

  test("another cleaner finds nothing: every read and step answers not found, and nothing changes", async () => {
    const { assignmentId } = await job();
    const before = await seat(assignmentId);
    expect(await loadJobVisit(database.db, tom, assignmentId, { ip: null })).toBeNull();
    for (const step of [
      markOnMyWay(database.db, tom, assignmentId, { etaMinutes: "20" }, ctx(onTheDay)),
      checkIn(database.db, tom, assignmentId, {}, ctx(onTheDay)),
      tickChecklistItem(database.db, tom, assignmentId, { itemId: "x", done: "1" }, ctx(onTheDay)),
      reportProblem(database.db, tom, assignmentId, { kind: "key" }, ctx(onTheDay)),
      checkOut(database.db, tom, assignmentId, {}, ctx(onTheDay)),
    ]) {
      expect(await step).toMatchObject({ ok: false, kind: "not_found" });
    }
    expect(await seat(assignmentId)).toEqual(before);
    expect(await emails("job.on_my_way")).toEqual([]);
  });

  test("on my way emails the customer the cleaner's first name and arrival time, once", async () => {
    const { assignmentId, bookingId } = await job();
    const first = await markOnMyWay(
      database.db,
      mei,
      assignmentId,
      { etaMinutes: "30" },
      ctx(onTheDay),
    );
    expect(first).toMatchObject({ ok: true });
    expect((await seat(assignmentId)).on_my_way_at).toBe(onTheDay.toISOString());
    const [mail] = await emails("job.on_my_way");
    expect(mail!.subject_id).toBe(bookingId);
    const payload = JSON.parse(mail!.payload) as { to: string; subject: string; text: string };
    expect(payload.to).toBe("client1@example.com");
    expect(payload.subject).toBe("Mei is on the way");
    // 40 minutes before a 9:00 start, plus 30 minutes.
    expect(payload.text).toContain("expects to arrive at about 8:50 AM");
    expect(
      await markOnMyWay(database.db, mei, assignmentId, { etaMinutes: "30" }, ctx(onTheDay)),
    ).toMatchObject({ ok: false, kind: "conflict" });
    expect(await emails("job.on_my_way")).toHaveLength(1);
    expect(
      await markOnMyWay(database.db, mei, assignmentId, { etaMinutes: "7" }, ctx(onTheDay)),
    ).toMatchObject({
      ok: false,
      kind: "malformed",
      fieldErrors: { etaMinutes: expect.any(String) },
    });
  });

  test("check-in keeps the phone's location only when given, and works without it", async () => {
    const { assignmentId } = await job();
    expect(
      await checkIn(database.db, mei, assignmentId, { lat: "91", lng: "151" }, ctx(onTheDay)),
    ).toMatchObject({ ok: false, kind: "malformed" });
    expect(
      await checkIn(database.db, mei, assignmentId, { lat: "", lng: "" }, ctx(onTheDay)),
    ).toMatchObject({ ok: true });
    expect(await seat(assignmentId)).toMatchObject({
      checked_in_at: onTheDay.toISOString(),
      check_in_lat: null,
      check_in_lng: null,
      check_in_accuracy_m: null,
    });
    expect(await checkIn(database.db, mei, assignmentId, {}, ctx(onTheDay))).toMatchObject({
      ok: false,
      kind: "conflict",
    });

    const other = await acceptedJob(database.db, {
      n: 2,
      cleanerId: tom,
      date: jobDate,
      timeSlot: "13:00",
      now: today,
    });
    await checkIn(
      database.db,
      tom,
      other.assignmentId,
      { lat: "-33.8291", lng: "151.2442", accuracy: "12.5" },
      ctx(onTheDay),
    );
    expect(await seat(other.assignmentId)).toMatchObject({
      check_in_lat: -33.8291,
      check_in_lng: 151.2442,
      check_in_accuracy_m: 12.5,
    });
  });

  test("the checklist is the level's list plus the staff notes; items are ticked on site, by whom and when", async () => {
    const { assignmentId, quoteId } = await job();
    await database.db
      .updateTable("quotes")
      .set({ staff_notes: "- Water the balcony plants\n\nFeed the cat" })
      .where("id", "=", quoteId)
      .execute();
    const visit = (await loadJobVisit(database.db, mei, assignmentId, {
      now: onTheDay,
      ip: null,
    }))!;
    const labels = visit.checklist.map((item) => item.label);
    expect(labels.slice(-2)).toEqual(["Water the balcony plants", "Feed the cat"]);
    expect(visit.checklist.filter((item) => !item.fromNotes).length).toBeGreaterThan(3);
    const first = visit.checklist[0]!;
    // Not before checking in.
    expect(
      await tickChecklistItem(
        database.db,
        mei,
        assignmentId,
        { itemId: first.id, done: "1" },
        ctx(onTheDay),
      ),
    ).toMatchObject({ ok: false, kind: "conflict" });
    await checkIn(database.db, mei, assignmentId, {}, ctx(start));
    const tickedAt = addMinutes(start, 42);
    expect(
      await tickChecklistItem(
        database.db,
        mei,
        assignmentId,
        { itemId: first.id, done: "1" },
        ctx(tickedAt),
      ),
    ).toMatchObject({ ok: true });
    const again = (await loadJobVisit(database.db, mei, assignmentId, {
      now: tickedAt,
      ip: null,
    }))!;
    expect(again.checklist).toHaveLength(visit.checklist.length);
    expect(again.checklist[0]!.tickedBy).toBe("Ticked by Mei at 9:42 AM");
    expect(
      await tickChecklistItem(
        database.db,
        mei,
        assignmentId,
        { itemId: "made-up", done: "1" },
        ctx(tickedAt),
      ),
    ).toMatchObject({ ok: false, kind: "not_found" });
  });

  test("a problem reaches the office: the lead's timeline, a staff email and the seat's status", async () => {
    const { assignmentId, quoteId } = await job();
    expect(
      await reportProblem(
        database.db,
        mei,
        assignmentId,
        { kind: "other", details: "" },
        ctx(onTheDay),
      ),
    ).toMatchObject({ ok: false, kind: "malformed", fieldErrors: { details: expect.any(String) } });
    expect(
      await reportProblem(
        database.db,
        mei,
        assignmentId,
        { kind: "key", details: "No key in the lockbox" },
        ctx(onTheDay),
      ),
    ).toMatchObject({ ok: true });
    expect(await audits("job.problem_reported")).toMatchObject([
      { subject_type: "quote", subject_id: quoteId, actor_type: "cleaner", actor_id: mei },
    ]);
    const [mail] = await emails("job.problem_reported");
    expect(JSON.parse(mail!.payload)).toMatchObject({
      subject: "Problem on a job in Mosman: Key not found",
    });
    const visit = (await loadJobVisit(database.db, mei, assignmentId, {
      now: onTheDay,
      ip: null,
    }))!;
    expect(visit.seat.status).toBe("problem");
    expect(visit.problems).toMatchObject([
      { kind: "Key not found", details: "No key in the lockbox", by: "Mei" },
    ]);
    const lead = (await getLeadDetails(database.db, quoteId))!;
    expect(lead.timeline.map((entry) => entry.title)).toContain(
      "Seat 1: problem reported, Key not found: No key in the lockbox",
    );
    expect(lead.visit!.seats[0]).toMatchObject({
      cleaner: "Mei Lin Chen",
      statusLabel: "Problem reported",
    });
    // The dispatch board marks the job and the seat.
    const board = await getDispatchBoard(database.db, {
      view: "day",
      date: jobDate,
      now: today,
      showsHours: false,
    });
    const card = board.cleaners.find((cleaner) => cleaner.id === mei)!.jobs[0]!;
    expect(card).toMatchObject({ problem: true, visit: { status: "problem" } });
  });

  test("check-out needs a reason for each unticked item; the crew's last check-out completes the job with its actual minutes", async () => {
    const { assignmentId, quoteId, bookingId } = await job(2);
    const tomSeat = await addCrewMate(
      database.db,
      { quoteId },
      { cleanerId: tom, date: jobDate, timeSlot: "09:00", now: today },
    );
    const visit = (await loadJobVisit(database.db, mei, assignmentId, {
      now: onTheDay,
      ip: null,
    }))!;
    expect(visit.crew.map((member) => [member.firstName, member.statusLabel])).toEqual([
      ["Mei", "Accepted"],
      ["Tom", "Accepted"],
    ]);
    expect(await checkOut(database.db, mei, assignmentId, {}, ctx(start))).toMatchObject({
      ok: false,
      kind: "conflict",
    });
    await checkIn(database.db, mei, assignmentId, {}, ctx(start));
    // Tom's phone puts him about 300 m from the suburb's centre.
    const near = { lat: "-33.8317", lng: "151.2455", accuracy: "20" };
    await checkIn(database.db, tom, tomSeat, near, ctx(addMinutes(start, 10)));
    const [skipped, ...rest] = visit.checklist;
    for (const item of rest) {
      await tickChecklistItem(
        database.db,
        tom,
        tomSeat,
        { itemId: item.id, done: "1" },
        ctx(addMinutes(start, 60)),
      );
    }
    const meiOut = addMinutes(start, 120);
    const refused = await checkOut(database.db, mei, assignmentId, {}, ctx(meiOut));
    expect(refused).toMatchObject({
      ok: false,
      kind: "malformed",
      fieldErrors: { [`skip-${skipped!.id}`]: expect.any(String) },
    });
    expect((await seat(assignmentId)).checked_out_at).toBeNull();
    expect(
      await checkOut(
        database.db,
        mei,
        assignmentId,
        { [`skip-${skipped!.id}`]: "Client asked us to skip it" },
        ctx(meiOut),
      ),
    ).toMatchObject({ ok: true, message: expect.stringMatching(/^Checked out/) });
    const booking = () =>
      database.db
        .selectFrom("bookings")
        .select(["status", "actual_minutes"])
        .where("id", "=", bookingId)
        .executeTakeFirstOrThrow();
    expect(await booking()).toEqual({ status: "confirmed", actual_minutes: null });

    const tomOut = addMinutes(start, 130);
    const last = await checkOut(database.db, tom, tomSeat, {}, ctx(tomOut));
    expect(last).toMatchObject({
      ok: true,
      message: expect.stringContaining("the job is complete"),
    });
    // Mei 120 minutes, Tom 120 minutes (9:10 to 11:10).
    expect(await booking()).toEqual({ status: "completed", actual_minutes: 240 });
    const quote = await database.db
      .selectFrom("quotes")
      .select("status")
      .where("id", "=", quoteId)
      .executeTakeFirstOrThrow();
    expect(quote.status).toBe("completed");
    // The same side effects as Complete job: its audit entry and the review request.
    expect(await audits("lead.job_completed")).toMatchObject([
      { actor_type: "cleaner", actor_id: tom },
    ]);
    expect(await emails("review.requested")).toHaveLength(1);
    const office = (await getOfficeVisit(database.db, quoteId))!;
    expect(office.actualHours).toBe("4 h");
    expect(office.seats).toMatchObject([
      {
        cleaner: "Mei Lin Chen",
        statusLabel: "Done",
        checkedIn: "9:00 AM",
        checkedOut: "11:00 AM",
        onSite: "2 h",
        place: "No location",
      },
      {
        cleaner: "Tom Fraser",
        statusLabel: "Done",
        checkedIn: "9:10 AM",
        place: "Checked in near the address",
      },
    ]);
    expect(office.checklist[0]).toMatchObject({
      tickedBy: null,
      skipReason: "Client asked us to skip it",
    });
    expect(office.checklist[1]!.tickedBy).toBe("Ticked by Tom at 10:00 AM");
    const schedule = await getSchedule(database.db, { view: "day", date: jobDate, now: today });
    const scheduled = schedule.days[0]!.slots.flatMap((slot) => slot.jobs);
    expect(scheduled.find((entry) => entry.quoteId === quoteId)!.seats).toEqual([
      { seat: 1, cleaner: "Mei Lin Chen", label: "Done", times: "In 9:00 AM · Out 11:00 AM" },
      { seat: 2, cleaner: "Tom Fraser", label: "Done", times: "In 9:10 AM · Out 11:10 AM" },
    ]);
    const after = (await loadJobVisit(database.db, mei, assignmentId, { now: tomOut, ip: null }))!;
    expect(after.checklist[0]!.skipReason).toBe("Client asked us to skip it");
    expect(after.jobCompleted).toBe(true);
    expect(await checkOut(database.db, mei, assignmentId, {}, ctx(tomOut))).toMatchObject({
      ok: false,
      kind: "conflict",
    });
  });

  test("the customer sees who is on the way, that the clean is in progress, and the proof of clean after", async () => {
    const { assignmentId, bookingId } = await job();
    const visitOf = async () => {
      const booking = await database.db
        .selectFrom("bookings")
        .select(["id", "status"])
        .where("id", "=", bookingId)
        .executeTakeFirstOrThrow();
      return (await getCustomerVisits(database.db, [booking])).get(bookingId);
    };
    expect(await visitOf()).toBeUndefined();
    await markOnMyWay(database.db, mei, assignmentId, { etaMinutes: "20" }, ctx(onTheDay));
    expect(await visitOf()).toEqual({ live: "Mei is on the way", proof: null, afterPhotos: [] });
    await loadJobVisit(database.db, mei, assignmentId, { now: onTheDay, ip: null });
    await checkIn(database.db, mei, assignmentId, {}, ctx(start));
    expect((await visitOf())!.live).toBe("Your clean is in progress");
    const items = (await loadJobVisit(database.db, mei, assignmentId, { now: start, ip: null }))!
      .checklist;
    const [first, ...rest] = items;
    for (const item of rest) {
      await tickChecklistItem(
        database.db,
        mei,
        assignmentId,
        { itemId: item.id, done: "1" },
        ctx(start),
      );
    }
    await checkOut(
      database.db,
      mei,
      assignmentId,
      { [`skip-${first!.id}`]: "Oven was in use" },
      ctx(addMinutes(start, 90)),
    );
    const after = (await visitOf())!;
    expect(after.live).toBeNull();
    expect(after.proof![0]).toEqual({
      label: first!.label,
      done: false,
      reason: "Oven was in use",
    });
    expect(after.proof!.slice(1).every((item) => item.done)).toBe(true);
    // With "Show customers proof of clean" off, nothing shows after the job.
    await updateJobVisitSettings(
      database.db,
      { checklists: await getJobChecklists(database.db), proofOfClean: false },
      { staffId: "staff-1", ip: null },
    );
    expect(await visitOf()).toBeUndefined();
  });
});

// PostgreSQL is where a cleaner's tap and a staff cancellation run at the same time.
describe.each(testDialects.filter((dialect) => dialect === "postgres"))(
  "a job visit racing a cancellation on %s",
  (dialect) => {
    let database: TestDatabase;
    let office: AppDatabase;
    let mei: string;
    beforeEach(async () => {
      database = await createTestDatabase(dialect);
      // Another pool on the same schema: staff cancelling from another request.
      office = createDatabase(database.url, { schema: database.schema });
      [mei] = (await insertCleaners(database.db, [
        { name: "Mei Lin Chen", status: "available" },
      ])) as [string];
    });
    afterEach(async () => {
      await office.close();
      await database.destroy();
    });

    test("on my way during a cancellation waits for it, then says the job is off", async () => {
      const { assignmentId, bookingId } = await acceptedJob(database.db, {
        n: 1,
        cleanerId: mei,
        date: jobDate,
        timeSlot: "09:00",
        now: today,
      });
      let tapped: ReturnType<typeof markOnMyWay> | undefined;
      // A cancellation takes the booking's row, then its offers' (cancelBooking).
      await office.db.transaction().execute(async (trx) => {
        await trx
          .updateTable("bookings")
          .set({ status: "cancelled" })
          .where("id", "=", bookingId)
          .execute();
        tapped = markOnMyWay(database.db, mei, assignmentId, { etaMinutes: "20" }, ctx(onTheDay));
        // Long enough for the tap to reach the rows it locks.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await trx
          .updateTable("assignments")
          .set({ status: "cancelled" })
          .where("id", "=", assignmentId)
          .execute();
      });
      expect(await tapped).toMatchObject({ ok: false, kind: "conflict" });
      const seat = await database.db
        .selectFrom("assignments")
        .select(["status", "on_my_way_at"])
        .where("id", "=", assignmentId)
        .executeTakeFirstOrThrow();
      expect(seat).toEqual({ status: "cancelled", on_my_way_at: null });
    });
  },
);

function daysFrom(instant: Date, days: number) {
  return new Date(instant.getTime() + days * 24 * 60 * 60 * 1000);
}
