import { ImagePlus, LoaderCircle } from "lucide-react";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";

// A photo chosen from a file (docs/decisions/0010-photo-uploads.md): checked in the browser by
// type and size, uploaded at once as multipart to the page's own action (which checks it again by
// its bytes and re-encodes it), the answer read by the form that keeps the upload's id.

/** The photo types every upload form accepts; the server decides by the bytes, not this list. */
const PHOTO_ACCEPT = ["image/jpeg", "image/png", "image/webp"] as const;

type PhotoRules = {
  /** The form field "intent" the page's action dispatches the upload on */
  intent: string;
  maxBytes: number;
  typeMessage: string;
  sizeMessage: string;
};

/** The browser's check: the form's message for a wrong type or too large a file, or null. */
function photoProblem(file: File, rules: Omit<PhotoRules, "intent">) {
  if (!(PHOTO_ACCEPT as readonly string[]).includes(file.type)) return rules.typeMessage;
  if (file.size >= rules.maxBytes) return rules.sizeMessage;
  return null;
}

/** Uploads a chosen photo; `problem` is the browser's or the server's message, if any. */
export function usePhotoUpload<Answer extends object>(rules: PhotoRules) {
  const fetcher = useFetcher<Answer>();
  const [browserProblem, setBrowserProblem] = useState<string | null>(null);
  const uploading = fetcher.state !== "idle";
  const answer = fetcher.data;

  const choose = (file: File | undefined) => {
    if (!file) return;
    const found = photoProblem(file, rules);
    setBrowserProblem(found);
    if (found) return;
    const body = new FormData();
    body.append("intent", rules.intent);
    body.append("photo", file);
    void fetcher.submit(body, { method: "post", encType: "multipart/form-data" });
  };
  const serverProblem =
    !uploading && answer && "error" in answer ? String(answer.error) : undefined;
  return { answer, uploading, choose, problem: browserProblem ?? serverProblem };
}

/** The file picker as a button-like label: keyboard reachable, its focus ring on the label. */
export function PhotoFileButton({
  id,
  label,
  uploading,
  invalid,
  onChoose,
  className,
}: {
  id: string;
  label: string;
  uploading: boolean;
  invalid: boolean;
  onChoose: (file: File | undefined) => void;
  className: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const Icon = uploading ? LoaderCircle : ImagePlus;
  return (
    <label
      htmlFor={id}
      className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-ink/40 font-semibold hover:border-ink has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 ${className}`}
    >
      <Icon
        aria-hidden="true"
        strokeWidth={1.5}
        className={uploading ? "size-5 motion-safe:animate-spin" : "size-5"}
      />
      {label}
      <input
        ref={input}
        id={id}
        type="file"
        accept={PHOTO_ACCEPT.join(",")}
        className="sr-only"
        aria-invalid={invalid ? true : undefined}
        aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ""}`}
        onChange={(event) => {
          onChoose(event.target.files?.[0]);
          // Choosing the same file again after an error uploads it again.
          if (input.current) input.current.value = "";
        }}
      />
    </label>
  );
}
