import type { Kysely } from "kysely";
import {
  photoFileOf,
  applicantPhotoAvailable,
  claimApplicantPhoto,
  storeApplicantPhoto,
  UploadClaimError,
  uploadUrl,
} from "~/features/uploads/uploads.service.server";
import { parseForm } from "~/lib/forms";
import { newId } from "~/lib/ids";
import { failure, failureStatus, fieldFailure, type Failure } from "~/lib/result";
import type { AppConfig } from "~/server/config.server";
import { bumpContentVersion } from "~/server/content-version.repository.server";
import type { Database, NewCleaner } from "~/server/database";
import { AddCleanerSchema, type AddCleanerField, type AddCleanerInput } from "./add-cleaner.schema";
import { ADD_CLEANER_TEXT, type CleanerPhotoUpload } from "./cleaner-admin-copy";
import { cleanerEmailTaken, insertCleaner } from "~/server/cleaner-rows.repository.server";

// docs/product/back-office.md#add-new-cleaner and #entities-and-fields: a cleaner added by staff
// has a rating of 0 and no jobs, and is Offline until their police check is recorded
// (docs/decisions/0042-who-is-free-for-a-job.md). Its photo is a URL or an upload checked
// by content and re-encoded (docs/decisions/0010-photo-uploads.md), claimed in the same
// transaction as the row.

/** A refusal; one from the form's own checks also carries what was typed, to show it again. */
type AddCleanerFailure = Failure<AddCleanerField> & {
  values?: Partial<Record<AddCleanerField, string>>;
};

export type AddCleanerResult = { ok: true; cleanerId: string; name: string } | AddCleanerFailure;

const emailTaken = () =>
  fieldFailure<AddCleanerField>("conflict", "email", ADD_CLEANER_TEXT.duplicateEmail);
const photoGone = () =>
  fieldFailure<AddCleanerField>("invalid", "photoId", ADD_CLEANER_TEXT.photoGone);

/** The row of a cleaner staff add: offline, unrated, no jobs, nothing from an application. */
export function newCleanerRow(input: AddCleanerInput, id: string, now: string): NewCleaner {
  const photo = input.photoId !== "" ? uploadUrl(input.photoId) : input.photoUrl || null;
  return {
    id,
    name: input.name,
    email: input.email.toLowerCase(),
    phone: input.phone,
    photo,
    location: input.location,
    services: JSON.stringify(input.services),
    availability: JSON.stringify(input.availability),
    languages: JSON.stringify(input.languages),
    specialties: JSON.stringify(input.specialties),
    // docs/decisions/0042-who-is-free-for-a-job.md: Available needs a current police check, which
    // staff record on the profile; until then the new cleaner is Offline.
    status: "offline",
    source: "admin",
    created_at: now,
    updated_at: now,
  };
}

/** Checks the Add Cleaner form again and stores the cleaner; throws when nothing could be stored. */
export async function addCleaner(
  db: Kysely<Database>,
  form: FormData | URLSearchParams,
  options: { now?: Date } = {},
): Promise<AddCleanerResult> {
  const now = options.now ?? new Date();
  const parsed = parseForm(form, AddCleanerSchema);
  if (!parsed.ok) {
    const message = Object.values(parsed.fieldErrors)[0] ?? ADD_CLEANER_TEXT.failed;
    return { ...failure("invalid", message, parsed.fieldErrors), values: parsed.values };
  }
  const input = parsed.value;
  if (await cleanerEmailTaken(db, input.email)) return emailTaken();
  if (input.photoId !== "" && !(await applicantPhotoAvailable(db, input.photoId, now))) {
    return photoGone();
  }
  const id = newId();
  const row = newCleanerRow(input, id, now.toISOString());
  try {
    return await db.transaction().execute(async (trx): Promise<AddCleanerResult> => {
      if (!(await insertCleaner(trx, row))) return emailTaken();
      if (input.photoId !== "") await claimApplicantPhoto(trx, input.photoId, id, now);
      // An offline cleaner has a public page too (/provider/{id}).
      await bumpContentVersion(trx, now);
      return { ok: true, cleanerId: id, name: input.name };
    });
  } catch (error) {
    if (error instanceof UploadClaimError) return photoGone();
    throw error;
  }
}

/** A photo for a cleaner, chosen in the back office: the applicant photo's checks and re-encoding. */
export async function uploadCleanerPhoto(
  db: Kysely<Database>,
  config: Pick<AppConfig, "dataDir">,
  form: FormData,
): Promise<{ status: number; body: CleanerPhotoUpload }> {
  const photo = photoFileOf(form);
  if ("error" in photo) return { status: 400, body: { error: photo.error } };
  const bytes = photo.file ? Buffer.from(await photo.file.arrayBuffer()) : null;
  const result = await storeApplicantPhoto(db, config, bytes ? { bytes } : null);
  if (result.ok) {
    return { status: 201, body: { photo: { id: result.upload.id, url: result.upload.url } } };
  }
  return { status: failureStatus(result.kind), body: { error: result.message } };
}
