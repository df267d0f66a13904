import { randomBytes } from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import { newId } from "~/lib/ids";
import { failure, type Result } from "~/lib/result";
import type { Database } from "~/server/database";
import { storageFor, type StorageConfig } from "~/server/storage.server";
import {
  MAX_UPLOAD_BYTES,
  reencodePhoto,
  sniffImageType,
  UnusablePhotoError,
  type EncodedPhoto,
} from "./upload-content.server";
import { UPLOAD_MESSAGES } from "./upload-messages";
import {
  checkDocumentContent,
  DOCUMENT_EXTENSION,
  DOCUMENT_MIME,
  type DocumentType,
} from "./document-content.server";
import {
  claimUploadForCleaner,
  claimUploadsForQuote,
  deleteUnclaimed,
  findUnclaimedBefore,
  findUploadById,
  findUploadsByIds,
  insertUpload,
  type UploadRow,
} from "./uploads.repository.server";

// docs/decisions/0010-photo-uploads.md: quote photos are uploaded one by one before the quote is sent, each stored as a fresh
// WebP under uploads/ in the object storage (the data folder, or the S3 bucket:
// docs/decisions/0036-object-storage.md) and served from our own origin. The quote claims them; an
// upload nobody claims within a day is removed by the hourly uploads.clean job (uploads-cleanup.server.ts).

/** Unclaimed uploads older than this are removed. */
export const UNCLAIMED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

export type StoredUpload = { id: string; url: string; width: number; height: number };

export type StoreUploadResult = Result<{ upload: StoredUpload }>;

/** The folder the local backend keeps uploads in (tests look inside it). */
export function uploadsDir(config: Pick<StorageConfig, "dataDir">) {
  return path.join(config.dataDir, "uploads");
}

/** The upload's object key. Keys are ours (hex), never a visitor's file name. */
export function uploadObjectKey(key: string) {
  return `uploads/${key}.webp`;
}

/** Our URL for an upload; the quote keeps it in space_details.images. */
export function uploadUrl(id: string) {
  return `/api/uploads/${id}`;
}

/**
 * An applicant's photo kept as its upload address (what an application stores in
 * cleaners.photo), with its size, or null when it is not one or the upload is gone.
 * The cleaner's public profile shows it rather than the monogram.
 */
export async function findApplicantPhoto(db: Kysely<Database>, url: string) {
  const id = /^\/api\/uploads\/([0-9a-f-]{36})$/i.exec(url)?.[1];
  if (!id) return null;
  const row = await findUploadById(db, id);
  if (!row || row.purpose !== "applicant_photo") return null;
  return { url: uploadUrl(row.id), width: row.width, height: row.height };
}

/** Stores one quote photo: checked, re-encoded without metadata, written, recorded. */
export async function storeQuotePhoto(
  db: Kysely<Database>,
  config: StorageConfig,
  file: { bytes: Buffer } | null,
  now = new Date(),
): Promise<StoreUploadResult> {
  return storeCheckedPhoto(db, config, file, "quote_photo", now);
}

/**
 * Stores one photo for `purpose` with the quote photo's checks (bytes, size, decodes), re-encoded
 * without metadata, unclaimed until the record that holds it claims it.
 */
export async function storeCheckedPhoto(
  db: Kysely<Database>,
  config: StorageConfig,
  file: { bytes: Buffer } | null,
  purpose: UploadRow["purpose"],
  now = new Date(),
): Promise<StoreUploadResult> {
  if (!file || file.bytes.length === 0) return failure("invalid", UPLOAD_MESSAGES.missingFile);
  if (file.bytes.length > MAX_UPLOAD_BYTES) return failure("too_large", UPLOAD_MESSAGES.tooLarge);
  let photo;
  try {
    photo = await reencodePhoto(file.bytes);
  } catch (error) {
    if (error instanceof UnusablePhotoError)
      return failure("unsupported", UPLOAD_MESSAGES.notAPhoto);
    throw error;
  }

  return { ok: true, upload: await writeUpload(db, config, photo, purpose, now) };
}

