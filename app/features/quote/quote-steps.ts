import type { z } from "zod";
import type { FieldErrors } from "~/lib/field-errors";
import {
  ContactStepSchema,
  LevelStepSchema,
  PhotosStepSchema,
  PreferencesStepSchema,
  QuoteRequestSchema,
  SpaceStepSchema,
} from "./quote.schema";

// docs/product/public-site.md#quote-wizard and docs/product/public-site.md#validation-rules: six steps, and Next stays disabled until the current one is valid.
export const QUOTE_STEP_SCHEMAS = {
  1: SpaceStepSchema,
  2: LevelStepSchema,
  3: PreferencesStepSchema,
  4: PhotosStepSchema,
  5: ContactStepSchema,
  6: QuoteRequestSchema,
} as const;

export type QuoteStepNumber = keyof typeof QUOTE_STEP_SCHEMAS;

/**
 * Field path ("spaceDetails.bedrooms", "leadInfo.email") -> the first message for it: the
 * FieldErrors of app/lib/forms.ts, keyed by the payload's dotted paths.
 */
export type QuoteFieldErrors = FieldErrors<string>;

export function fieldErrorsOf(error: z.ZodError): QuoteFieldErrors {
  const errors: QuoteFieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    errors[path] ??= issue.message;
  }
  return errors;
}

/** Checks one step's slice of the wizard state: the wizard's Next button and field messages. */
export function validateQuoteStep(step: QuoteStepNumber, state: unknown): QuoteFieldErrors {
  const result = QUOTE_STEP_SCHEMAS[step].safeParse(state);
  return result.success ? {} : fieldErrorsOf(result.error);
}

/**
 * The first step that still has an error, or null when the whole payload is ready. On a final
 * submit that fails, the wizard says "Please complete all required fields" (docs/product/public-site.md#validation-rules)
 * and takes the customer back to this step.
 */
export function firstInvalidStep(state: unknown): QuoteStepNumber | null {
  const steps = [1, 2, 3, 4, 5, 6] as const;
  return steps.find((step) => !QUOTE_STEP_SCHEMAS[step].safeParse(state).success) ?? null;
}

type AskingStep = Exclude<QuoteStepNumber, 6>;

/** The step that asks for a payload field ("leadInfo.email" -> 5), or null for none of them. */
export function stepOfField(path: string): AskingStep | null {
  const key = path.split(".")[0] ?? "";
  const steps = [1, 2, 3, 4, 5] as const;
  return steps.find((step) => Object.hasOwn(QUOTE_STEP_SCHEMAS[step].shape, key)) ?? null;
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
