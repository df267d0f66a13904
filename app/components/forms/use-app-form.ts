import type { z } from "zod";
import { validateForm } from "~/lib/forms";
import { useConformForm, type AppFormOptions, type FormCheck } from "./use-conform-form";

/**
 * Every form's state, one way (docs/architecture.md#forms): Conform checks the fields in the browser with
 * the same zod schema the server parses, on submit and then as the visitor corrects them; errors
 * sit beside their fields and focus goes to the first invalid one. The server's answer (or a
 * post made before JavaScript loaded) comes back through `result`, typed values included.
 */
export function useAppForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: Schema,
  options: AppFormOptions<Schema>,
) {
  return useConformForm<Schema>(
    (formData) => validateForm(formData, schema) as ReturnType<FormCheck<Schema>>,
    options,
  );
}
