import type { SubmissionResult } from "@conform-to/react";
import type { FormProblem } from "./forms";

// Kept apart from forms.ts, which loads zod's Conform adapter: a form whose schema loads on
// demand (app/components/forms/use-lazy-app-form.ts) still shows the server's answer at once.

/**
 * An action's answer as Conform's last result: errors beside their fields, the typed values
 * back in them (also after a post made before JavaScript loaded), and focus on the first invalid
 * field. An answer with neither is a success, which clears old errors.
 */
export function toLastResult(answer: object | undefined): SubmissionResult<string[]> | undefined {
  if (!answer) return undefined;
  const { fieldErrors, values } = answer as FormProblem;
  if (!fieldErrors && !values) return { status: "success" };
  const error: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(fieldErrors ?? {})) {
    if (message) error[name] = [message];
  }
  return { status: "error", error, initialValue: values as Record<string, string> | undefined };
}
