import type { Kysely } from "kysely";
import { can } from "~/features/auth/permissions";
import { getProofOfClean } from "~/features/settings/job-checklist-setting.service.server";
import { getStaffSignInPolicy } from "~/features/settings/staff-sign-in.service.server";
import {
  claimJobPhoto,
  openJobPhotoUpload,
  removeJobPhotoUpload,
  storeJobPhotoUpload,
} from "~/features/uploads/job-photo-uploads.service.server";
import { parseValues } from "~/lib/forms";
import { newId } from "~/lib/ids";
import { failure, type Result } from "~/lib/result";
import type { Database } from "~/server/database";
import type { StorageConfig } from "~/server/storage.server";
import { auditByCleaner } from "./job-visit-audit.server";
import {
  countSeatPhotos,
  deleteSeatPhoto,
  findJobPhoto,
  insertJobPhoto,
} from "./job-photos.repository.server";
import { JOB_PHOTO_ADDED, JOB_PHOTO_DELETED } from "./job-visits";
import { JOB_PHOTO_TEXT, JOB_VISIT_TEXT } from "./job-visits-copy";
import { findOwnSeat } from "./job-visits.repository.server";
import { JobPhotoDeleteSchema, JobPhotoSchema } from "./job-visits.schema";

// A job's before and after photos (docs/decisions/0087-job-photos-and-on-my-way-texts.md): a
// cleaner adds them from check-in on and sees and deletes only their own seat's; the office
// sees every seat's on the lead; the customer sees the after photos of a completed clean when
// the business shows proof of clean. Anyone else is answered as if the photo did not exist.

/** docs/decisions/0068-job-visits.md: at most 10 photos per job per cleaner. */
export const JOB_PHOTOS_PER_SEAT = 10;

type Ctx = { ip: string | null; now?: Date };
type Step = Result<{ message: string }>;

const NOT_FOUND = failure("not_found", JOB_VISIT_TEXT.notFound);

class PhotoLimitReached extends Error {
  override name = "PhotoLimitReached";
}

/** The seat, if it is the cleaner's own, its job still on and the cleaner checked in. */
async function seatTakingPhotos(db: Kysely<Database>, cleanerId: string, assignmentId: string) {
  const seat = await findOwnSeat(db, cleanerId, assignmentId);
  if (!seat) return { seat: null, refusal: NOT_FOUND };
  if (seat.booking_status !== "confirmed") {
    return { seat: null, refusal: failure("conflict", JOB_VISIT_TEXT.notConfirmed) };
  }
  if (!seat.checked_in_at) {
    return { seat: null, refusal: failure("conflict", JOB_PHOTO_TEXT.checkInFirst) };
  }
  return { seat, refusal: null };
}

/** Adds one photo to the cleaner's own seat: checked and re-encoded, then recorded and audited. */
export async function addJobPhoto(
  db: Kysely<Database>,
  config: StorageConfig,
  cleanerId: string,
  assignmentId: string,
  input: { values: unknown; file: { bytes: Buffer } | null },
  ctx: Ctx,
): Promise<Step> {
  const parsed = parseValues(input.values, JobPhotoSchema);
  if (!parsed.ok) return failure("malformed", "Please check the form.", parsed.fieldErrors);
  const now = ctx.now ?? new Date();
  const { seat, refusal } = await seatTakingPhotos(db, cleanerId, assignmentId);
  if (!seat) return refusal;
  const full = failure("conflict", JOB_PHOTO_TEXT.limit(JOB_PHOTOS_PER_SEAT));
  if ((await countSeatPhotos(db, seat.id)) >= JOB_PHOTOS_PER_SEAT) return full;
  // The file is written before the transaction (no network inside one); should the record
  // then fail, the unclaimed upload goes with the hourly clean-up like any other.
  const stored = await storeJobPhotoUpload(db, config, input.file, now);
  if (!stored.ok) return { ...stored, fieldErrors: { photo: stored.message } };
  const at = now.toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await claimJobPhoto(trx, stored.upload.id, now))) throw new Error("upload gone");
      await insertJobPhoto(trx, {
        id: newId(),
        booking_id: seat.booking_id,
        assignment_id: seat.id,
        upload_id: stored.upload.id,
        stage: parsed.value.stage,
        created_at: at,
      });
      // Two uploads at once each counted nine: the second to commit is turned away here.
      if ((await countSeatPhotos(trx, seat.id)) > JOB_PHOTOS_PER_SEAT)
        throw new PhotoLimitReached();
      await auditByCleaner(trx, {
        cleanerId,
        action: JOB_PHOTO_ADDED,
        subjectType: "quote",
        subjectId: seat.quote_id,
        at,
        details: { seat: seat.seat, stage: parsed.value.stage },
        ip: ctx.ip,
      });
    });
  } catch (error) {
    if (error instanceof PhotoLimitReached) return full;
    throw error;
  }
  return { ok: true, message: JOB_PHOTO_TEXT.added(parsed.value.stage) };
}