/** Writes a re-encoded photo to the upload folder and records it, unclaimed. */
async function writeUpload(
  db: Kysely<Database>,
  config: StorageConfig,
  photo: EncodedPhoto,
  purpose: UploadRow["purpose"],
  now: Date,
): Promise<StoredUpload> {
  const id = newId();
  const key = randomBytes(16).toString("hex");
  const storage = await storageFor(config);
  // The object first, then its row: a row never points at nothing.
  await storage.put(uploadObjectKey(key), photo.data, photo.mime);
  try {
    await insertUpload(db, {
      id,
      key,
      purpose,
      mime: photo.mime,
      bytes: photo.data.length,
      width: photo.width,
      height: photo.height,
      created_at: now.toISOString(),
    });
  } catch (error) {
    await storage.delete(uploadObjectKey(key));
    throw error;
  }
  return { id, url: uploadUrl(id), width: photo.width, height: photo.height };
}

/** docs/product/back-office.md#validation-rules: the applicant's photo is a JPEG, PNG or WebP under 5MB. */
const APPLICANT_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const APPLICANT_PHOTO_TYPES = new Set(["jpeg", "png", "webp"]);

/**
 * Stores a cleaner applicant's photo (docs/decisions/0010-photo-uploads.md): its bytes must say
 * JPEG, PNG or WebP whatever its name, it must be under 5MB, and it is re-encoded without
 * metadata. The application claims it; unclaimed, it is removed after a day like any upload.
 * No file at all is refused as not a photo we take, with the same message.
 */
export async function storeApplicantPhoto(
  db: Kysely<Database>,
  config: StorageConfig,
  file: { bytes: Buffer } | null,
  now = new Date(),
): Promise<StoreUploadResult> {
  const notAPhoto = failure("unsupported", UPLOAD_MESSAGES.applicantPhotoType);
  if (!file || file.bytes.length === 0) return notAPhoto;
  if (file.bytes.length >= APPLICANT_PHOTO_MAX_BYTES) {
    return failure("too_large", UPLOAD_MESSAGES.applicantPhotoSize);
  }
  const sniffed = sniffImageType(file.bytes);
  if (!sniffed || !APPLICANT_PHOTO_TYPES.has(sniffed)) return notAPhoto;
  let photo;
  try {
    photo = await reencodePhoto(file.bytes);
  } catch (error) {
    if (error instanceof UnusablePhotoError) return notAPhoto;
    throw error;
  }
  return { ok: true, upload: await writeUpload(db, config, photo, "applicant_photo", now) };
}

/** True when `id` names an applicant photo still unclaimed and not yet due for removal. */
export async function applicantPhotoAvailable(db: Kysely<Database>, id: string, now = new Date()) {
  const row = await findUploadById(db, id);
  return (
    row !== undefined &&
    row.purpose === "applicant_photo" &&
    row.claimed_at === null &&
    Date.parse(row.created_at) > now.getTime() - UNCLAIMED_UPLOAD_TTL_MS
  );
}

/** Inside the application's transaction: ties the photo to the cleaner, or throws when it went. */
export async function claimApplicantPhoto(
  trx: Kysely<Database>,
  id: string,
  cleanerId: string,
  now = new Date(),
) {
  const claimed = await claimUploadForCleaner(trx, id, cleanerId, now.toISOString());
  if (!claimed) throw new UploadClaimError("the photo was claimed or removed");
}

/**
 * What /api/uploads/:id serves to anyone holding the id. A job's photos are not among them: they
 * are served only to who may see them (docs/decisions/0087-job-photos-and-on-my-way-texts.md).
 */
const PUBLIC_PURPOSES: readonly UploadRow["purpose"][] = ["quote_photo", "applicant_photo"];

/**
 * An upload as a stream with its type and size, or null when there is no such upload (or its
 * object is gone). The caller streams it: a photo is never held whole in memory to be served.
 */
export async function readUpload(
  db: Kysely<Database>,
  config: StorageConfig,
  id: string,
  purposes: readonly UploadRow["purpose"][] = PUBLIC_PURPOSES,
) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const row = await findUploadById(db, id);
  if (!row || !purposes.includes(row.purpose)) return null;
  const object = await (await storageFor(config)).get(uploadObjectKey(row.key));
  if (!object) return null;
  const body = Readable.toWeb(object.body) as ReadableStream<Uint8Array>;
  return { mime: row.mime, size: object.size, body };
}

/**
 * True when every id names a quote photo that is still unclaimed and not yet due for removal:
 * the quote can take them. Checked before the quote's transaction; the claim itself re-checks.
 */
