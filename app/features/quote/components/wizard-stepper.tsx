import { QUOTE_STEP_TITLES } from "../quote-copy";

// The step indicator: "Step 2 of 6" and the six labels, the current one marked aria-current.

export function WizardStepper({ step }: { step: number }) {
  return (
    <nav aria-label="Quote progress">
      <p className="text-sm font-semibold tracking-wide text-gold-deep">
        Step {step} of {QUOTE_STEP_TITLES.length}
      </p>
      <ol className="mt-3 grid grid-cols-6 gap-1.5">
        {QUOTE_STEP_TITLES.map((title, index) => {
          const number = index + 1;
          const state = number < step ? "done" : number === step ? "current" : "todo";
          return (
            <li
              key={title}
              aria-current={state === "current" ? "step" : undefined}
              className="flex flex-col gap-1.5"
            >
              <span
                aria-hidden="true"
                className={`h-1.5 rounded-full ${state === "todo" ? "bg-line" : "bg-gold-deep"}`}
              />
              <span
                className={`text-xs leading-tight max-sm:sr-only ${state === "current" ? "font-semibold text-ink" : "text-muted"}`}
              >
                <span className="sr-only">
                  {state === "done" ? "Completed: " : state === "todo" ? "Not started: " : ""}
                </span>
                {title}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
