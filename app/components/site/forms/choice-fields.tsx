import { useId } from "react";
import { FieldError } from "~/components/kit/field";
import { FormField, TextAreaField } from "./form-field";

// Controlled form pieces the multi-step forms share (the quote wizard, the post-construction
// request): labels above, 44 px targets (docs/brand.md#forms), questions with several answers as a
// fieldset whose legend is the question, and each message tied to its field.

type Option<T extends string> = { value: T; label: string; hint?: string };

/** One radio or checkbox choice as a bordered row, checked or focused rows marked. */
export const ROW =
  "flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-ink/25 bg-white px-4 py-3 " +
  "has-[:checked]:border-gold-deep has-[:checked]:bg-gold/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2";

/** A radio group as large tappable rows, with its question as the legend. */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  columns = false,
  error,
}: {
  legend: string;
  name: string;
  options: readonly Option<T>[];
  value: T | undefined;
  onChange: (value: T) => void;
  /** true: two columns from the sm breakpoint; "2", "2-3", "3": also on phones (short answers) */
  columns?: boolean | "2" | "2-3" | "3";
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className={`mt-2 grid gap-2 ${gridColumns(columns)}`}>
        {options.map((option) => (
          <label key={option.value} className={ROW}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-1 size-4 shrink-0 accent-ink"
            />
            <span>
              <span className="font-medium">{option.label}</span>
              {option.hint && <span className="block text-sm text-muted">{option.hint}</span>}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/** A question with any number of answers: checkboxes in a fieldset. */
export function CheckboxGroup<T extends string>({
  legend,
  hint,
  options,
  values,
  onChange,
  columns = true,
}: {
  legend: string;
  hint?: string;
  options: readonly Option<T>[];
  values: readonly T[];
  onChange: (values: T[]) => void;
  columns?: boolean | keyof typeof GRID_COLUMNS;
}) {
  const id = useId();
  const toggle = (value: T, checked: boolean) => {
    const next = new Set(values);
    if (checked) next.add(value);
    else next.delete(value);
    // In the options' order, so the stored list reads the way the form does.
    onChange(options.map((option) => option.value).filter((option) => next.has(option)));
  };
  return (
    <fieldset aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="text-sm font-semibold">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      <div className={`mt-2 grid gap-2 ${gridColumns(columns)}`}>
        {options.map((option) => (
          <label key={option.value} className={ROW}>
            <input
              type="checkbox"
              value={option.value}
              checked={values.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
              className="mt-1 size-4 shrink-0 accent-ink"
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A yes/no question as a checkbox row, with its message (if any) under it. */
export function CheckboxField({
  label,
  checked,
  onChange,
  error,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div>
      <label className={ROW}>
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 size-4 shrink-0 accent-ink"
        />
        <span>{label}</span>
      </label>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

type Controlled = { value: string; onChange: (value: string) => void };

/** A labelled, controlled text input: the public forms' FormField, reporting its text. */
export function TextInput({
  onChange,
  ...field
}: Controlled & Omit<React.ComponentProps<typeof FormField>, "value" | "onChange">) {
  return <FormField {...field} onChange={(event) => onChange(event.target.value)} />;
}

/** A labelled, controlled text area. */
export function TextAreaInput({
  onChange,
  ...field
}: Controlled & Omit<React.ComponentProps<typeof TextAreaField>, "value" | "onChange">) {
  return <TextAreaField {...field} onChange={(event) => onChange(event.target.value)} />;
}

const GRID_COLUMNS = {
  "2": "grid-cols-2",
  "2-3": "grid-cols-2 sm:grid-cols-3",
  "3": "grid-cols-3",
} as const;

function gridColumns(columns: boolean | keyof typeof GRID_COLUMNS) {
  if (typeof columns === "string") return GRID_COLUMNS[columns];
  return columns ? "sm:grid-cols-2" : "";
}
