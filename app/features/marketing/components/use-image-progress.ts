import { useEffect, useState, type RefObject } from "react";
import type { MarketingResult } from "../marketing.schema";
import { IMAGE_PROGRESS_RESET_MS } from "../marketing-text";

/**
 * docs/product/back-office.md#statuses-and-flows: idle, uploading (validating at 30%, adding
 * at 60%), success (100%, back to idle after 3 seconds), error.
 */
export type ImagePhase = "idle" | "validating" | "adding" | "added" | "error";

type FetcherLike = { state: string; data?: MarketingResult };

/**
 * Follows one image form's fetcher through the spec's progress states, derived from the
 * fetcher: a new answer shows until the next post, a success for 3 seconds (then the form is
 * emptied for the next image).
 */
export function useImageProgress(fetcher: FetcherLike, form: RefObject<HTMLFormElement | null>) {
  const [validating, setValidating] = useState(false);
  // The answer already dealt with (timed out, or superseded by a new post).
  const [dismissed, setDismissed] = useState<MarketingResult | undefined>(undefined);
  const result = fetcher.data !== dismissed ? fetcher.data : undefined;

  let phase: ImagePhase = "idle";
  if (validating) phase = "validating";
  else if (fetcher.state !== "idle") phase = "adding";
  else if (result?.ok) phase = "added";
  else if (result && !result.fieldErrors?.url) phase = "error";

  useEffect(() => {
    if (phase !== "added") return;
    form.current?.reset();
    const timer = setTimeout(() => setDismissed(result), IMAGE_PROGRESS_RESET_MS);
    return () => clearTimeout(timer);
  }, [phase, result, form]);

  return {
    phase,
    /** The form is being checked in the browser (true), or that check is over (false). */
    setValidating: (on: boolean) => {
      setValidating(on);
      if (on) setDismissed(fetcher.data);
    },
    /** A new post starts: the last answer is put away. */
    restart: () => setDismissed(fetcher.data),
  };
}
