import type { FieldErrors } from "~/lib/field-errors";

// Which payload fields each wizard step asks for (docs/product/public-site.md#quote-wizard),
// without zod: the wizard sends the customer back to a step the server refused before its
// checks (quote-steps.ts) have loaded (docs/decisions/0090-form-checks-on-demand.md).
// quote-steps.test.ts holds this list to the steps' schemas.

export const QUOTE_STEP_FIELDS = {
  1: ["serviceType", "spaceDetails"],
  2: ["cleaningLevel"],
  3: ["preferences", "conditions"],
  4: ["images", "photosWaived"],
  5: ["leadInfo"],
} as const satisfies Record<number, readonly string[]>;

/** The wizard's six steps: five that ask, and the review that posts. */
export type QuoteStepNumber = keyof typeof QUOTE_STEP_FIELDS | 6;
type AskingStep = keyof typeof QUOTE_STEP_FIELDS;

/**
 * Field path ("spaceDetails.bedrooms", "leadInfo.email") -> the first message for it: the
 * FieldErrors of app/lib/forms.ts, keyed by the payload's dotted paths.
 */
export type QuoteFieldErrors = FieldErrors<string>;

const ASKING_STEPS = [1, 2, 3, 4, 5] as const;

/** The step that asks for a payload field ("leadInfo.email" -> 5), or null for none of them. */
export function stepOfField(path: string): AskingStep | null {
  const key = path.split(".")[0] ?? "";
  return (
    ASKING_STEPS.find((step) => (QUOTE_STEP_FIELDS[step] as readonly string[]).includes(key)) ??
    null
  );
}

/** The earliest step with one of these messages (the server's answer), or null. */
export function firstStepWithError(errors: QuoteFieldErrors): AskingStep | null {
  return Object.keys(errors)
    .map(stepOfField)
    .reduce<AskingStep | null>((first, step) => {
      if (step === null) return first;
      return first === null || step < first ? step : first;
    }, null);
}
