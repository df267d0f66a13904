import { data } from "react-router";
import type { AppContext } from "./context";
import { clientKey, hit } from "./rate-limit.server";

// DECISIONS D26: every public form together may be sent 10 times a minute and 100 times a day
// from one address, counted in the database so the limit holds across processes.
const PER_MINUTE = { limit: 10, windowMs: 60_000 };
const PER_DAY = { limit: 100, windowMs: 86_400_000 };

export const TOO_MANY_SUBMISSIONS =
  "You have sent this form too many times. Please wait a few minutes and try again, or call us.";

/** Counts one public-form submission; true while the sender is within both limits. */
export async function allowPublicForm(
  context: Pick<AppContext, "db" | "config" | "clientIp">,
  now = new Date(),
) {
  const key = `public-form:${clientKey(context.clientIp)}`;
  const options = { now, config: context.config };
  const minute = await hit(context.db, key, PER_MINUTE.limit, PER_MINUTE.windowMs, options);
  if (!minute.allowed) return false;
  const day = await hit(context.db, key, PER_DAY.limit, PER_DAY.windowMs, options);
  return day.allowed;
}

/** The 429 answer a refused submission gets: a plain sentence, no details. */
export function tooManySubmissions<T extends object>(extra: T) {
  return data({ ...extra, formError: TOO_MANY_SUBMISSIONS }, { status: 429 });
}

/** True when the hidden field only a bot would fill has a value (D26 honeypot). */
export function isHoneypotFilled(form: FormData, field = "website") {
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
