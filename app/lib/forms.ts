import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { firstErrorPerField, type FieldErrors } from "./field-errors";

// One way to read a form, in the browser and on the server (docs/architecture.md#forms): Conform turns the
// FormData into an object and the form's zod schema checks it. Auto-coercion is off because our
// schemas take the form's strings as they are (a blank field is "", so its own spec message
// shows rather than a type error).

/**
 * A form field that may repeat, read as a list: one value posts a string, several an array and
 * none nothing. Put before the field's array schema: `z.preprocess(formList, z.array(…))`.
 */
export function formList(value: unknown): unknown[] {
  if (value === undefined || value === "") return [];
  return Array.isArray(value) ? value : [value];
}

/** What an action answers when a form was not accepted: messages by field, and what was typed. */
export type FormProblem<K extends string = string> = {
  fieldErrors?: FieldErrors<K>;
  /** A message about the whole form (refused, not stored, too many tries). */
  formError?: string;
  values?: Partial<Record<K, string>>;
};

export type ParsedForm<Output, K extends string> =
  | { ok: true; value: Output }
  | { ok: false; fieldErrors: FieldErrors<K>; values: Partial<Record<K, string>> };

/** Parses a form with Conform and its schema; on failure, the first message of each field. */
export function parseForm<Schema extends z.ZodType>(
  payload: FormData | URLSearchParams,
  schema: Schema,
): ParsedForm<z.output<Schema>, Extract<keyof z.input<Schema>, string>> {
  type K = Extract<keyof z.input<Schema>, string>;
  const submission = parseWithZod(payload, { schema, disableAutoCoercion: true });
  if (submission.status === "success") return { ok: true, value: submission.value };
  return {
    ok: false,
    fieldErrors: firstMessages(submission.error) as FieldErrors<K>,
    values: textValues(submission.payload) as Partial<Record<K, string>>,
  };
}

export type ParsedValues<Output, K extends string> =
  { ok: true; value: Output } | { ok: false; fieldErrors: FieldErrors<K> };

/**
 * The same check for a form whose answers live in state rather than in its inputs (the quote
 * wizard and the post-construction property form keep numbers, lists and uploaded photos, and
 * post them as JSON): the schema parses the object, and the answer is the first message of
 * each top-level field, keyed as the fields are.
 */
export function parseValues<Schema extends z.ZodType>(
  value: unknown,
  schema: Schema,
): ParsedValues<z.output<Schema>, Extract<keyof z.input<Schema>, string>> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, fieldErrors: firstErrorPerField(parsed.error) };
}

/** The browser side of the same parse, for Conform's onValidate. */
export function validateForm<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema, disableAutoCoercion: true });
}

function firstMessages(error: Record<string, string[] | null> | null | undefined) {
  const messages: Record<string, string> = {};
  for (const [name, list] of Object.entries(error ?? {})) {
    if (list?.[0]) messages[name || "form"] = list[0];
  }
  return messages;
}

function textValues(payload: Record<string, unknown>) {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(payload)) {
    if (typeof value === "string") values[name] = value;
  }
  return values;
}
