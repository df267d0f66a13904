import { Field, FieldError, Input, NativeSelect, Textarea } from "~/components/kit/field";
import type { ApplicationField } from "../application.schema";

// The wizard's controlled fields on the kit's Field (one INPUT_CLASS): each control's id is
// `apply-<field>`, so the wizard can move focus to the first field with a message.

export const fieldId = (name: ApplicationField) => `apply-${name}`;

type Common = {
  name: ApplicationField;
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
};

export function AnswerInput({
  name,
  label,
  hint,
  error,
  value,
  onChange,
  className,
  ...input
}: Common &
  Omit<React.ComponentProps<"input">, "id" | "name" | "value" | "onChange" | "className">) {
  return (
    <Field id={fieldId(name)} label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <Input
          {...control}
          {...input}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

export function AnswerSelect({
  name,
  label,
  hint,
  error,
  value,
  onChange,
  className,
  placeholder,
  options,
}: Common & { placeholder: string; options: readonly { value: string; label: string }[] }) {
  return (
    <Field id={fieldId(name)} label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <NativeSelect {...control} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

/**
 * docs/product/back-office.md#cleaner-application-wizard: several answers as toggle buttons
 * (aria-pressed) in a fieldset whose legend is the question; the first button carries the
 * field's id so focus can go to it.
 */
export function ToggleGroup({
  name,
  legend,
  options,
  values,
  onChange,
  error,
}: {
  name: ApplicationField;
  legend: string;
  options: readonly string[];
  values: readonly string[];
  onChange: (values: string[]) => void;
  error?: string;
}) {
  const errorId = `${fieldId(name)}-error`;
  const toggle = (option: string) => {
    const next = values.includes(option) ? values.filter((v) => v !== option) : [...values, option];
    onChange(options.filter((o) => next.includes(o)));
  };
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option, index) => {
          const pressed = values.includes(option);
          return (
            <button
              key={option}
              id={index === 0 ? fieldId(name) : undefined}
              type="button"
              aria-pressed={pressed}
              onClick={() => toggle(option)}
              className={`min-h-11 rounded-full border px-4 py-2 text-sm font-semibold transition-colors ${
                pressed
                  ? "border-ink bg-ink text-ivory"
                  : "border-ink/40 bg-white text-ink hover:border-ink"
              }`}
            >
              {option}
            </button>
          );
        })}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

export function AnswerTextarea({
  name,
  label,
  hint,
  error,
  value,
  onChange,
  className,
  rows = 4,
}: Common & { rows?: number }) {
  return (
    <Field id={fieldId(name)} label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <Textarea
          {...control}
          rows={rows}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
