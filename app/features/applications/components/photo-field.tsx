import { UserRound } from "lucide-react";
import { useEffect } from "react";
import { FieldError } from "~/components/kit/field";
import { PhotoFileButton, usePhotoUpload } from "~/components/kit/photo-upload";
import { APPLICANT_PHOTO_MAX_BYTES, APPLICATION_TEXT } from "../application-copy";
import { PHOTO_INTENT, type PhotoUploadData, type UploadedPhoto } from "../application-form";
import { fieldId } from "./answer-fields";

// docs/product/back-office.md#cleaner-application-wizard and #validation-rules: the profile photo,
// checked here (type and size) and again on the server by its bytes
// (docs/decisions/0010-photo-uploads.md). It uploads as soon as it is chosen; the form keeps only
// the upload's id and our URL, so the preview survives a refresh.

export function PhotoField({
  photo,
  onChange,
  error,
}: {
  photo: UploadedPhoto | null;
  onChange: (photo: UploadedPhoto | null) => void;
  error?: string;
}) {
  const upload = usePhotoUpload<PhotoUploadData>({
    intent: PHOTO_INTENT,
    maxBytes: APPLICANT_PHOTO_MAX_BYTES,
    typeMessage: APPLICATION_TEXT.photoType,
    sizeMessage: APPLICATION_TEXT.photoSize,
  });
  const { answer, uploading } = upload;

  useEffect(() => {
    if (answer && "photo" in answer && answer.photo) onChange(answer.photo);
    // onChange is a new function each render; the answer is what matters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  const message = upload.problem ?? error;
  const id = fieldId("photoId");
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div className="flex size-28 shrink-0 items-center justify-center overflow-hidden rounded-full border border-line bg-ivory">
        {photo ? (
          <img src={photo.url} alt="Your uploaded headshot" className="size-full object-cover" />
        ) : (
          <span className="flex flex-col items-center gap-1 text-sm text-muted">
            <UserRound aria-hidden="true" className="size-8" strokeWidth={1.5} />
            {APPLICATION_TEXT.noPhoto}
          </span>
        )}
      </div>
      <div>
        <p className="text-sm font-semibold">Profile photo</p>
        <PhotoFileButton
          id={id}
          label={APPLICATION_TEXT.uploadPhoto}
          uploading={uploading}
          invalid={Boolean(message)}
          onChoose={upload.choose}
          className="mt-2 bg-white px-5 py-2.5"
        />
        <p id={`${id}-hint`} className="mt-2 text-sm text-muted">
          {APPLICATION_TEXT.photoHint}
        </p>
        <div aria-live="polite">
          {uploading && <p className="mt-1 text-sm">Uploading your photo...</p>}
        </div>
        <div role="alert">
          <FieldError id={`${id}-error`} error={uploading ? undefined : message} />
        </div>
      </div>
    </div>
  );
}
