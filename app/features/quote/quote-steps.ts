import type { z } from "zod";
import type { QuoteFieldErrors, QuoteStepNumber } from "./quote-step-fields";
import {
  ContactStepSchema,
  LevelStepSchema,
  PhotosStepSchema,
  PreferencesStepSchema,
  QuoteRequestSchema,
  SpaceStepSchema,
} from "./quote.schema";

// docs/product/public-site.md#quote-wizard and docs/product/public-site.md#validation-rules: six steps, and Next stays disabled until the current one is valid.
// The wizard loads this module, and zod with it, once a step needs checking
// (docs/decisions/0090-form-checks-on-demand.md); which fields a step asks for is in quote-step-fields.ts.
export const QUOTE_STEP_SCHEMAS = {
  1: SpaceStepSchema,
  2: LevelStepSchema,
  3: PreferencesStepSchema,
  4: PhotosStepSchema,
  5: ContactStepSchema,
  6: QuoteRequestSchema,
} as const satisfies Record<QuoteStepNumber, unknown>;

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
