import type { z } from "zod";

/** A form's messages by field: some of its fields, or any name when the fields are open-ended. */
export type FieldErrors<K extends string> = string extends K
  ? Record<string, string>
  : Partial<Record<K, string>>;

/** What a public form's action answers when nothing was stored: what to show, and what was typed. */
export type PublicFormProblem<K extends string> = {
  status: "invalid" | "error";
  fieldErrors?: FieldErrors<K>;
  formError?: string;
  values?: Partial<Record<K, string>>;
};

/**
 * The first message zod gave for each field of a form, keyed by the field's name (the first part
 * of the issue's path), in the order the fields were checked. A rule about the whole form (an
 * issue with no path) is keyed "form". `K` names the form's fields.
 */
export function firstErrorPerField<K extends string = string>(error: z.ZodError): FieldErrors<K> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "form";
    errors[field] ??= issue.message;
  }
  return errors as FieldErrors<K>;
}
