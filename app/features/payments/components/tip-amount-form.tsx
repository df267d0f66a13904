import { Form, useNavigation } from "react-router";
import { Field, FieldError, Input } from "~/components/kit/field";
import { ROW } from "~/components/site/forms/choice-fields";
import { buttonClasses } from "~/components/ui/button";
import { TIP_CHOICES, TIP_TEXT } from "../tips.schema";

const CHOICE_LABELS: Record<(typeof TIP_CHOICES)[number], string> = {
  "10": "$10",
  "20": "$20",
  "30": "$30",
  other: TIP_TEXT.other,
};

/**
 * The tip's amount (docs/decisions/0078-tips-go-to-the-crew.md): the suggested amounts or another
 * one. A plain form: it posts without JavaScript, and the server checks the amount.
 */
export function TipAmountForm({
  action,
  errors,
  values,
}: {
  action: string;
  errors?: { choice?: string; other?: string };
  values?: { choice?: string; other?: string };
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Form method="post" action={action} className="space-y-5" noValidate>
      <fieldset aria-describedby={errors?.choice ? "tip-choice-error" : undefined}>
        <legend className="text-sm font-semibold">{TIP_TEXT.amountLegend}</legend>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {TIP_CHOICES.map((choice) => (
            <label key={choice} className={ROW}>
              <input
                type="radio"
                name="choice"
                value={choice}
                defaultChecked={values?.choice === choice}
                className="mt-1 size-4 shrink-0 accent-ink"
              />
              <span className="font-medium">{CHOICE_LABELS[choice]}</span>
            </label>
          ))}
        </div>
        <FieldError id="tip-choice-error" error={errors?.choice} />
      </fieldset>
      <Field label={TIP_TEXT.otherLabel} error={errors?.other} id="tip-other">
        {(props) => (
          <Input
            {...props}
            name="other"
            inputMode="decimal"
            placeholder="25"
            defaultValue={values?.other}
          />
        )}
      </Field>
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy || undefined}
        className={buttonClasses("ink", "w-full disabled:opacity-70")}
      >
        {TIP_TEXT.choose}
      </button>
    </Form>
  );
}
