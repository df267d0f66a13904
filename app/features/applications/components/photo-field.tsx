import { ImagePlus, LoaderCircle, UserRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FieldError } from "~/components/kit/field";
import {
  APPLICANT_PHOTO_MAX_BYTES,
  APPLICANT_PHOTO_TYPES,
  APPLICATION_TEXT,
} from "../application-copy";
import { PHOTO_INTENT, type PhotoUploadData, type UploadedPhoto } from "../application-form";
import { fieldId } from "./answer-fields";

// docs/product/back-office.md#cleaner-application-wizard and #validation-rules: the profile photo,
// checked here (type and size) and again on the server by its bytes
// (docs/decisions/0010-photo-uploads.md). It uploads as soon as it is chosen; the form keeps only
// the upload's id and our URL, so the preview survives a refresh.

/** The browser's check: the spec's two messages, or null when the file may be sent. */
export function photoProblem(file: File) {
  if (!(APPLICANT_PHOTO_TYPES as readonly string[]).includes(file.type)) {
    return APPLICATION_TEXT.photoType;
  }
  if (file.size >= APPLICANT_PHOTO_MAX_BYTES) return APPLICATION_TEXT.photoSize;
  return null;
}

export function PhotoField({
  photo,
  onChange,
  error,
}: {
  photo: UploadedPhoto | null;
  onChange: (photo: UploadedPhoto | null) => void;
  error?: string;
}) {
  const fetcher = useFetcher<PhotoUploadData>();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const uploading = fetcher.state !== "idle";
  const answer = fetcher.data;

  useEffect(() => {
    if (answer && "photo" in answer && answer.photo) onChange(answer.photo);
    // onChange is a new function each render; the answer is what matters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const browserProblem = photoProblem(file);
    setProblem(browserProblem);
    if (browserProblem) return;
    const body = new FormData();
    body.append("intent", PHOTO_INTENT);
    body.append("photo", file);
    void fetcher.submit(body, { method: "post", encType: "multipart/form-data" });
  };

  const serverProblem = !uploading && answer && "error" in answer ? answer.error : undefined;
  const message = problem ?? serverProblem ?? error;
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
        <label
          htmlFor={id}
          className="mt-2 inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-ink/40 bg-white px-5 py-2.5 font-semibold hover:border-ink has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2"
        >
          {uploading ? (
            <LoaderCircle aria-hidden="true" className="size-5 motion-safe:animate-spin" />
          ) : (
            <ImagePlus aria-hidden="true" className="size-5" strokeWidth={1.5} />
          )}
          {APPLICATION_TEXT.uploadPhoto}
          <input
            ref={input}
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            aria-invalid={message ? true : undefined}
            aria-describedby={`${id}-hint${message ? ` ${id}-error` : ""}`}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              if (input.current) input.current.value = "";
            }}
          />
        </label>
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
