import { describe, expect, it } from "vitest";
import { failure, failureData, failureStatus, fieldFailure, type FailureKind } from "./result";

describe("failure kinds", () => {
  it("each kind answers with its one HTTP status", () => {
    const statuses: Record<FailureKind, number> = {
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
    for (const [kind, status] of Object.entries(statuses)) {
      expect(failureStatus(kind as FailureKind)).toBe(status);
    }
  });
});

describe("failure shapes", () => {
  it("a failure carries its kind and message, and field messages only when given", () => {
    expect(failure("conflict", "That slot is taken.")).toEqual({
      ok: false,
      kind: "conflict",
      message: "That slot is taken.",
    });
    expect(failure<"email">("invalid", "Check the form.", { email: "Enter an email" })).toEqual({
      ok: false,
      kind: "invalid",
      message: "Check the form.",
      fieldErrors: { email: "Enter an email" },
    });
  });

  it("a field failure shows its message beside the field and as the form's message", () => {
    expect(fieldFailure("invalid", "date", "Choose a later date.")).toEqual({
      ok: false,
      kind: "invalid",
      message: "Choose a later date.",
      fieldErrors: { date: "Choose a later date." },
    });
  });

  it("failureData answers the body with the kind's status", () => {
    const answer = failureData(failure("gone", "This link has expired."), { error: "expired" });
    expect(answer.data).toEqual({ error: "expired" });
    expect(answer.init?.status).toBe(410);
  });
});
