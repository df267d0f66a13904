import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openDayFrom } from "~/features/bookings/bookings.test-data";
import { insertCleaners } from "~/features/cleaners/cleaner.test-data";
import { checkOutAndComplete } from "~/features/cleaner-app/job-check-out.service.server";
import { addCustomer } from "~/features/customers/customers.test-data";
import {
  getJobChecklists,
  updateJobVisitSettings,
} from "~/features/settings/job-checklist-setting.service.server";
import { uploadsDir } from "~/features/uploads/uploads.service.server";
import { readUpload } from "~/features/uploads/uploads.service.server";
import { addDays, addMinutes, sydneyDate, sydneyInstant } from "~/lib/sydney-time";
import {
  createTestDatabase,
  testDialects,
  type TestDatabase,
} from "../../../tests/helpers/test-database";
import {
  addJobPhoto,
  deleteJobPhoto,
  JOB_PHOTOS_PER_SEAT,
  openJobPhoto,
  type PhotoViewer,
} from "./job-photos.service.server";
import { getCustomerVisits } from "./job-visit-customer.service.server";
import { getOfficeVisit } from "./job-visit-office.service.server";
import { checkIn } from "./job-visit-steps.service.server";
import { loadJobVisit } from "./job-visit-view.service.server";
import { acceptedJob, addCrewMate, PUBLIC_URL } from "./job-visits.test-data";

// docs/decisions/0087-job-photos-and-on-my-way-texts.md: a seat's before and after photos,
// stored without their EXIF, seen by the seat's cleaner, the office and (after, with proof of
// clean on) the booking's customer; nobody else.

const today = new Date();
const jobDate = openDayFrom(addDays(sydneyDate(today), 3));
const start = sydneyInstant(jobDate, "09:00");
const ctx = { ip: null, now: addMinutes(start, 10) };

/** A JPEG as a phone writes it, with the home's GPS position in its EXIF. */
function phonePhoto() {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: "#b08d57" } })
    .withExif({
      IFD0: { Artist: "Olivia Homeowner" },
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "33/1 53/1 0/1", GPSLongitudeRef: "E" },
    })
    .jpeg()
    .toBuffer();
}

const nobody: PhotoViewer = { cleanerId: null, staff: null, customerId: null };

