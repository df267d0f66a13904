import { useId } from "react";
import { INPUT_CLASS } from "./input-class";

/** What a field hands its control: the id its label points at, and the ARIA that ties them. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

type FieldProps = {
  label: React.ReactNode;
  hint?: React.ReactNode;
  error?: string;
  className?: string;
  /** The control's id; a fresh one when left out. Its hint and error take `${id}-hint|-error`. */
  id?: string;
  children: (control: FieldControlProps) => React.ReactNode;
};

/**
 * Label, hint, the control and its error: the frame every form field shares, public and admin.
 * The hint and the error are tied to the control by aria-describedby; an error sets aria-invalid.
 */
export function Field({ label, hint, error, className = "", id, children }: FieldProps) {
  const fallbackId = useId();
  const controlId = id ?? fallbackId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={controlId} className="block text-sm font-semibold">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mt-1 text-sm break-words text-muted dark:text-mist">
          {hint}
        </p>
      )}
      {children({
        id: controlId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
      })}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** The message under a field (or a fieldset), tied to it by `${id}-error`. */
export function FieldError({ id, error }: { id?: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-semibold text-danger dark:text-red-300">
      {error}
    </p>
  );
}

export function Input({ className = "", ...props }: React.ComponentProps<"input">) {
  return <input className={`${INPUT_CLASS} ${className}`} {...props} />;
}

export function Textarea({ className = "", ...props }: React.ComponentProps<"textarea">) {
  return <textarea className={`${INPUT_CLASS} ${className}`} {...props} />;
}

/** A native select: it works before JavaScript loads, so filters and forms use it. */
export function NativeSelect({ className = "", ...props }: React.ComponentProps<"select">) {
  return <select className={`${INPUT_CLASS} ${className}`} {...props} />;
}

type ToggleProps = Omit<React.ComponentProps<"input">, "type" | "id"> & {
  name: string;
  label: string;
  hint?: React.ReactNode;
  error?: string;
  id?: string;
};

/**
 * A checkbox, or (as="switch") an on/off switch, with its label beside it. Native inputs rather
 * than Radix's button-based ones, so the form still posts them before JavaScript loads.
 */
export function Checkbox({
  as = "checkbox",
  label,
  hint,
  error,
  id,
  className = "",
  ...input
}: ToggleProps & { as?: "checkbox" | "switch" }) {
  const fallbackId = useId();
  const controlId = id ?? fallbackId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const look =
    as === "switch"
      ? "relative mt-0.5 h-6 w-10 shrink-0 cursor-pointer appearance-none rounded-full bg-ink/35 transition-colors " +
        "before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:transition-transform " +
        "checked:bg-gold-deep checked:before:translate-x-4 disabled:cursor-not-allowed disabled:opacity-60 " +
        "dark:bg-ivory/30 dark:checked:bg-gold dark:before:bg-ink"
      : "mt-1 size-5 shrink-0 accent-gold-deep disabled:cursor-not-allowed dark:accent-gold";
  return (
    <div className={`flex items-start gap-3 ${className}`}>
      <input
        id={controlId}
        type="checkbox"
        role={as === "switch" ? "switch" : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        className={look}
        {...input}
      />
      <div>
        <label
          htmlFor={controlId}
          className={`text-sm font-semibold ${input.disabled ? "cursor-not-allowed text-muted dark:text-mist" : "cursor-pointer"}`}
        >
          {label}
          {input.disabled && <span className="font-normal"> (unavailable)</span>}
        </label>
        {hint && (
          <p id={hintId} className="mt-0.5 text-sm text-muted dark:text-mist">
            {hint}
          </p>
        )}
        <FieldError id={errorId} error={error} />
      </div>
    </div>
  );
}

export function Switch(props: ToggleProps) {
  return <Checkbox as="switch" {...props} />;
}
