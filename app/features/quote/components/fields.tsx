import { useId } from "react";

// Small form pieces the wizard's steps share: labels above, 44 px targets (BRAND.md forms).

type Option<T extends string> = { value: T; label: string; hint?: string };

/** A radio group as large tappable rows, with its question as the legend. */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  columns = false,
}: {
  legend: string;
  name: string;
  options: readonly Option<T>[];
  value: T | undefined;
  onChange: (value: T) => void;
  columns?: boolean;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className={`mt-2 grid gap-2 ${columns ? "sm:grid-cols-2" : ""}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-ink/25 bg-white px-4 py-3 has-[:checked]:border-gold-deep has-[:checked]:bg-gold/10"
          >
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
    </fieldset>
  );
}

/** A yes/no question as a checkbox row. */
export function CheckboxField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-ink/25 bg-white px-4 py-3 has-[:checked]:border-gold-deep">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 size-4 shrink-0 accent-ink"
      />
      <span>{label}</span>
    </label>
  );
}

/** A labelled text input whose error is tied to it. */
export function TextInput({
  label,
  value,
  onChange,
  error,
  hint,
  ...input
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "id">) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={INPUT}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-semibold text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

export const INPUT =
  "mt-1.5 block min-h-11 w-full rounded-md border border-ink/55 bg-white px-3 py-2 text-base text-ink " +
  "placeholder:text-muted aria-[invalid=true]:border-danger";
