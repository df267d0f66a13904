import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  listJobsToRelease,
  releaseCleanerJobs,
} from "~/features/assignments/cleaner-release.service.server";
import {
  bookTestQuote,
  insertTestOffer,
  MOSMAN_HOUSE,
  openDayFrom,
  testQuoteRequest,
} from "~/features/bookings/bookings.test-data";
import { addDays, sydneyDate } from "~/lib/sydney-time";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import { insertCleaners } from "./cleaner.test-data";
import { profileAction } from "./profile-action.server";

// docs/decisions/0041-cleaners-hear-of-job-changes.md: the status menu's post. A move out of work
// for a cleaner with jobs still to start is answered with those jobs and changes nothing; only
// the confirmed post changes the status and releases them.

const publicUrl = "https://harbourandgold.test";
const now = new Date();

describe.each(testDialects)("the cleaner profile's status post on %s", (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.destroy();
  });

  function post(cleanerId: string, fields: Record<string, string>) {
    const form = new FormData();
    form.append("intent", "status");
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const context = { db: database.db, config: { publicUrl }, clientIp: null } as never;
    return profileAction(cleanerId, form, "staff-1", context, {
      list: (id) => listJobsToRelease(database.db, id, now),
      release: (trx, id, statusLabel) =>
        releaseCleanerJobs(trx, id, {
          actor: { type: "staff", id: "staff-1" },
          statusLabel,
          publicUrl,
          now,
        }),
    }) as unknown as Promise<{ data: Record<string, unknown>; init: { status: number } }>;
  }

  const statusOf = async (table: "cleaners" | "assignments", id: string) =>
    (
      await database.db
        .selectFrom(table)
        .select("status")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).status;

  test("suspending a cleaner with a job asks first, then releases it when confirmed", async () => {
    const [cleanerId] = (await insertCleaners(database.db, [
      { name: "Mei Lin Chen", status: "available" },
    ])) as [string];
    const date = openDayFrom(addDays(sydneyDate(now), 2));
    const { booking } = await bookTestQuote(
      database.db,
      testQuoteRequest(1, { ...MOSMAN_HOUSE, name: "Client One" }),
      { date, timeSlot: "09:00", address: "1 Military Road", suburb: "Mosman NSW 2088" },
      { publicUrl, now },
    );
    const offerId = await insertTestOffer(database.db, {
      job: booking,
      cleanerId,
      at: now.toISOString(),
    });

    const asked = await post(cleanerId, { status: "suspended" });
    expect(asked.init.status).toBe(200);
    expect(asked.data).toMatchObject({
      intent: "status",
      confirm: { status: "suspended", label: "Suspended", jobs: [{ id: offerId }] },
    });
    expect(await statusOf("cleaners", cleanerId)).toBe("available");
    expect(await statusOf("assignments", offerId)).toBe("pending");

    const confirmed = await post(cleanerId, { status: "suspended", confirm: "release" });
    expect(confirmed.data).toMatchObject({
      toast: { title: "Status changed to Suspended. 1 job was released and the cleaner emailed." },
    });
    expect(await statusOf("cleaners", cleanerId)).toBe("suspended");
    expect(await statusOf("assignments", offerId)).toBe("cancelled");
  });

  test("a cleaner without jobs moves at once; a made-up confirmation is refused with 400", async () => {
    const [cleanerId] = (await insertCleaners(database.db, [
      { name: "Tom Nguyen", status: "available" },
    ])) as [string];
    const moved = await post(cleanerId, { status: "offline" });
    expect(moved.data).toMatchObject({ toast: { title: "Status changed to Offline." } });
    expect((await post(cleanerId, { status: "suspended", confirm: "yes" })).init.status).toBe(400);
  });
});
