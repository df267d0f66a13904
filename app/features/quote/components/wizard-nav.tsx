import { ArrowLeft, ArrowRight } from "lucide-react";
import { buttonClasses } from "~/components/ui/button";

// Back and Next under each step. Next stays disabled until the step is valid, and says why once
// the customer has touched the step (no error on arrival: nothing is wrong yet); before that, a neutral hint.

export function WizardNav({
  onBack,
  onNext,
  reason,
  showReason = true,
  children,
}: {
  onBack?: () => void;
  onNext?: () => void;
  reason?: string;
  /** Whether `reason` shows as an error; otherwise a neutral hint stands in for it */
  showReason?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <div className="mt-10 border-t border-line pt-6">
      <div aria-live="polite" aria-atomic="true">
        {reason && showReason && (
          <p id="quote-next-reason" className="mb-4 text-sm font-semibold text-danger">
            {reason}
          </p>
        )}
        {reason && !showReason && (
          <p id="quote-next-reason" className="mb-4 text-sm text-ink-soft">
            Answer the questions above to continue.
          </p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        {onBack ? (
          <button type="button" onClick={onBack} className={buttonClasses("outline")}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back
          </button>
        ) : (
          <span />
        )}
        {onNext ? (
          <button
            type="button"
            onClick={onNext}
            disabled={Boolean(reason)}
            aria-describedby={reason ? "quote-next-reason" : undefined}
            className={buttonClasses("ink", "disabled:cursor-not-allowed disabled:opacity-50")}
          >
            Next
            <ArrowRight aria-hidden="true" className="size-4" />
          </button>
        ) : (
          children
        )}
      </div>
    </div>
  );
}
