import { getFormProps, useForm, type Submission } from "@conform-to/react";
import { useMemo } from "react";
import type { z } from "zod";
import { toLastResult } from "~/lib/form-result";
import type { FormProblem } from "~/lib/forms";

export type AppFormOptions<Schema extends z.ZodType> = {
  /** The form's id: its fields' ids start with it, so two forms on a page need two. */
  id: string;
  /** The action's answer for this form, if it was the last one posted (a FormProblem or a success). */
  result?: FormProblem | object;
  defaultValue?: Partial<Record<keyof z.input<Schema>, string>>;
};

type Input<Schema extends z.ZodType> = z.input<Schema> & Record<string, unknown>;

/** Checks the form's data with its schema, as Conform's onValidate does. */
export type FormCheck<Schema extends z.ZodType> = (
  formData: FormData,
) => Submission<Input<Schema>, string[], z.output<Schema>>;

/**
 * Conform's form state, set up the one way every form uses (docs/architecture.md#forms): checked
 * on submit, then again as the visitor corrects the fields, with the server's answer through
 * `result`. `check` is how the fields are checked: useAppForm and useLazyAppForm supply it.
 */
export function useConformForm<Schema extends z.ZodType>(
  check: FormCheck<Schema>,
  { id, result, defaultValue }: AppFormOptions<Schema>,
) {
  const lastResult = useMemo(() => toLastResult(result), [result]);
  const [form, fields] = useForm<Input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => check(formData),
  });
  /** How many fields need fixing now, for the form's summary line. */
  const errorCount = Object.entries(form.allErrors).filter(
    ([name, errors]) => name !== "" && errors.length > 0,
  ).length;
  return { form, fields, formProps: getFormProps(form), errorCount };
}
