// Pieces both pages of the request use: the progress line, the problem summary, and moving
// focus to the first field that needs attention.

const STEPS = ["The property", "Your details"] as const;

/** "Step 1 of 2", with both steps named and the current one marked. */
export function RequestProgress({ step }: { step: 1 | 2 }) {
  return (
    <nav aria-label="Request progress">
      <p className="text-sm font-semibold tracking-wide text-gold-deep">
        Step {step} of {STEPS.length}
      </p>
      <ol className="mt-3 grid grid-cols-2 gap-1.5">
        {STEPS.map((title, index) => {
          const number = index + 1;
          const current = number === step;
          return (
            <li
              key={title}
              aria-current={current ? "step" : undefined}
              className="flex flex-col gap-1.5"
            >
              <span
                aria-hidden="true"
                className={`h-1.5 rounded-full ${number <= step ? "bg-gold-deep" : "bg-line"}`}
              />
              <span className={`text-xs ${current ? "font-semibold text-ink" : "text-muted"}`}>
                <span className="sr-only">{number < step ? "Completed: " : ""}</span>
                {title}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * What stops the form, read out as it appears: a failure, or a summary of the fields to fix.
 * Always rendered, so assistive technology hears each new message.
 */
export function ProblemSummary({
  message,
  errors = [],
  children,
}: {
  message?: string;
  errors?: string[];
  children?: React.ReactNode;
}) {
  return (
    <div role="alert" className="empty:hidden">
      {message && (
        <div className="rounded-md border border-danger/40 bg-danger/5 px-4 py-3 text-sm text-danger">
          <p className="font-semibold">{message}</p>
          {errors.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          )}
          {children}
        </div>
      )}
    </div>
  );
}

/** Puts focus on the first field, in the form's order, that has a message. */
export function focusFirstProblem(
  form: HTMLFormElement | null,
  order: readonly string[],
  errors: Record<string, string>,
) {
  const first = order.find((field) => errors[field]);
  if (!form || !first) return;
  form
    .querySelector<HTMLElement>(`[data-field="${first}"] :is(input, textarea, select, button)`)
    ?.focus();
}
