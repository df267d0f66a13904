import type { z } from "zod";

// JSON kept in a text column (docs/conventions.md#database-columns) is read back through one zod schema at the
// repository edge, so no caller sees unparsed text or a cast. Each repository decides what a
// stored value that does not fit means: a fallback where the app can go on without it, or
// InvalidStoredJsonError where going on would do the wrong thing.

export type JsonColumnResult<T> = { ok: true; value: T } | { ok: false; problem: string };

/** `text` parsed as JSON and then by `schema`, or why it could not be. */
export function parseJsonColumn<T>(schema: z.ZodType<T>, text: string): JsonColumnResult<T> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: "not JSON" };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join(".")}` : "";
  return { ok: false, problem: `${issue?.message ?? "does not fit its schema"}${where}` };
}

/** `text` read by `schema`, or the fallback when it is missing or does not fit. */
export function jsonColumnOr<T, F>(schema: z.ZodType<T>, text: string | null, fallback: F) {
  if (text === null) return fallback;
  const result = parseJsonColumn(schema, text);
  return result.ok ? result.value : fallback;
}

/** A stored JSON value the app wrote itself and cannot do without no longer fits its schema. */
export class InvalidStoredJsonError extends Error {
  override name = "InvalidStoredJsonError";
  constructor(column: string, problem: string) {
    super(`${column} holds JSON that does not fit its schema: ${problem}`);
  }
}

/** `text` read by `schema`; throws InvalidStoredJsonError, naming `column`, when it does not fit. */
export function readJsonColumn<T>(schema: z.ZodType<T>, text: string, column: string): T {
  const result = parseJsonColumn(schema, text);
  if (!result.ok) throw new InvalidStoredJsonError(column, result.problem);
  return result.value;
}
