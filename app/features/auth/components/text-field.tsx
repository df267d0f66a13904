import { useId } from "react";

type Props = Omit<React.InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: string;
  name: string;
  hint?: string;
  error?: string;
  inputRef?: React.Ref<HTMLInputElement>;
};

export const FIELD_INPUT =
  "mt-1.5 block min-h-11 w-full rounded-md border border-ink/55 bg-white px-3 py-2 text-base text-ink " +
  "placeholder:text-muted aria-[invalid=true]:border-danger " +
  "dark:border-ivory/50 dark:bg-ink dark:text-ivory dark:aria-[invalid=true]:border-red-300";

/** A labelled input (label above, hint and error tied to it by aria-describedby). */
export function TextField({ label, name, hint, error, inputRef, className = "", ...input }: Props) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-muted dark:text-mist">
          {hint}
        </p>
      )}
      <input
        ref={inputRef}
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        className={FIELD_INPUT}
        {...input}
      />
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-semibold text-danger dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** The form-level message, read out when it changes. */
export function FormMessage({
  message,
  tone = "error",
}: {
  message?: string;
  tone?: "error" | "success";
}) {
  return (
    <div aria-live="polite" aria-atomic="true">
      {message && (
        <p
          className={`rounded-md border px-3 py-2 text-sm font-semibold ${
            tone === "error"
              ? "border-danger/40 bg-danger/5 text-danger dark:border-red-300/40 dark:text-red-300"
              : "border-success/40 bg-success/5 text-success dark:border-emerald-300/40 dark:text-emerald-300"
          }`}
        >
          {message}
        </p>
      )}
    </div>
  );
}
