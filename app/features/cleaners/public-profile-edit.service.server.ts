import type { Kysely } from "kysely";
import {
  applicantPhotoAvailable,
  claimApplicantPhoto,
  UploadClaimError,
  uploadUrl,
} from "~/features/uploads/uploads.service.server";
import { parseForm } from "~/lib/forms";
import { failure, fieldFailure, type Failure } from "~/lib/result";
import { bumpContentVersion } from "~/server/content-version.repository.server";
import type { Database } from "~/server/database";
import { ADD_CLEANER_TEXT, PROFILE_TEXT } from "./cleaner-admin-copy";
import { findCleanerForProfile, updateCleanerProfileFields } from "./cleaners.repository.server";
import {
  dollarsToCents,
  PublicProfileEditSchema,
  type PublicProfileEditField,
} from "./public-profile-edit.schema";

// Staff edit what /provider/{id} shows (docs/decisions/0012-real-customer-data.md): about text,
// working hours, price per day and photo. The change and the content version's bump share a
// transaction, so every process shows the new profile from its next request.

/** A refusal; one from the form's own checks also carries what was typed, to show it again. */
export type ProfileEditResult =
  | { ok: true }
  | (Failure<PublicProfileEditField> & {
      values?: Partial<Record<PublicProfileEditField, string>>;
    });

const notFound = () => failure<PublicProfileEditField>("not_found", PROFILE_TEXT.notFound);
const photoGone = () =>
  fieldFailure<PublicProfileEditField>("invalid", "photoId", ADD_CLEANER_TEXT.photoGone);

export async function updatePublicProfile(
  db: Kysely<Database>,
  cleanerId: string,
  form: FormData | URLSearchParams,
  options: { now?: Date } = {},
): Promise<ProfileEditResult> {
  const now = options.now ?? new Date();
  const parsed = parseForm(form, PublicProfileEditSchema);
  if (!parsed.ok) {
    const message = Object.values(parsed.fieldErrors)[0] ?? PROFILE_TEXT.saveFailed;
    return { ...failure("invalid", message, parsed.fieldErrors), values: parsed.values };
  }
  const edit = parsed.value;
  const current = await findCleanerForProfile(db, cleanerId);
  if (!current) return notFound();
  if (edit.photoId !== "" && !(await applicantPhotoAvailable(db, edit.photoId, now))) {
    return photoGone();
  }
  // A new upload wins over a typed URL; a typed URL replaces the photo; neither keeps an
  // uploaded photo as it is (its URL is not shown in the form); "remove" clears it.
  const photo = edit.removePhoto
    ? null
    : edit.photoId !== ""
      ? uploadUrl(edit.photoId)
      : edit.photoUrl !== ""
        ? edit.photoUrl
        : current.photo?.startsWith("/api/uploads/")
          ? current.photo
          : null;
  try {
    return await db.transaction().execute(async (trx): Promise<ProfileEditResult> => {
      const updated = await updateCleanerProfileFields(trx, cleanerId, {
        about: edit.about || null,
        working_hours: edit.workingHours || null,
        price_per_day_cents: dollarsToCents(edit.pricePerDay),
        photo,
        updated_at: now.toISOString(),
      });
      if (!updated) return notFound();
      if (edit.photoId !== "") await claimApplicantPhoto(trx, edit.photoId, cleanerId, now);
      await bumpContentVersion(trx, now);
      return { ok: true };
    });
  } catch (error) {
    if (error instanceof UploadClaimError) return photoGone();
    throw error;
  }
}
