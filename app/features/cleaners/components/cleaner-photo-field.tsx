import { useState } from "react";
import { FieldError } from "~/components/kit/field";
import { PhotoFileButton, usePhotoUpload } from "~/components/kit/photo-upload";
import {
  CLEANER_PHOTO_MAX_BYTES,
  CLEANER_PHOTO_TEXT,
  PHOTO_INTENT,
  type CleanerPhotoUpload,
} from "../cleaner-admin-copy";

// A cleaner's photo chosen from a file (docs/decisions/0010-photo-uploads.md), kept in the form
// as the upload's id.

export function CleanerPhotoField({ idPrefix, error }: { idPrefix: string; error?: string }) {
  const upload = usePhotoUpload<CleanerPhotoUpload>({
    intent: PHOTO_INTENT,
    maxBytes: CLEANER_PHOTO_MAX_BYTES,
    typeMessage: CLEANER_PHOTO_TEXT.type,
    sizeMessage: CLEANER_PHOTO_TEXT.size,
  });
  // The answer removed with "Remove photo", so the latest upload shows until then.
  const [removed, setRemoved] = useState<CleanerPhotoUpload | null>(null);
  const { answer, uploading } = upload;
  const photo = answer && "photo" in answer && answer !== removed ? answer.photo : null;
  const message = upload.problem ?? error;
  const id = `${idPrefix}-photo-file`;
  return (
    <div>
      <input type="hidden" name="photoId" value={photo?.id ?? ""} />
      <p className="text-sm font-semibold">Photo upload</p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        {photo && (
          <img
            src={photo.url}
            alt="The cleaner, as uploaded"
            width={56}
            height={56}
            className="size-14 rounded-full border border-line object-cover"
          />
        )}
        <PhotoFileButton
          id={id}
          label={CLEANER_PHOTO_TEXT.upload}
          uploading={uploading}
          invalid={Boolean(message)}
          onChoose={upload.choose}
          className="px-4 text-sm dark:border-ivory/40"
        />
        {photo && (
          <button
            type="button"
            onClick={() => setRemoved(answer ?? null)}
            className="min-h-11 text-sm font-semibold underline underline-offset-4"
          >
            {CLEANER_PHOTO_TEXT.remove}
          </button>
        )}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted dark:text-mist">
        {CLEANER_PHOTO_TEXT.hint}
      </p>
      <div aria-live="polite">
        {uploading && <p className="mt-1 text-sm">{CLEANER_PHOTO_TEXT.uploading}</p>}
      </div>
      <div role="alert">
        <FieldError id={`${id}-error`} error={uploading ? undefined : (message ?? undefined)} />
      </div>
    </div>
  );
}
