import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  bookTestQuote,
  openDayFrom,
  MOSMAN_HOUSE,
  testQuoteRequest,
} from "~/features/bookings/bookings.test-data";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { setCleanerStatus } from "~/features/cleaners/cleaner-profile.service.server";
import { getLeadDetails } from "~/features/leads/lead-details.service.server";
import { formatShortDate } from "~/lib/format";
import { addDays, sydneyDate, sydneyInstant } from "~/lib/sydney-time";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { alertUnstaffedBookings } from "./assignment-jobs.server";
import { assignCleaner } from "./assignments.service.server";
import { listJobsToRelease, releaseCleanerJobs } from "./cleaner-release.service.server";
import { answerOffer } from "./offer-answers.server";

// docs/decisions/0041-cleaners-hear-of-job-changes.md: a cleaner who stops taking jobs keeps
// none. Staff see the jobs first; confirmed, each goes back to needing a cleaner, the cleaner is
// emailed with their calendar entry cancelled, and a job within 24 hours alerts staff at once.

const publicUrl = "https://harbourandgold.test";
const realNow = new Date();
const jobDate = openDayFrom(addDays(sydneyDate(realNow), 3));
const laterDate = openDayFrom(addDays(jobDate, 2));
/** The morning of the job's day: the 1 PM job is "today's". */
const onTheDay = sydneyInstant(jobDate, "10:00");
const staff = { type: "staff" as const, id: "staff-1" };

describe.each(testDialects)("suspending a cleaner on %s", (dialect) => {
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

  async function offeredJob(n: number, date: string, timeSlot: string, accept: boolean) {
    const { quote, booking } = await bookTestQuote(
      database.db,
      testQuoteRequest(n, { ...MOSMAN_HOUSE, name: `Client ${n} Smith` }),
      { date, timeSlot, address: `${n} Military Road`, suburb: "Mosman NSW 2088" },
      { publicUrl, now: realNow },
    );
    const offered = await assignCleaner(
      database.db,
      { quoteId: quote.id, cleanerId, date, timeSlot: timeSlot as "09:00" },
      { actor: staff, publicUrl, now: realNow },
    );
    if (!offered.ok) throw new Error(offered.message);
    if (accept) await answerOffer(database.db, offered.token!, "accept", { publicUrl });
    return { quoteId: quote.id, bookingId: booking.id, assignmentId: offered.assignmentId! };
  }

  const suspend = (now: Date) =>
    setCleanerStatus(database.db, {
      cleanerId,
      to: "suspended",
      actor: staff,
      now,
      releaseJobs: (trx) =>
        releaseCleanerJobs(trx, cleanerId, {
          actor: staff,
          statusLabel: "Suspended",
          publicUrl,
          now,
        }),
    });
  const mails = async (topic: string) => {
    const rows = await database.db
      .selectFrom("outbox_messages")
      .select(["payload", "subject_id"])
      .where("topic", "=", topic)
      .where("kind", "=", "email")
      .execute();
    return rows.map((row) => ({
      subjectId: row.subject_id,
      ...(JSON.parse(row.payload) as {
        to: string;
        text: string;
        attachments?: { content: string }[];
      }),
    }));
  };
  const quoteStatus = async (quoteId: string) =>
    (
      await database.db
        .selectFrom("quotes")
        .select("status")
        .where("id", "=", quoteId)
        .executeTakeFirstOrThrow()
    ).status;

  test("today's 1 PM job is listed, then released: the lead needs a cleaner, staff are alerted, the cleaner is told", async () => {
    const today = await offeredJob(1, jobDate, "13:00", true);
    const later = await offeredJob(2, laterDate, "09:00", false);
    expect(await quoteStatus(today.quoteId)).toBe("assigned");

    expect(await listJobsToRelease(database.db, cleanerId, onTheDay)).toEqual([
      {
        id: today.assignmentId,
        label: `${formatShortDate(jobDate)} at 1:00 PM: Client 1 Smith (accepted)`,
      },
      {
        id: later.assignmentId,
        label: `${formatShortDate(laterDate)} at 9:00 AM: Client 2 Smith (waiting for an answer)`,
      },
    ]);

    const result = await suspend(onTheDay);
    expect(result).toMatchObject({ kind: "changed", released: 2 });
    const offers = await database.db
      .selectFrom("assignments")
      .select(["status"])
      .where("cleaner_id", "=", cleanerId)
      .execute();
    expect(offers.map((offer) => offer.status)).toEqual(["cancelled", "cancelled"]);
    // Back to needing a cleaner: Assign Cleaner shows again for the lead.
    expect(await quoteStatus(today.quoteId)).toBe("pending_payment");
    const cleaner = await database.db
      .selectFrom("cleaners")
      .select(["status", "active_bookings"])
      .where("id", "=", cleanerId)
      .executeTakeFirstOrThrow();
    expect({ ...cleaner, active_bookings: Number(cleaner.active_bookings) }).toEqual({
      status: "suspended",
      active_bookings: 0,
    });

    const released = await mails("assignment.released");
    expect(released.map((mail) => mail.to)).toEqual([
      `${cleanerId}@example.com`,
      `${cleanerId}@example.com`,
    ]);
    expect(released[0]!.text).toContain("Your status is now Suspended");
    for (const mail of released) {
      expect(mail.attachments![0]!.content).toContain("METHOD:CANCEL");
      expect(mail.attachments![0]!.content).toContain("STATUS:CANCELLED");
    }
    // The same alert as a job nobody took, at once for the job within 24 hours only.
    const alerts = await mails("booking.unstaffed");
    expect(alerts.map((alert) => alert.subjectId)).toEqual([today.quoteId]);
    expect(await alertUnstaffedBookings(database.db, publicUrl, onTheDay)).toBe(0);

    const timeline = (await getLeadDetails(database.db, today.quoteId))!.timeline;
    expect(timeline.map((entry) => entry.title)).toContain(
      "Mei Lin Chen released from the job: status changed to Suspended",
    );
    expect(await listJobsToRelease(database.db, cleanerId, onTheDay)).toEqual([]);
  });

  test("a job that has already started is not released; a cleaner without future jobs just moves", async () => {
    await offeredJob(1, jobDate, "09:00", true);
    expect(await listJobsToRelease(database.db, cleanerId, onTheDay)).toEqual([]);
    expect(await suspend(onTheDay)).toMatchObject({ kind: "changed", released: 0 });
    expect(await mails("assignment.released")).toEqual([]);
  });
});
