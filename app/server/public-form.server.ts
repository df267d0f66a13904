import { data } from "react-router";
import { readFormData } from "~/lib/http.server";
import type { z } from "zod";
import { firstErrorPerField, type PublicFormProblem } from "~/lib/field-errors";
import type { AppConfig } from "./config.server";
import type { AppContext } from "./context";
import { clientKey, hit } from "./rate-limit.server";
import { requireSameOrigin } from "./request-origin.server";

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

/** How one public form is guarded (docs/decisions/0026-abuse-protection.md). */
export type PublicFormRules = {
  /**
   * What a submission counts against: the budget every public form shares, a bucket of the
   * form's own (payments, applicant photos), or nothing here (a form whose service keeps its
   * own count, such as sign-in links, or one that only answers a link or a signed-in session).
   */
  limit: "shared" | "none" | { bucket: string; limits: readonly PublicLimit[] };
  /** Whether a filled honeypot field marks the sender as a bot. */
  honeypot: boolean;
};

/** The public forms' shared budget and the honeypot: a form that stores what a stranger sends. */
export const PUBLIC_FORM: PublicFormRules = { limit: "shared", honeypot: true };

/** The origin check alone: a form behind a link, a session or a limit of its own. */
export const SAME_SITE_FORM: PublicFormRules = { limit: "none", honeypot: false };

/**
 * What the guard found. Each form answers "limited" with its own 429 and "unavailable" (the
 * count lives in the database, which did not answer) with its own "not stored" text, never an
 * error page; a "bot" is told what a person would be, and nothing is stored.
 */
export type GuardedForm =
  | { verdict: "accepted"; form: FormData }
  | { verdict: "bot"; form: FormData }
  | { verdict: "limited"; form: FormData; retryAfterSeconds: number }
  | { verdict: "unavailable"; form: FormData; error: unknown };

/**
 * The one gate of every public form action, in this order: a post from another site is refused
 * with 403 before its body is read (request-origin.server.ts); the body must be a form (415, or
 * 400 when unreadable); the submission is counted against its limit, bots included; then the
 * honeypot is looked at. `rules` may depend on the form (one action, two kinds of post).
 */
export async function guardPublicForm(
  request: Request,
  context: Pick<AppContext, "db" | "config" | "clientIp">,
  rules: PublicFormRules | ((form: FormData) => PublicFormRules),
  now = new Date(),
): Promise<GuardedForm> {
  requireSameOrigin(request, context.config);
  const form = await readFormData(request);
  const { limit, honeypot } = typeof rules === "function" ? rules(form) : rules;
  if (limit !== "none") {
    const { bucket, limits } =
      limit === "shared"
        ? { bucket: "public-form", limits: publicFormLimits(context.config) }
        : limit;
    let verdict: LimitVerdict;
    try {
      verdict = await limitPublicRequests(context, bucket, limits, now);
    } catch (error) {
      return { verdict: "unavailable", form, error };
    }
    if (!verdict.allowed) {
      return { verdict: "limited", form, retryAfterSeconds: verdict.retryAfterSeconds };
    }
  }
  if (honeypot && isHoneypotFilled(form)) return { verdict: "bot", form };
  return { verdict: "accepted", form };
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
  schema: z.ZodType<Input, Partial<Record<K, string>>>;
  /** The spec's failure text, shown only when the submission was not stored (docs/decisions/0008-webhook-outbox.md) */
  failedText: string;
  /** What the log calls a submission that was not stored: "contact message" */
  logAs: string;
  /** What a bot that filled the honeypot is told; nothing is stored (docs/decisions/0026-abuse-protection.md) */
  botAnswer: (values: Record<K, string>) => Answer;
  store: (input: Input) => Promise<Answer>;
};

/**
 * A simple public form's submit, the same for each (contact, subscription): guard it (docs/decisions/0026-abuse-protection.md),
 * check its fields on the server, store it. A problem is answered with the visitor's typed values,
 * so nothing is lost: 400 with a message per field, 429 over the limit, 503 when it could not be
 * stored (docs/decisions/0008-webhook-outbox.md).
 */
export async function submitPublicForm<K extends string, Input, Answer>(
  request: Request,
  context: Pick<AppContext, "db" | "config" | "clientIp" | "logger">,
  form: PublicForm<K, Input, Answer>,
) {
  const guarded = await guardPublicForm(request, context, PUBLIC_FORM);
  const values = readTextFields(guarded.form, form.fields);
  const notStored = (error: unknown) => {
    context.logger.error({ err: error }, `${form.logAs} not stored`);
    return data<PublicFormProblem<K>>(
      { status: "error", formError: form.failedText, values },
      { status: 503 },
    );
  };
  if (guarded.verdict === "unavailable") return notStored(guarded.error);
  if (guarded.verdict === "limited")
    return tooManySubmissions<PublicFormProblem<K>>({ status: "error", values });
  if (guarded.verdict === "bot") return form.botAnswer(values);

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
