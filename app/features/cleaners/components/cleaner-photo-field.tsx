import { ImagePlus, LoaderCircle } from "lucide-react";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FieldError } from "~/components/kit/field";
import {
  CLEANER_PHOTO_MAX_BYTES,
  CLEANER_PHOTO_TEXT,
  CLEANER_PHOTO_TYPES,
  PHOTO_INTENT,
  type CleanerPhotoUpload,
} from "../cleaner-admin-copy";

// A cleaner's photo chosen from a file (docs/decisions/0010-photo-uploads.md): checked here by
// type and size, uploaded at once to the page's own action (checked again by its bytes and
// re-encoded there), and kept in the form as the upload's id.

function photoProblem(file: File) {
  if (!(CLEANER_PHOTO_TYPES as readonly string[]).includes(file.type))
    return CLEANER_PHOTO_TEXT.type;
  if (file.size >= CLEANER_PHOTO_MAX_BYTES) return CLEANER_PHOTO_TEXT.size;
  return null;
}

export function CleanerPhotoField({ idPrefix, error }: { idPrefix: string; error?: string }) {
  const fetcher = useFetcher<CleanerPhotoUpload>();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The answer removed with "Remove photo", so the latest upload shows until then.
  const [removed, setRemoved] = useState<CleanerPhotoUpload | null>(null);
  const uploading = fetcher.state !== "idle";
  const answer = fetcher.data;
  const photo = answer && "photo" in answer && answer !== removed ? answer.photo : null;

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
        <label
          htmlFor={id}
          className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-ink/40 px-4 text-sm font-semibold hover:border-ink has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 dark:border-ivory/40"
        >
          {uploading ? (
            <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
          ) : (
            <ImagePlus aria-hidden="true" className="size-4" />
          )}
          {CLEANER_PHOTO_TEXT.upload}
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
