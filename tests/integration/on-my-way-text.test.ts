import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openDayFrom } from "~/features/bookings/bookings.test-data";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { startWorker, type Worker } from "~/features/outbox/worker.server";
import { updateNotificationSettings } from "~/features/settings/settings.service.server";
import { saveSmsChoice } from "~/features/sms/sms.service.server";
import { addDays, addMinutes, sydneyDate, sydneyInstant } from "~/lib/sydney-time";
import type { AppConfig } from "~/server/config.server";
import { startFakeTwilio, type FakeTwilio } from "../fakes/twilio-api";
import { silentLogger, testConfig } from "../helpers/outbox";
import { until } from "../helpers/until";
import { createTestDatabase, testDialects, type TestDatabase } from "../helpers/test-database";
import { markOnMyWay } from "~/features/job-visits/job-visit-steps.service.server";
import { acceptedJob, addCrewMate, PUBLIC_URL } from "~/features/job-visits/job-visits.test-data";

// docs/decisions/0087-job-photos-and-on-my-way-texts.md: "On my way" texts an opted-in customer
// through Twilio (here its fake, over real HTTP) beside the email, once per job.

const ACCOUNT = { sid: `AC${"0123456789abcdef".repeat(2)}`, token: "twilio-test-auth-token" };
const today = new Date();
const jobDate = openDayFrom(addDays(sydneyDate(today), 3));
const onTheDay = addMinutes(sydneyInstant(jobDate, "09:00"), -40);
/** The test quotes' client phone, "0412 345 678". */
const CLIENT_MOBILE = "+61412345678";

describe.each(testDialects)("on my way by text on %s", (dialect) => {
  let database: TestDatabase;
  let twilio: FakeTwilio;
  let worker: Worker;
  let config: AppConfig;
  let mei: string;
  let tom: string;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    twilio = await startFakeTwilio(ACCOUNT);
    config = testConfig({
      TWILIO_ACCOUNT_SID: ACCOUNT.sid,
      TWILIO_AUTH_TOKEN: ACCOUNT.token,
      TWILIO_FROM: "+61400000000",
      TWILIO_API_URL: twilio.url,
    });
    worker = startWorker({
      db: database.db,
      dialect,
      config,
      logger: silentLogger,
      poll: false,
      attemptTimeoutMs: 2000,
    });
    [mei, tom] = (await insertCleaners(database.db, [
      { name: "Mei Lin Chen", status: "available" },
      { name: "Tom Fraser", status: "available" },
    ])) as [string, string];
  });
  afterEach(async () => {
    await worker.stop();
    await twilio.close();
    await database.destroy();
  });

  const ctx = () => ({ publicUrl: PUBLIC_URL, ip: null, now: onTheDay, twilio: config.twilio });
  const switchTextsOn = () =>
    updateNotificationSettings(
      database.db,
      { email: true, sms: true },
      { staffId: "staff-1", ip: null },
      today,
      config,
    );
  const outbox = async () =>
    (
      await database.db
        .selectFrom("outbox_messages")
        .select("kind")
        .where("topic", "=", "job.on_my_way")
        .execute()
    ).map((row) => row.kind);
  const crewOfTwo = async () => {
    const job = await acceptedJob(database.db, {
      n: 1,
      cleanerId: mei,
      date: jobDate,
      timeSlot: "09:00",
      now: today,
      crewSize: 2,
    });
    const tomSeat = await addCrewMate(database.db, job, {
      cleanerId: tom,
      date: jobDate,
      timeSlot: "09:00",
      now: today,
    });
    return { meiSeat: job.assignmentId, tomSeat };
  };

  test("an opted-in customer is texted the first name and arrival time once, however many of the crew set off", async () => {
    await switchTextsOn();
    await saveSmsChoice(database.db, { phone: "0412 345 678", optedIn: true, source: "booking" });
    const { meiSeat, tomSeat } = await crewOfTwo();

    expect(await markOnMyWay(database.db, mei, meiSeat, { etaMinutes: "30" }, ctx())).toMatchObject(
      { ok: true },
    );
    expect(await markOnMyWay(database.db, tom, tomSeat, { etaMinutes: "20" }, ctx())).toMatchObject(
      { ok: true },
    );
    // Each cleaner's email stays; the text goes once.
    expect((await outbox()).sort()).toEqual(["email", "email", "sms"]);

    // The booking's and the offers' emails are in the outbox too: deliver until all went.
    await until(async () => (await worker.runOnce()) === 0);
    expect(twilio.texts).toEqual([
      {
        to: CLIENT_MOBILE,
        from: "+61400000000",
        body: expect.stringMatching(
          /^Mei from .+ is on the way and expects to arrive at about 8:50 AM\.$/,
        ),
      },
    ]);
  });

  test("two of each crew setting off at the same instant text once per job: one seat claims it", async () => {
    await switchTextsOn();
    await saveSmsChoice(database.db, { phone: "0412 345 678", optedIn: true, source: "booking" });
    // Several jobs race at once, so that on PostgreSQL two seats' transactions overlap for sure.
    const crews: { cleanerId: string; seat: string }[][] = [];
    for (const n of [2, 3, 4, 5]) {
      const [first, second] = (await insertCleaners(database.db, [
        { name: `First ${n} Crew`, status: "available" },
        { name: `Second ${n} Crew`, status: "available" },
      ])) as [string, string];
      const place = { date: jobDate, timeSlot: "09:00", now: today };
      const job = await acceptedJob(database.db, { n, cleanerId: first, ...place, crewSize: 2 });
      const secondSeat = await addCrewMate(database.db, job, { cleanerId: second, ...place });
      crews.push([
        { cleanerId: first, seat: job.assignmentId },
        { cleanerId: second, seat: secondSeat },
      ]);
    }

    // Every step in a transaction of its own; on PostgreSQL each on a connection of its own.
    const results = await Promise.all(
      crews
        .flat()
        .map(({ cleanerId, seat }) =>
          markOnMyWay(database.db, cleanerId, seat, { etaMinutes: "30" }, ctx()),
        ),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    const messages = await database.db
      .selectFrom("outbox_messages")
      .select(["kind", "subject_id"])
      .where("topic", "=", "job.on_my_way")
      .execute();
    const bookings = await database.db
      .selectFrom("bookings")
      .select(["id", "crew_set_off_at"])
      .execute();
    expect(bookings).toHaveLength(crews.length);
    for (const booking of bookings) {
      const ofJob = messages.filter((message) => message.subject_id === booking.id);
      // Both cleaners' emails, one text.
      expect(ofJob.map((message) => message.kind).sort()).toEqual(["email", "email", "sms"]);
      expect(booking.crew_set_off_at).toBe(onTheDay.toISOString());
    }
  });

  test("no text without the customer's opt-in, or with texts switched off; the email still goes", async () => {
    const { meiSeat, tomSeat } = await crewOfTwo();
    await saveSmsChoice(database.db, { phone: "0412 345 678", optedIn: true, source: "booking" });
    // Opted in, but the business has not switched texts on.
    await markOnMyWay(database.db, mei, meiSeat, { etaMinutes: "30" }, ctx());
    await switchTextsOn();
    await saveSmsChoice(database.db, { phone: "0412 345 678", optedIn: false, source: "reply" });
    // Texts on, but the customer replied STOP.
    await markOnMyWay(database.db, tom, tomSeat, { etaMinutes: "30" }, ctx());
    expect(await outbox()).toEqual(["email", "email"]);
    await until(async () => (await worker.runOnce()) === 0);
    expect(twilio.texts).toEqual([]);
  });
});
