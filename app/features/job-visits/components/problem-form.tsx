import { Form } from "react-router";
import { Field, NativeSelect, Textarea } from "~/components/kit/field";
import { buttonClasses } from "~/components/ui/button";
import { PROBLEM_KINDS, PROBLEM_LABELS } from "../job-visits";
import { PROBLEM_DETAILS_MAX } from "../job-visits.schema";
import { useIntentBusy } from "./visit-step-forms";

/** Report a problem: it reaches the office at once (timeline, email, the dispatch board). */
export function ProblemForm({ errors }: { errors?: Record<string, string> }) {
  const busy = useIntentBusy("problem");
  return (
    <details className="mt-8 rounded-lg border border-line bg-white p-5" open={Boolean(errors)}>
      <summary className="min-h-11 cursor-pointer py-2 font-semibold">Report a problem</summary>
      <Form method="post" className="mt-3 grid gap-4">
        <input type="hidden" name="intent" value="problem" />
        <Field label="What happened?" error={errors?.kind} id="problem-kind">
          {(control) => (
            <NativeSelect {...control} name="kind" defaultValue="key">
              {PROBLEM_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {PROBLEM_LABELS[kind]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field
          label="Details"
          hint="Needed for Other. The office reads this straight away."
          error={errors?.details}
          id="problem-details"
        >
          {(control) => (
            <Textarea {...control} name="details" rows={3} maxLength={PROBLEM_DETAILS_MAX} />
          )}
        </Field>
        <button type="submit" disabled={busy} className={buttonClasses("outline", "w-full")}>
          {busy ? "Sending..." : "Send to the office"}
        </button>
      </Form>
    </details>
  );
}
