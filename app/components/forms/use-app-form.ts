import { getFormProps, useForm } from "@conform-to/react";
import { useMemo } from "react";
import type { z } from "zod";
import { toLastResult, validateForm, type FormProblem } from "~/lib/forms";

type Options<Schema extends z.ZodType> = {
  /** The form's id: its fields' ids start with it, so two forms on a page need two. */
  id: string;
  /** The action's answer for this form, if it was the last one posted (a FormProblem or a success). */
  result?: FormProblem | object;
  defaultValue?: Partial<Record<keyof z.input<Schema>, string>>;
};

/**
 * Every form's state, one way (docs/architecture.md#forms): Conform checks the fields in the browser with
 * the same zod schema the server parses, on submit and then as the visitor corrects them; errors
 * sit beside their fields and focus goes to the first invalid one. The server's answer (or a
 * post made before JavaScript loaded) comes back through `result`, typed values included.
 */
export function useAppForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: Schema,
  { id, result, defaultValue }: Options<Schema>,
) {
  const lastResult = useMemo(() => toLastResult(result), [result]);
  const [form, fields] = useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      validateForm(formData, schema) as ReturnType<typeof validateForm<Schema>>,
  });
  /** How many fields need fixing now, for the form's summary line. */
  const errorCount = Object.entries(form.allErrors).filter(
    ([name, errors]) => name !== "" && errors.length > 0,
  ).length;
  return { form, fields, formProps: getFormProps(form), errorCount };
}
