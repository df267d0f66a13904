import { useId } from "react";
import { buttonClasses } from "~/components/ui/button";

export const SITE_INPUT =
  "mt-1.5 block min-h-11 w-full rounded-md border border-ink/55 bg-white px-3 py-2 text-base text-ink " +
  "placeholder:text-muted aria-[invalid=true]:border-danger";

type FieldProps = {
  label: string;
  /** The form field's name; controlled fields of the multi-step forms may go without */
  name?: string;
  hint?: string;
  error?: string;
  className?: string;
};

type InputProps = FieldProps &
  Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "className">;

/** A labelled input for the public forms: label above, hint and error tied to it. */
export function FormField({ label, name, hint, error, className = "", ...input }: InputProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(control) => <input name={name} className={SITE_INPUT} {...control} {...input} />}
    </FieldFrame>
  );
}

type TextAreaProps = FieldProps &
  Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name" | "className">;

export function TextAreaField({
  label,
  name,
  hint,
  error,
  className = "",
  ...rest
}: TextAreaProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <textarea name={name} className={`${SITE_INPUT} min-h-36`} {...control} {...rest} />
      )}
    </FieldFrame>
  );
}

type SelectProps = FieldProps &
  Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "className">;

export function SelectField({
  label,
  name,
  hint,
  error,
  className = "",
  children,
  ...rest
}: SelectProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select name={name} className={SITE_INPUT} {...control} {...rest}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

type ControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/** Label, hint, the control and its error: the frame every public form field shares. */
function FieldFrame({
  label,
  hint,
  error,
  className,
  children,
}: Omit<FieldProps, "name"> & { children: (control: ControlProps) => React.ReactNode }) {
  const id = useId();
  const ids = describedBy(id, hint, error);
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} />
      <FieldHint id={ids.hintId} hint={hint} />
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": ids.describedBy,
      })}
      <FieldError id={ids.errorId} error={error} />
    </div>
  );
}

function describedBy(id: string, hint?: string, error?: string) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(" ") || undefined };
}

function FieldLabel({ htmlFor, label }: { htmlFor: string; label: string }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-semibold">
      {label}
    </label>
  );
}

function FieldHint({ id, hint }: { id?: string; hint?: string }) {
  if (!hint) return null;
  return (
    <p id={id} className="mt-1 text-sm text-muted">
      {hint}
    </p>
  );
}

/** The message under a field (or a fieldset), tied to it by `${id}-error`. */
export function FieldError({ id, error }: { id?: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-semibold text-danger">
      {error}
    </p>
  );
}

/**
 * The form's status line, read out when it changes: a summary of what needs fixing, a failure,
 * or a success. Always rendered, so screen readers hear each new message.
 */
export function FormStatus({
  message,
  tone,
  errors = [],
}: {
  message?: string;
  tone: "error" | "success";
  errors?: string[];
}) {
  return (
    <div aria-live="polite" aria-atomic="true">
      {message && (
        <div
          className={`rounded-md border px-4 py-3 text-sm ${
            tone === "error"
              ? "border-danger/40 bg-danger/5 text-danger"
              : "border-success/40 bg-success/5 text-success"
          }`}
        >
          <p className="font-semibold">{message}</p>
          {errors.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** The end of a one-page public form: its status line, then the submit button. */
export function FormFooter({
  status,
  busy,
  label,
  busyLabel,
}: {
  status: React.ComponentProps<typeof FormStatus>;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      <div className="sm:col-span-2">
        <FormStatus {...status} />
      </div>
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={busy}
          className={buttonClasses("ink", "w-full disabled:opacity-70 sm:w-auto")}
        >
          {busy ? busyLabel : label}
        </button>
      </div>
    </>
  );
}

/** The name of the honeypot field: people never see it; form-filling bots often fill it. */
export const HONEYPOT_FIELD = "website";

/** Off-screen, hidden from assistive technology and out of the tab order (docs/decisions/0026-abuse-protection.md). */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
