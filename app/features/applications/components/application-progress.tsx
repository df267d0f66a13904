import { APPLICATION_STEP_COUNT, APPLICATION_STEP_LABELS } from "../application-copy";

// docs/product/back-office.md#cleaner-application-wizard: the step as a fraction of six, labelled
// Personal to Review. A progressbar, so a screen reader hears "Step 2 of 6: Experience".

// Whole classes (the CSP refuses inline styles), one per step.
const WIDTHS = ["w-1/6", "w-2/6", "w-3/6", "w-4/6", "w-5/6", "w-full"];

export function ApplicationProgress({ step }: { step: number }) {
  const label = APPLICATION_STEP_LABELS[step - 1];
  return (
    <div>
      <p className="text-sm font-semibold tracking-wide text-gold-deep" aria-hidden="true">
        Step {step} of {APPLICATION_STEP_COUNT}
        {/* On a phone the six names do not fit under the bar: the current one is named here. */}
        <span className="sm:hidden">: {label}</span>
      </p>
      <div
        role="progressbar"
        aria-label="Application progress"
        aria-valuemin={1}
        aria-valuemax={APPLICATION_STEP_COUNT}
        aria-valuenow={step}
        aria-valuetext={`Step ${step} of ${APPLICATION_STEP_COUNT}: ${label}`}
        className="mt-3 h-2 overflow-hidden rounded-full bg-line"
      >
        <div
          className={`h-full rounded-full bg-gold-deep transition-[width] motion-reduce:transition-none ${WIDTHS[step - 1] ?? "w-full"}`}
        />
      </div>
      <ol aria-hidden="true" className="mt-2 hidden grid-cols-6 gap-1 text-center sm:grid">
        {APPLICATION_STEP_LABELS.map((title, index) => (
          <li
            key={title}
            className={`text-xs leading-tight ${index + 1 === step ? "font-semibold text-ink" : "text-muted"}`}
          >
            {title}
          </li>
        ))}
      </ol>
    </div>
  );
}
