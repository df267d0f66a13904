import { CheckList } from "~/components/ui/check-list";
import { CLEANING_LEVEL_COPY } from "../quote-copy";
import { CLEANING_LEVELS } from "../quote-options";
import { FieldError } from "~/components/kit/field";
import type { StepProps } from "./quote-wizard";

// Step 2: the three levels, each with its description and what it includes (quote-copy.ts).

export function StepLevel({ state, set, errors }: StepProps) {
  const error = errors.cleaningLevel;
  return (
    <fieldset aria-describedby={error ? "cleaning-level-error" : undefined}>
      <legend className="text-sm font-semibold">Which level suits your space?</legend>
      <div className="mt-3 grid gap-4 lg:grid-cols-3">
        {CLEANING_LEVELS.map((level) => {
          const copy = CLEANING_LEVEL_COPY[level];
          return (
            <div
              key={level}
              className="flex flex-col rounded-lg border border-ink/25 bg-white p-5 has-[:checked]:border-gold-deep has-[:checked]:bg-gold/10"
            >
              <label className="flex min-h-11 cursor-pointer items-center gap-3">
                <input
                  type="radio"
                  name="cleaning-level"
                  value={level}
                  checked={state.cleaningLevel === level}
                  onChange={() => set((s) => ({ ...s, cleaningLevel: level }))}
                  aria-describedby={`level-${level}-description`}
                  className="size-4 shrink-0 accent-ink"
                />
                <span className="font-display text-2xl font-medium">{copy.name}</span>
              </label>
              <p id={`level-${level}-description`} className="mt-2 leading-relaxed text-ink-soft">
                {copy.description}
              </p>
              <CheckList items={copy.features} className="mt-4 text-sm" />
            </div>
          );
        })}
      </div>
      <FieldError id="cleaning-level-error" error={error} />
    </fieldset>
  );
}
