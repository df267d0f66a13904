import { failureStatus, type FailureKind } from "~/lib/result";

type Answer =
  | { ok: true }
  | { ok: false; kind: FailureKind; message: string; fieldErrors?: Record<string, unknown> };

/**
 * What a caller of a service sees of a refusal: its kind, the HTTP status a route answers it
 * with (failureStatus, the one mapping), its message and the messages beside its fields. A
 * success reads as "answered ok", so a test expecting a refusal names what it got instead.
 */
export function refusal(answer: Answer) {
  if (answer.ok) return "answered ok";
  const { kind, message, fieldErrors } = answer;
  return { kind, status: failureStatus(kind), message, ...(fieldErrors ? { fieldErrors } : {}) };
}
