import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openDayFrom } from "~/features/bookings/bookings.test-data";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { newId } from "~/lib/ids";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { offerJob, PUBLIC_URL } from "./cleaner-app.test-data";
import { answerOfferInApp, loadCleanerHome } from "./cleaner-jobs.service.server";

// docs/decisions/0063-cleaner-app-sign-in.md: the app shows a cleaner their own accepted jobs
// and open offers, and answers offers through the emailed link's service.

const now = new Date();
const jobDate = openDayFrom(addDays(sydneyDate(now), 3));
const ctx = { publicUrl: PUBLIC_URL, ip: "203.0.113.9" };

describe.each(testDialects)("the cleaner's jobs and offers on %s", (dialect) => {
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

  const offer = (n: number, cleanerId: string, timeSlot = "09:00") =>
    offerJob(database.db, { n, cleanerId, date: jobDate, timeSlot, now });
  const assignment = (id: string) =>
    database.db
      .selectFrom("assignments")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  test("an open offer shows its suburb, time on site, pay and the time left, and no client details", async () => {
    await offer(1, mei);
    const home = await loadCleanerHome(database.db, mei, now);
    expect(home).toMatchObject({ firstName: "Mei", jobs: [] });
    expect(home!.offers).toHaveLength(1);
    const [shown] = home!.offers;
    expect(shown).toMatchObject({ suburb: "Mosman", time: expect.stringMatching(/^9:00 AM – /) });
    expect(shown!.answerWithin).toMatch(/^Answer within \d+ h( \d+ min)?$/);
    expect(shown!.onSite).toMatch(/on site$/);
    expect(JSON.stringify(home)).not.toMatch(/Client 1|Military Road|client1@/);
    expect((await loadCleanerHome(database.db, tom, now))!.offers).toEqual([]);
  });

  test("accepting in the app answers through the link's service: the job moves under Today and upcoming", async () => {
    const job = await offer(1, mei);
    const result = await answerOfferInApp(
      database.db,
      mei,
      { assignmentId: job.assignmentId, answer: "accept" },
      ctx,
    );
    expect(result).toMatchObject({ ok: true });
    expect(await assignment(job.assignmentId)).toMatchObject({ status: "accepted" });
    const quote = await database.db
      .selectFrom("quotes")
      .select("status")
      .where("id", "=", job.quoteId)
      .executeTakeFirstOrThrow();
    expect(quote.status).toBe("assigned");
    const mails = await database.db
      .selectFrom("outbox_messages")
      .select("topic")
      .where("kind", "=", "email")
      .execute();
    expect(mails.map((mail) => mail.topic)).toEqual(
      expect.arrayContaining(["assignment.accepted", "assignment.confirmed"]),
    );
    const home = await loadCleanerHome(database.db, mei, now);
    expect(home!.offers).toEqual([]);
    expect(home!.jobs).toMatchObject([
      { id: job.assignmentId, suburb: "Mosman", crew: [], status: "Confirmed" },
    ]);
    // The emailed link was retired by the answer, as any answered link is.
    expect(
      await answerOfferInApp(
        database.db,
        mei,
        { assignmentId: job.assignmentId, answer: "decline" },
        ctx,
      ),
    ).toMatchObject({ ok: false, kind: "conflict" });
  });

  test("a decline keeps its optional reason, and staff hear of it", async () => {
    const job = await offer(1, mei);
    const result = await answerOfferInApp(
      database.db,
      mei,
      { assignmentId: job.assignmentId, answer: "decline", reason: "  I am away that week. " },
      ctx,
    );
    expect(result).toMatchObject({ ok: true });
    expect(await assignment(job.assignmentId)).toMatchObject({
      status: "declined",
      decline_reason: "I am away that week.",
    });
    const tooLong = await offer(2, mei, "13:00");
    expect(
      await answerOfferInApp(
        database.db,
        mei,
        { assignmentId: tooLong.assignmentId, answer: "decline", reason: "x".repeat(501) },
        ctx,
      ),
    ).toMatchObject({ ok: false, kind: "malformed", fieldErrors: { reason: expect.any(String) } });
    expect(await assignment(tooLong.assignmentId)).toMatchObject({ status: "pending" });
  });

  test("another cleaner's offer id is answered as not found, and nothing changes", async () => {
    const job = await offer(1, mei);
    const before = await assignment(job.assignmentId);
    for (const assignmentId of [job.assignmentId, "made-up-id"]) {
      expect(
        await answerOfferInApp(database.db, tom, { assignmentId, answer: "accept" }, ctx),
      ).toMatchObject({ ok: false, kind: "not_found" });
    }
    expect(await assignment(job.assignmentId)).toEqual(before);
  });

  test("an offer past its deadline is gone, and no longer listed", async () => {
    const job = await offer(1, mei);
    const late = new Date(
      Date.parse((await assignment(job.assignmentId)).response_deadline) + 1000,
    );
    expect((await loadCleanerHome(database.db, mei, late))!.offers).toEqual([]);
    expect(
      await answerOfferInApp(
        database.db,
        mei,
        { assignmentId: job.assignmentId, answer: "accept" },
        { ...ctx, now: late },
      ),
    ).toMatchObject({ ok: false, kind: "gone" });
  });

  test("a crew member's time on site is their share, and crew mates show by first name", async () => {
    const job = await offer(1, mei);
    await answerOfferInApp(
      database.db,
      mei,
      { assignmentId: job.assignmentId, answer: "accept" },
      ctx,
    );
    const alone = (await loadCleanerHome(database.db, mei, now))!.jobs[0]!;
    // A crew of two: Tom holds the second seat (made here as the crew feature would).
    await database.db
      .updateTable("bookings")
      .set({ crew_size: 2 })
      .where("id", "=", job.bookingId)
      .execute();
    const original = await assignment(job.assignmentId);
    await database.db
      .insertInto("assignments")
      .values({
        ...original,
        id: newId(),
        cleaner_id: tom,
        token_hash: newId(),
        seat: 2,
        decline_reason: null,
      })
      .execute();
    const shared = (await loadCleanerHome(database.db, mei, now))!.jobs[0]!;
    expect(shared.crew).toEqual(["Tom"]);
    const minutes = (text: string) => {
      const [, h = "0", m = "0"] = /^(?:(\d+) h)? ?(?:(\d+) min)? on site$/.exec(text) ?? [];
      return Number(h) * 60 + Number(m);
    };
    expect(minutes(shared.onSite)).toBe(Math.ceil(minutes(alone.onSite) / 2));
    expect((await loadCleanerHome(database.db, tom, now))!.jobs[0]!.crew).toEqual(["Mei"]);
  });
});
