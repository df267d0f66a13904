import { ImagePlus, LoaderCircle, X } from "lucide-react";
import { useId, useRef } from "react";
import { usePhotoUploads, type Pending } from "./use-photo-uploads";

// docs/product/public-site.md#validation-rules and docs/product/public-site.md#business-constants-and-limits, docs/decisions/0010-photo-uploads.md: up to four photos, images only, several at once. Each goes to
// POST /api/uploads as soon as it is chosen; the form keeps only the upload's id and URL. Shared
// by the quote wizard and the post-construction request.

/** An uploaded photo as a form keeps it: the upload's id (sent) and our URL (shown). */
export type UploadedPhoto = { id: string; url: string };

export type PhotoPickerMessages = {
  /** docs/product/public-site.md#validation-rules and docs/product/public-site.md#messages: "Maximum 4 images allowed" */
  tooMany: string;
  /** A photo that did not upload and the server gave no reason */
  failed: string;
};

export function PhotoPicker({
  photos,
  onAdd,
  onRemove,
  max,
  messages,
  describe = "Your space",
}: {
  photos: UploadedPhoto[];
  onAdd: (photo: UploadedPhoto) => void;
  onRemove: (id: string) => void;
  max: number;
  messages: PhotoPickerMessages;
  /** The start of each preview's alt text: "Your space, view 1" */
  describe?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { pending, alert, full, choose, remove, dismiss } = usePhotoUploads({
    photos,
    onAdd,
    onRemove,
    max,
    messages,
  });
  return (
    <div>
      <label
        htmlFor={id}
        className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-ink/25 bg-white px-5 py-2.5 font-semibold hover:border-ink has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 ${full ? "pointer-events-none opacity-50" : ""}`}
      >
        <ImagePlus aria-hidden="true" className="size-5" strokeWidth={1.5} />
        Add photos
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/*"
          multiple
          disabled={full}
          aria-describedby={`${id}-hint`}
          className="sr-only"
          onChange={(event) => {
            choose(Array.from(event.target.files ?? []));
            if (input.current) input.current.value = "";
          }}
        />
      </label>
      <p id={`${id}-hint`} className="mt-2 text-sm text-muted">
        Up to {max} photos, {photos.length} added. JPEG, PNG, WebP or HEIC.
      </p>
      <div role="alert" className="mt-2 text-sm font-semibold text-danger">
        {alert}
      </div>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {photos.map((photo, index) => (
          <li key={photo.id} className="relative overflow-hidden rounded-md border border-line">
            <img
              src={photo.url}
              alt={`${describe}, view ${index + 1}`}
              className="aspect-square w-full object-cover"
            />
            <button
              type="button"
              onClick={() => remove(photo.id)}
              aria-label={`Remove photo ${index + 1}`}
              className="absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-full bg-ink/80 text-ivory hover:bg-ink"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </li>
        ))}
        {pending.map((p) => (
          <PendingPhoto key={p.key} pending={p} dismiss={() => dismiss(p.key)} />
        ))}
      </ul>
    </div>
  );
}

/** A photo still uploading, or one that failed with its reason until dismissed. */
function PendingPhoto({ pending, dismiss }: { pending: Pending; dismiss: () => void }) {
  return (
    <li className="flex aspect-square flex-col items-center justify-center gap-2 rounded-md border border-dashed border-ink/30 p-2 text-center text-sm">
      {pending.error ? (
        <>
          <span className="text-danger">{pending.error}</span>
          <button type="button" className="min-h-11 px-3 font-semibold underline" onClick={dismiss}>
            Dismiss
          </button>
        </>
      ) : (
        <>
          <LoaderCircle aria-hidden="true" className="size-5 motion-safe:animate-spin" />
          <span>Uploading {pending.name}</span>
        </>
      )}
    </li>
  );
}
