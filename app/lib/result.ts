import { data } from "react-router";
import type { FieldErrors } from "./field-errors";

// One shape for what a service answers when it refuses: `{ ok: false, kind, message }`, with the
// message for the user and, for a form, the message beside each field. Routes and actions turn a
// failure into an HTTP answer through `failureStatus` alone, so a kind means one status everywhere.

/** Why a service refused, in the words a route needs to choose its HTTP status. */
export type FailureKind =
  /**
   * The form or request did not pass its own schema (a blank field, a wrong format, an intent we
   * do not know): 400, the answer every form that did not parse has always had, so a refusal the
   * browser could have caught is told apart from a rule only the server can check (`invalid`).
   */
  | "malformed"
  /**
   * The caller has not proved who they are: a wrong password or code at sign-in, or a sign-in
   * step that expired. 401, which is also what the staff guard answers a post without a session.
   */
  | "unauthenticated"
  /** The input breaks a rule (a field, a date too early, a quote that cannot be booked). */
  | "invalid"
  /** The thing asked about does not exist, or is not the caller's to see. */
  | "not_found"
  /** The thing's state does not allow it now (a full slot, a booking already made, a change meanwhile). */
  | "conflict"
  /** The caller may not do this. */
  | "forbidden"
  /** The file or body is larger than we take. */
  | "too_large"
  /** The file is not of a type we take (a photo that is not one). */
  | "unsupported"
  /** The link or thing has been used up or has expired. */
  | "gone"
  /** Too many tries: wait a moment. */
  | "rate_limited"
  /** Something this needs is down for now (storage, a payment gateway). */
  | "unavailable"
  /** Our side failed (a store that returned nothing): the message is for the log, not the user. */
  | "failed";

export type Failure<Field extends string = string> = {
  ok: false;
  kind: FailureKind;
  message: string;
  fieldErrors?: FieldErrors<Field>;
};

/** A service's answer: `{ ok: true, ...value }`, or a failure. */
export type Result<Value extends object = object, Field extends string = string> =
  ({ ok: true } & Value) | Failure<Field>;

export function failure<Field extends string = string>(
  kind: FailureKind,
  message: string,
  fieldErrors?: FieldErrors<Field>,
): Failure<Field> {
  return fieldErrors ? { ok: false, kind, message, fieldErrors } : { ok: false, kind, message };
}

/** A failure about one field: the message shows beside it and as the form's message. */
export function fieldFailure<Field extends string>(
  kind: FailureKind,
  field: Field,
  message: string,
): Failure<Field> {
  return failure(kind, message, { [field]: message } as FieldErrors<Field>);
}

const STATUS_OF: Record<FailureKind, number> = {
  malformed: 400,
  unauthenticated: 401,
  invalid: 422,
  not_found: 404,
  conflict: 409,
  forbidden: 403,
  too_large: 413,
  unsupported: 415,
  gone: 410,
  rate_limited: 429,
  unavailable: 503,
  failed: 500,
};

/** The HTTP status of a failure's kind: the one place a kind becomes a status. */
export function failureStatus(kind: FailureKind): number {
  return STATUS_OF[kind];
}

/** An action's answer to a failure: `body` (what the screen reads) with the failure kind's status. */
export function failureData<Body>(failed: Pick<Failure, "kind">, body: Body) {
  return data(body, { status: failureStatus(failed.kind) });
}
