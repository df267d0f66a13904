import { FieldError } from "~/components/kit/field";

/**
 * A multi-select of toggles (docs/product/back-office.md#add-new-cleaner): native checkboxes drawn
 * as pills, in a fieldset named by its legend, so each is announced as checked or not, Space
 * toggles it, and the form posts the ticked values before JavaScript loads.
 */
export function ChoiceGroup({
  name,
  legend,
  options,
  defaultChecked = [],
  error,
  idPrefix,
}: {
  name: string;
  legend: string;
  options: readonly string[];
  defaultChecked?: readonly string[];
  error?: string;
  idPrefix: string;
}) {
  const errorId = error ? `${idPrefix}-${name}-error` : undefined;
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => {
          const id = `${idPrefix}-${name}-${option.replace(/\W+/g, "-").toLowerCase()}`;
          return (
            <label
              key={option}
              htmlFor={id}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-ink/40 px-4 text-sm font-semibold has-[:checked]:border-ink has-[:checked]:bg-ink has-[:checked]:text-ivory has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 dark:border-ivory/40 dark:has-[:checked]:border-gold dark:has-[:checked]:bg-gold dark:has-[:checked]:text-ink"
            >
              <input
                id={id}
                type="checkbox"
                name={name}
                value={option}
                defaultChecked={defaultChecked.includes(option)}
                className="size-4 accent-gold-deep dark:accent-ink"
              />
              {option}
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