/** Deletes one of the cleaner's own seat's photos while the job is on; anyone else's is not found. */
export async function deleteJobPhoto(
  db: Kysely<Database>,
  config: StorageConfig,
  cleanerId: string,
  assignmentId: string,
  values: unknown,
  ctx: Ctx,
): Promise<Step> {
  const parsed = parseValues(values, JobPhotoDeleteSchema);
  if (!parsed.ok) return NOT_FOUND;
  const seat = await findOwnSeat(db, cleanerId, assignmentId);
  if (!seat) return NOT_FOUND;
  if (seat.booking_status !== "confirmed") {
    return failure("conflict", JOB_PHOTO_TEXT.jobDone);
  }
  const at = (ctx.now ?? new Date()).toISOString();
  const uploadId = await db.transaction().execute(async (trx) => {
    const deleted = await deleteSeatPhoto(trx, {
      photoId: parsed.value.photoId,
      assignmentId: seat.id,
    });
    if (!deleted) return null;
    await auditByCleaner(trx, {
      cleanerId,
      action: JOB_PHOTO_DELETED,
      subjectType: "quote",
      subjectId: seat.quote_id,
      at,
      details: { seat: seat.seat },
      ip: ctx.ip,
    });
    return deleted;
  });
  if (!uploadId) return NOT_FOUND;
  await removeJobPhotoUpload(db, config, uploadId);
  return { ok: true, message: JOB_PHOTO_TEXT.deleted };
}

/** Who is asking for a photo: each session the request carries, or null. */
export type PhotoViewer = {
  cleanerId: string | null;
  staff: { role: string; totp_enabled: number } | null;
  customerId: string | null;
};

/**
 * A photo's bytes for a viewer who may see it, else null (the route answers 404): the seat's
 * own cleaner; staff who may view leads (and have two-factor sign-in when owners require it,
 * as every admin page asks); the booking's customer, for an after photo of a completed clean
 * while proof of clean is shown.
 */
export async function openJobPhoto(
  db: Kysely<Database>,
  config: StorageConfig,
  photoId: string,
  viewer: PhotoViewer,
) {
  const photo = await findJobPhoto(db, photoId);
  if (!photo) return null;
  if (!(await maySee(db, photo, viewer))) return null;
  return openJobPhotoUpload(db, config, photo.upload_id);
}

async function maySee(
  db: Kysely<Database>,
  photo: NonNullable<Awaited<ReturnType<typeof findJobPhoto>>>,
  viewer: PhotoViewer,
) {
  if (viewer.cleanerId !== null && viewer.cleanerId === photo.cleaner_id) return true;
  if (viewer.staff && can(viewer.staff.role, "leads.view")) {
    if (viewer.staff.totp_enabled === 1) return true;
    if (!(await getStaffSignInPolicy(db)).requireTwoFactor) return true;
  }
  return (
    viewer.customerId !== null &&
    viewer.customerId === photo.customer_id &&
    photo.stage === "after" &&
    photo.booking_status === "completed" &&
    (await getProofOfClean(db))
  );
}
