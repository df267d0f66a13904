import { readFormData } from "~/lib/http.server";
import { data } from "react-router";
import type { z } from "zod";
import { firstErrorPerField, type PublicFormProblem } from "~/lib/field-errors";
import type { AppConfig } from "./config.server";
import type { AppContext } from "./context";
import { clientKey, hit } from "./rate-limit.server";

export type PublicLimit = { limit: number; windowMs: number };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// docs/decisions/0026-abuse-protection.md: every public form together may be sent 10 times a minute and 100 times a day
// from one address, counted in the database so the limit holds across processes.
export const PUBLIC_FORM_LIMITS: readonly PublicLimit[] = [
  { limit: 10, windowMs: MINUTE },
  { limit: 100, windowMs: DAY },
];

/** The public-form budget this server runs with (PUBLIC_FORMS_PER_MINUTE / _PER_DAY). */
export function publicFormLimits(
  config: Partial<Pick<AppConfig, "PUBLIC_FORMS_PER_MINUTE" | "PUBLIC_FORMS_PER_DAY">>,
): readonly PublicLimit[] {
  return [
    { limit: config.PUBLIC_FORMS_PER_MINUTE ?? PUBLIC_FORM_LIMITS[0]!.limit, windowMs: MINUTE },
    { limit: config.PUBLIC_FORMS_PER_DAY ?? PUBLIC_FORM_LIMITS[1]!.limit, windowMs: DAY },
  ];
}

export const TOO_MANY_SUBMISSIONS =
  "You have sent this form too many times. Please wait a few minutes and try again, or call us.";

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one request from the client's address against `bucket`'s windows, shortest first, and
 * says whether it may go ahead or after how many seconds it may try again.
 */
export async function limitPublicRequests(
  context: Pick<AppContext, "db" | "config" | "clientIp">,
  bucket: string,
  limits: readonly PublicLimit[],
  now = new Date(),
): Promise<LimitVerdict> {
  const key = `${bucket}:${clientKey(context.clientIp)}`;
  for (const { limit, windowMs } of limits) {
    const result = await hit(context.db, key, limit, windowMs, { now, config: context.config });
    if (!result.allowed) {
      const seconds = Math.ceil((result.retryAt.getTime() - now.getTime()) / 1000);
      return { allowed: false, retryAfterSeconds: Math.max(1, seconds) };
    }
  }
  return { allowed: true };
}

/** Counts one public-form submission; true while the sender is within both limits. */
export async function allowPublicForm(
  context: Pick<AppContext, "db" | "config" | "clientIp">,
  now = new Date(),
) {
  const limits = publicFormLimits(context.config);
  const verdict = await limitPublicRequests(context, "public-form", limits, now);
  return verdict.allowed;
}

/**
 * The check every public form's action starts with (docs/decisions/0026-abuse-protection.md): counts the submission against the
 * sender's limits, then looks at the honeypot. "limited" is answered with tooManySubmissions and
 * "bot" with a pretend success, storing nothing. The count lives in the database, so this throws
 * while the database cannot answer: the caller shows its "not stored" text, never an error page.
 */
export async function screenPublicForm(
  context: Pick<AppContext, "db" | "config" | "clientIp">,
  form: FormData,
): Promise<"accepted" | "limited" | "bot"> {
  if (!(await allowPublicForm(context))) return "limited";
  return isHoneypotFilled(form) ? "bot" : "accepted";
}

/** The 429 answer a refused submission gets: a plain sentence, no details. */
export function tooManySubmissions<T extends object>(extra: T) {
  return data({ ...extra, formError: TOO_MANY_SUBMISSIONS }, { status: 429 });
}

/** True when the hidden field only a bot would fill has a value (docs/decisions/0026-abuse-protection.md honeypot). */
function isHoneypotFilled(form: FormData, field = "website") {
  const value = form.get(field);
  return typeof value === "string" && value.trim() !== "";
}

/** The named text fields of a form as strings (missing or file values read as empty). */
export function readTextFields<K extends string>(form: FormData, names: readonly K[]) {
  return Object.fromEntries(
    names.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value : ""];
    }),
  ) as Record<K, string>;
}

type PublicForm<K extends string, Input, Answer> = {
  fields: readonly K[];
  schema: z.ZodType<Input, Record<K, string>>;
  /** The spec's failure text, shown only when the submission was not stored (docs/decisions/0008-webhook-outbox.md) */
  failedText: string;
  /** What the log calls a submission that was not stored: "contact message" */
  logAs: string;
  /** What a bot that filled the honeypot is told; nothing is stored (docs/decisions/0026-abuse-protection.md) */
  botAnswer: (values: Record<K, string>) => Answer;
  store: (input: Input) => Promise<Answer>;
};

/**
 * A simple public form's submit, the same for each (contact, subscription): screen it (docs/decisions/0026-abuse-protection.md),
 * check its fields on the server, store it. A problem is answered with the visitor's typed values,
 * so nothing is lost: 400 with a message per field, 429 over the limit, 503 when it could not be
 * stored (docs/decisions/0008-webhook-outbox.md).
 */
export async function submitPublicForm<K extends string, Input, Answer>(
  request: Request,
  context: Pick<AppContext, "db" | "config" | "clientIp" | "logger">,
  form: PublicForm<K, Input, Answer>,
) {
  const formData = await readFormData(request);
  const values = readTextFields(formData, form.fields);
  const notStored = (error: unknown) => {
    context.logger.error({ err: error }, `${form.logAs} not stored`);
    return data<PublicFormProblem<K>>(
      { status: "error", formError: form.failedText, values },
      { status: 503 },
    );
  };
  let screened;
  try {
    screened = await screenPublicForm(context, formData);
  } catch (error) {
    return notStored(error);
  }
  if (screened === "limited")
    return tooManySubmissions<PublicFormProblem<K>>({ status: "error", values });
  if (screened === "bot") return form.botAnswer(values);

  const parsed = form.schema.safeParse(values);
  if (!parsed.success) {
    return data<PublicFormProblem<K>>(
      { status: "invalid", fieldErrors: firstErrorPerField<K>(parsed.error), values },
      { status: 400 },
    );
  }
  try {
    return await form.store(parsed.data);
  } catch (error) {
    return notStored(error);
  }
}
