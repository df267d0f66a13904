import { Field, Input, Textarea } from "~/components/kit/field";
import { buttonClasses } from "~/components/ui/button";
import { CONFIRMATION_CLASS, useFocusConfirmation } from "../use-focus-confirmation";

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

/** A labelled input for the multi-step public forms (not on Conform yet): the kit's Field. */
export function FormField({ label, name, hint, error, className = "", ...input }: InputProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <Input name={name} {...control} {...input} />}
    </Field>
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
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <Textarea name={name} className="min-h-36" {...control} {...rest} />}
    </Field>
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
  // A success message takes focus and scrolls into view below the header, so it is seen and read.
  const success = tone === "success" && Boolean(message);
  const confirmation = useFocusConfirmation<HTMLDivElement>(success, message);
  return (
    <div aria-live="polite" aria-atomic="true">
      {message && (
        <div
          ref={success ? confirmation : undefined}
          tabIndex={success ? -1 : undefined}
          data-testid={success ? "form-confirmation" : undefined}
          className={`${success ? CONFIRMATION_CLASS : ""} rounded-md border px-4 py-3 text-sm ${
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