describe.each(testDialects)("a job's photos on %s", (dialect) => {
  let database: TestDatabase;
  let config: { dataDir: string };
  let mei: string;
  let tom: string;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    config = { dataDir: mkdtempSync(path.join(os.tmpdir(), "hg-job-photos-")) };
    [mei, tom] = (await insertCleaners(database.db, [
      { name: "Mei Lin Chen", status: "available" },
      { name: "Tom Fraser", status: "available" },
    ])) as [string, string];
  });
  afterEach(async () => {
    await database.destroy();
    rmSync(config.dataDir, { recursive: true, force: true });
  });

  /** Mei's accepted seat, checked in on the day. */
  async function checkedInJob(crewSize = 1) {
    const job = await acceptedJob(database.db, {
      n: 1,
      cleanerId: mei,
      date: jobDate,
      timeSlot: "09:00",
      now: today,
      crewSize,
    });
    await checkIn(
      database.db,
      mei,
      job.assignmentId,
      {},
      { publicUrl: PUBLIC_URL, ip: null, now: start },
    );
    return job;
  }
  const add = async (cleanerId: string, assignmentId: string, stage: "before" | "after") =>
    addJobPhoto(
      database.db,
      config,
      cleanerId,
      assignmentId,
      { values: { stage }, file: { bytes: await phonePhoto() } },
      ctx,
    );
  const bytesOf = async (photo: Awaited<ReturnType<typeof openJobPhoto>>) =>
    Buffer.from(await new Response(photo!.body).arrayBuffer());

  test("a photo is added only after check-in, stored without its EXIF, and listed on the cleaner's page", async () => {
    const job = await acceptedJob(database.db, {
      n: 1,
      cleanerId: mei,
      date: jobDate,
      timeSlot: "09:00",
      now: today,
    });
    expect(await add(mei, job.assignmentId, "before")).toMatchObject({
      ok: false,
      kind: "conflict",
    });
    await checkIn(
      database.db,
      mei,
      job.assignmentId,
      {},
      { publicUrl: PUBLIC_URL, ip: null, now: start },
    );
    expect(await add(mei, job.assignmentId, "before")).toMatchObject({
      ok: true,
      message: "Before photo added.",
    });
    const visit = await loadJobVisit(database.db, mei, job.assignmentId, { now: start, ip: null });
    expect(visit!.photos).toMatchObject([{ stage: "before", label: "Before photo 1" }]);
    const served = await openJobPhoto(database.db, config, visit!.photos[0]!.id, {
      ...nobody,
      cleanerId: mei,
    });
    expect(served?.mime).toBe("image/webp");
    const metadata = await sharp(await bytesOf(served)).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 640, height: 480 });
    expect(metadata.exif).toBeUndefined();
    expect(
      await database.db
        .selectFrom("audit_log")
        .select("action")
        .where("action", "=", "job.photo_added")
        .execute(),
    ).toHaveLength(1);
  });

  test("a file that is not a photo is refused beside the field, and nothing is kept", async () => {
    const { assignmentId } = await checkedInJob();
    const refused = await addJobPhoto(
      database.db,
      config,
      mei,
      assignmentId,
      { values: { stage: "after" }, file: { bytes: Buffer.from("%PDF-1.7 not a photo at all") } },
      ctx,
    );
    expect(refused).toMatchObject({
      ok: false,
      kind: "unsupported",
      fieldErrors: { photo: expect.stringContaining("not a photo") },
    });
    expect(await database.db.selectFrom("job_photos").selectAll().execute()).toEqual([]);
    expect(
      await addJobPhoto(
        database.db,
        config,
        mei,
        assignmentId,
        { values: { stage: "after" }, file: null },
        ctx,
      ),
    ).toMatchObject({ ok: false, fieldErrors: { photo: expect.any(String) } });
  });

  test("another cleaner can neither add to, see, nor delete a seat's photos", async () => {
    const { assignmentId } = await checkedInJob();
    await add(mei, assignmentId, "before");
    const [photo] = (await loadJobVisit(database.db, mei, assignmentId, { now: start, ip: null }))!
      .photos;
    expect(await add(tom, assignmentId, "after")).toMatchObject({ ok: false, kind: "not_found" });
    expect(
      await openJobPhoto(database.db, config, photo!.id, { ...nobody, cleanerId: tom }),
    ).toBeNull();
    expect(await openJobPhoto(database.db, config, photo!.id, nobody)).toBeNull();
    expect(
      await deleteJobPhoto(database.db, config, tom, assignmentId, { photoId: photo!.id }, ctx),
    ).toMatchObject({ ok: false, kind: "not_found" });
    // Nor is a job photo served by the quote photos' address to whoever holds its upload id.
    const [row] = await database.db.selectFrom("job_photos").select("upload_id").execute();
    expect(await readUpload(database.db, config, row!.upload_id)).toBeNull();
  });

  test("a crew mate's photos are theirs: each cleaner sees only their own seat's, the office sees both", async () => {
    const job = await checkedInJob(2);
    const tomSeat = await addCrewMate(database.db, job, {
      cleanerId: tom,
      date: jobDate,
      timeSlot: "09:00",
      now: today,
    });
    await checkIn(database.db, tom, tomSeat, {}, { publicUrl: PUBLIC_URL, ip: null, now: start });
    await add(mei, job.assignmentId, "before");
    await add(tom, tomSeat, "after");
    const meiPage = await loadJobVisit(database.db, mei, job.assignmentId, {
      now: start,
      ip: null,
    });
    const tomPage = await loadJobVisit(database.db, tom, tomSeat, { now: start, ip: null });
    expect(meiPage!.photos.map((p) => p.stage)).toEqual(["before"]);
    expect(tomPage!.photos.map((p) => p.stage)).toEqual(["after"]);
    expect(
      await openJobPhoto(database.db, config, tomPage!.photos[0]!.id, {
        ...nobody,
        cleanerId: mei,
      }),
    ).toBeNull();

    const office = await getOfficeVisit(database.db, job.quoteId);
    expect(office!.seats.map((seat) => seat.photos.map((p) => p.label))).toEqual([
      ["Before photo 1"],
      ["After photo 1"],
    ]);
    const staff = { role: "staff", totp_enabled: 0 };
    expect(
      await openJobPhoto(database.db, config, meiPage!.photos[0]!.id, { ...nobody, staff }),
    ).not.toBeNull();
    expect(
      await openJobPhoto(database.db, config, meiPage!.photos[0]!.id, {
        ...nobody,
        staff: { role: "made-up", totp_enabled: 1 },
      }),
    ).toBeNull();
  });

  test("a deleted photo is gone from the page, the storage and its address", async () => {
    const { assignmentId } = await checkedInJob();
    await add(mei, assignmentId, "after");
    const [photo] = (await loadJobVisit(database.db, mei, assignmentId, { now: start, ip: null }))!
      .photos;
    expect(readdirSync(uploadsDir(config))).toHaveLength(1);
    expect(
      await deleteJobPhoto(database.db, config, mei, assignmentId, { photoId: photo!.id }, ctx),
    ).toMatchObject({ ok: true, message: "Photo deleted." });
    expect(
      (await loadJobVisit(database.db, mei, assignmentId, { now: start, ip: null }))!.photos,
    ).toEqual([]);
    expect(readdirSync(uploadsDir(config))).toEqual([]);
    expect(
      await openJobPhoto(database.db, config, photo!.id, { ...nobody, cleanerId: mei }),
    ).toBeNull();
    expect(await database.db.selectFrom("uploads").selectAll().execute()).toEqual([]);
  });

  test(`a seat keeps at most ${JOB_PHOTOS_PER_SEAT} photos`, async () => {
    const { assignmentId } = await checkedInJob();
    for (let i = 0; i < JOB_PHOTOS_PER_SEAT; i += 1) {
      expect(await add(mei, assignmentId, "before")).toMatchObject({ ok: true });
    }
    expect(await add(mei, assignmentId, "after")).toMatchObject({
      ok: false,
      kind: "conflict",
      message: `You have added ${JOB_PHOTOS_PER_SEAT} photos, the most we keep for one job.`,
    });
  });

  test("the customer sees the after photos of their completed clean, only while proof of clean is shown", async () => {
    const job = await checkedInJob();
    // Booking made the client's customer record.
    const { customer_id: customerId } = await database.db
      .selectFrom("bookings")
      .select("customer_id")
      .where("id", "=", job.bookingId)
      .executeTakeFirstOrThrow();
    expect(customerId).not.toBeNull();
    await add(mei, job.assignmentId, "before");
    await add(mei, job.assignmentId, "after");
    const photos = (await loadJobVisit(database.db, mei, job.assignmentId, {
      now: start,
      ip: null,
    }))!.photos;
    const before = photos.find((photo) => photo.stage === "before");
    const after = photos.find((photo) => photo.stage === "after");
    const asCustomer = { ...nobody, customerId };
    // Not before the clean is complete.
    expect(await openJobPhoto(database.db, config, after!.id, asCustomer)).toBeNull();
    const out = await checkOutAndComplete(
      database.db,
      mei,
      job.assignmentId,
      Object.fromEntries(
        (await loadJobVisit(database.db, mei, job.assignmentId, {
          now: start,
          ip: null,
        }))!.checklist.map((item) => [`skip-${item.id}`, "Not asked for"]),
      ),
      { publicUrl: PUBLIC_URL, ip: null, now: addMinutes(start, 120) },
    );
    expect(out).toMatchObject({ ok: true });
    const visits = async () =>
      (await getCustomerVisits(database.db, [{ id: job.bookingId, status: "completed" }])).get(
        job.bookingId,
      );
    expect((await visits())!.afterPhotos).toMatchObject([
      { id: after!.id, label: "After photo 1" },
    ]);
    expect(await openJobPhoto(database.db, config, after!.id, asCustomer)).not.toBeNull();
    expect(await openJobPhoto(database.db, config, before!.id, asCustomer)).toBeNull();
    const otherCustomer = await addCustomer(database.db, { email: "someone@example.com" });
    expect(
      await openJobPhoto(database.db, config, after!.id, { ...nobody, customerId: otherCustomer }),
    ).toBeNull();
    // A completed job's photos are kept as they are.
    expect(
      await deleteJobPhoto(database.db, config, mei, job.assignmentId, { photoId: after!.id }, ctx),
    ).toMatchObject({ ok: false, kind: "conflict" });

    await updateJobVisitSettings(
      database.db,
      { checklists: await getJobChecklists(database.db), proofOfClean: false },
      { staffId: "staff-1", ip: null },
    );
    expect(await visits()).toBeUndefined();
    expect(await openJobPhoto(database.db, config, after!.id, asCustomer)).toBeNull();
  });
});
