import type { Kysely } from "kysely";
import type { Database } from "~/server/database";
import { storageFor, type StorageConfig } from "~/server/storage.server";
import { claimJobPhotoUpload, deleteUploadOf } from "./uploads.repository.server";
import { readUpload, storeCheckedPhoto, uploadObjectKey } from "./uploads.service.server";

// A job's before and after photos (docs/decisions/0087-job-photos-and-on-my-way-texts.md): the
// same checks and re-encoding as every photo (docs/decisions/0010-photo-uploads.md), stored in
// the app's object storage (docs/decisions/0036-object-storage.md), but never served by
// /api/uploads: the job-visits feature decides who may see each one.

/** Checks, re-encodes and stores a job photo, unclaimed until the job's photo row claims it. */
export async function storeJobPhotoUpload(
  db: Kysely<Database>,
  config: StorageConfig,
  file: { bytes: Buffer } | null,
  now = new Date(),
) {
  return storeCheckedPhoto(db, config, file, "job_photo", now);
}

/** Inside the transaction that records the job's photo; false when the upload went meanwhile. */
export async function claimJobPhoto(trx: Kysely<Database>, uploadId: string, now = new Date()) {
  return claimJobPhotoUpload(trx, uploadId, now.toISOString());
}

/** Removes a job photo's upload, row then object, so no row is left pointing at nothing. */
export async function removeJobPhotoUpload(
  db: Kysely<Database>,
  config: StorageConfig,
  uploadId: string,
) {
  const key = await deleteUploadOf(db, uploadId, "job_photo");
  if (key) await (await storageFor(config)).delete(uploadObjectKey(key));
}

/** A job photo's bytes as a stream, for a caller that already checked who is asking. */
export async function openJobPhotoUpload(
  db: Kysely<Database>,
  config: StorageConfig,
  uploadId: string,
) {
  return readUpload(db, config, uploadId, ["job_photo"]);
}
