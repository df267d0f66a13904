import { useId, useState } from "react";
import { useNavigation } from "react-router";
import type { z } from "zod";
import { firstErrorPerField } from "~/lib/field-errors";
import { SETTINGS_TEXT, type FieldErrors } from "../settings.schema";

/** What the settings action answers for one of its forms. */
export type SettingsResult = {
  intent: string;
  error?: string;
  message?: string;
  fieldErrors?: FieldErrors;
  /** What was typed, so a form posted before JavaScript loaded comes back filled in. */
  values?: Record<string, string>;
};

/**
 * A settings form's state: the browser checks the form with the same schema the server uses
 * before sending it (errors beside the fields, focus on the first), and the server's answer
 * takes over when it comes (or when JavaScript never loaded).
 */
export function useSettingsForm(schema: z.ZodType, intent: string, result?: SettingsResult) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const own = result?.intent === intent ? result : undefined;
  const [checked, setChecked] = useState<{
    for: SettingsResult | undefined;
    errors: FieldErrors;
  }>();
  // Errors the browser found stand until the next answer from the server replaces them.
  const errors = (checked?.for === own ? checked?.errors : undefined) ?? own?.fieldErrors ?? {};

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const values = Object.fromEntries(
      [...new FormData(form)].map(([key, value]) => [key, String(value)]),
    );
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setChecked(undefined);
      return;
    }
    event.preventDefault();
    const found = firstErrorPerField(parsed.error);
    setChecked({ for: own, errors: found });
    const first = Object.keys(found)[0];
    if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  const count = Object.keys(errors).length;
  const summary =
    count > 0
      ? { tone: "error" as const, message: SETTINGS_TEXT.fixErrors(count) }
      : own?.error
        ? { tone: "error" as const, message: own.error }
        : own?.message && !saving
          ? { tone: "success" as const, message: own.message }
          : undefined;
  return { errors, onSubmit, saving, summary, values: own?.fieldErrors ? own.values : undefined };
}

export const FIELD_INPUT =
  "mt-1.5 block min-h-11 w-full rounded-md border border-ink/55 bg-white px-3 py-2 text-base text-ink " +
  "placeholder:text-muted aria-[invalid=true]:border-danger disabled:opacity-60 " +
  "dark:border-ivory/50 dark:bg-ink dark:text-ivory dark:aria-[invalid=true]:border-red-300";

type FieldProps = {
  label: string;
  name: string;
  hint?: React.ReactNode;
  error?: string;
  className?: string;
} & (
  | ({ multiline?: false } & Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "name">)
  | ({ multiline: true } & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name">)
);

/** A labelled input or text area; its hint and error are tied to it by aria-describedby. */
export function SettingsField({
  label,
  name,
  hint,
  error,
  className = "",
  ...control
}: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const shared = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
    className: FIELD_INPUT,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {control.multiline ? (
        <textarea {...shared} {...withoutMultiline(control)} />
      ) : (
        <input {...shared} {...withoutMultiline(control)} />
      )}
      {hint && (
        <p id={hintId} className="mt-1 text-sm break-words text-muted dark:text-mist">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-semibold text-danger dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

function withoutMultiline<T extends { multiline?: boolean }>({ multiline: _, ...rest }: T) {
  return rest;
}

/** The form's summary line, read out when it changes (errors and "saved"). */
export function SettingsFormMessage({
  summary,
}: {
  summary: { tone: "error" | "success"; message: string } | undefined;
}) {
  return (
    <div aria-live="polite" aria-atomic="true">
      {summary && (
        <p
          className={`rounded-md border px-3 py-2 text-sm font-semibold ${
            summary.tone === "error"
              ? "border-danger/40 bg-danger/5 text-danger dark:border-red-300/40 dark:text-red-300"
              : "border-success/40 bg-success/5 text-success dark:border-emerald-300/40 dark:text-emerald-300"
          }`}
        >
          {summary.message}
        </p>
      )}
    </div>
  );
}

export const SAVE_BUTTON_TONE = "dark:bg-gold dark:text-ink dark:hover:bg-gold-light";
