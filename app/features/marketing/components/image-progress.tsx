import { IMAGE_PROGRESS, IMAGE_PROGRESS_PERCENT } from "../marketing-text";
import type { ImagePhase } from "./use-image-progress";

const TEXT: Record<Exclude<ImagePhase, "idle" | "error">, string> = {
  validating: IMAGE_PROGRESS.validating,
  adding: IMAGE_PROGRESS.adding,
  added: IMAGE_PROGRESS.added,
};

/** The progress line and bar of an image form, read out as it changes. */
export function ImageProgress({
  phase,
  label,
  error,
}: {
  phase: ImagePhase;
  label: string;
  /** What went wrong, under "Upload failed" */
  error?: string;
}) {
  return (
    <div aria-live="polite" aria-atomic="true" className="min-h-6 text-sm">
      {phase === "error" && (
        <div className="rounded-md border border-danger/40 bg-danger/5 px-3 py-2 text-danger dark:border-red-300/40 dark:text-red-300">
          <p className="font-semibold">{IMAGE_PROGRESS.failedTitle}</p>
          <p>{error ?? IMAGE_PROGRESS.failed}</p>
        </div>
      )}
      {phase !== "idle" && phase !== "error" && (
        <div className="flex flex-wrap items-center gap-3">
          <progress
            max={100}
            value={IMAGE_PROGRESS_PERCENT[phase]}
            aria-label={label}
            className="h-2 w-40 overflow-hidden rounded-full accent-gold-deep"
          />
          <span
            className={
              phase === "added" ? "font-semibold text-success dark:text-emerald-300" : undefined
            }
          >
            {TEXT[phase]}
          </span>
        </div>
      )}
    </div>
  );
}