export async function quotePhotosAvailable(
  db: Kysely<Database>,
  ids: readonly string[],
  now = new Date(),
) {
  if (ids.length === 0) return true;
  const rows = await findUploadsByIds(db, ids);
  const oldest = now.getTime() - UNCLAIMED_UPLOAD_TTL_MS;
  return (
    rows.length === new Set(ids).size &&
    rows.every(
      (row) =>
        row.purpose === "quote_photo" &&
        row.claimed_at === null &&
        Date.parse(row.created_at) > oldest,
    )
  );
}

export class UploadClaimError extends Error {
  override name = "UploadClaimError";
}

/** Inside the quote's transaction: ties the photos to it, or throws when one was taken meanwhile. */
export async function claimQuotePhotos(
  trx: Kysely<Database>,
  ids: readonly string[],
  quoteId: string,
  now = new Date(),
) {
  const claimed = await claimUploadsForQuote(trx, ids, quoteId, now.toISOString());
  if (claimed !== ids.length) throw new UploadClaimError("a photo was claimed or removed");
}

/** Removes unclaimed uploads older than a day, rows and files; returns how many went. */
export async function cleanUnclaimedUploads(
  db: Kysely<Database>,
  config: StorageConfig,
  now = new Date(),
) {
  const before = new Date(now.getTime() - UNCLAIMED_UPLOAD_TTL_MS).toISOString();
  const storage = await storageFor(config);
  let removed = 0;
  for (;;) {
    const batch = await findUnclaimedBefore(db, before, 200);
    if (batch.length === 0) return removed;
    // Row first, then only the files of rows deleted: a quote claiming a photo at this moment
    // either wins (row and file kept) or finds it gone.
    const deleted = await deleteUnclaimed(
      db,
      batch.map((row) => row.id),
    );
    await Promise.all(deleted.map((row) => storage.delete(uploadObjectKey(row.key))));
    removed += deleted.length;
    if (batch.length < 200) return removed;
  }
}

export type ReencodedSitePhoto = Result<{ data: Buffer }>;

/**
 * A photo staff upload for the public site (hero slides, room cards; docs/decisions/0010-photo-uploads.md):
 * the same checks as a quote photo (bytes, size, decodes) and re-encoded without metadata. The
 * caller hands the result to the image store, which makes its responsive variants.
 */
export async function reencodeSitePhoto(
  file: { bytes: Buffer } | null,
): Promise<ReencodedSitePhoto> {
  if (!file || file.bytes.length === 0) return failure("invalid", UPLOAD_MESSAGES.missingFile);
  if (file.bytes.length > MAX_UPLOAD_BYTES) return failure("too_large", UPLOAD_MESSAGES.tooLarge);
  try {
    return { ok: true, data: (await reencodePhoto(file.bytes)).data };
  } catch (error) {
    if (error instanceof UnusablePhotoError)
      return failure("unsupported", UPLOAD_MESSAGES.notAPhoto);
    throw error;
  }
}

/**
 * The one photo of an upload form (field "photo"), or null when none was sent. A form carrying
 * more than one file is refused whole, with the message to show, rather than the first stored
 * and the rest dropped unseen.
 */
export function photoFileOf(form: FormData): { file: File | null } | { error: string } {
  const files = [...form.values()].filter((value) => value instanceof File);
  if (files.length > 1) return { error: UPLOAD_MESSAGES.oneAtATime };
  const photo = form.get("photo");
  return { file: photo instanceof File ? photo : null };
}

export type CheckedDocument = Result<{
  type: DocumentType;
  mime: (typeof DOCUMENT_MIME)[DocumentType];
  extension: string;
}>;

/**
 * A document for an application (docs/decisions/0056-application-outcomes-and-documents.md):
 * a PDF, JPEG or PNG by its content, no larger than any other upload (10 MB). The caller keeps
 * the bytes as they are, in private storage.
 */
export async function checkDocumentFile(file: { bytes: Buffer } | null): Promise<CheckedDocument> {
  if (!file || file.bytes.length === 0) {
    return failure("invalid", UPLOAD_MESSAGES.missingDocument);
  }
  if (file.bytes.length > MAX_UPLOAD_BYTES) {
    return failure("too_large", UPLOAD_MESSAGES.documentTooLarge);
  }
  const type = await checkDocumentContent(file.bytes);
  if (!type) return failure("unsupported", UPLOAD_MESSAGES.notADocument);
  return { ok: true, type, mime: DOCUMENT_MIME[type], extension: DOCUMENT_EXTENSION[type] };
}
