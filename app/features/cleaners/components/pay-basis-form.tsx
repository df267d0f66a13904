import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { SelectField, TextField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { FormMessage } from "~/components/kit/form-message";
import { useResultToast } from "~/components/kit/toast";
import { buttonClasses } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import { EDIT_TEXT, PAY_BASIS_INTENT } from "../cleaner-admin-copy";
import {
  EMPLOYMENT_LABELS,
  EMPLOYMENT_TYPES,
  PAY_BASIS_TEXT,
  PayBasisSchema,
  SERVICE_RATE_FIELDS,
  type PayBasisValues,
} from "../pay-basis.schema";
import type { ProfileAnswer } from "../profile-answer";
import { Section } from "./profile-sections";

// docs/decisions/0092-pay-basis-and-other-payments.md: an owner's form for how a cleaner is paid.
// Like the bank form, the TFN is never shown back: only whether one is on file.

const PRIMARY = buttonClasses("ink", "dark:bg-gold dark:text-ink dark:hover:bg-gold-light");

export function PayBasisForm({ values }: { values: PayBasisValues }) {
  const fetcher = useFetcher<ProfileAnswer>();
  const answer = fetcher.data?.intent === PAY_BASIS_INTENT ? fetcher.data : undefined;
  useResultToast(answer);
  const { hasTfn, ...defaultValue } = values;
  const { form, fields, formProps } = useAppForm(PayBasisSchema, {
    id: "cleaner-pay-basis",
    result: answer,
    defaultValue,
  });
  // Saved, the typed TFN leaves the screen (once per answer).
  const saved = answer?.saved ? answer : undefined;
  const clearedFor = useRef<object | undefined>(undefined);
  useEffect(() => {
    if (!saved || clearedFor.current === saved) return;
    clearedFor.current = saved;
    form.update({ name: fields.tfn.name, value: "" });
  }, [saved, form, fields.tfn.name]);
  return (
    <Section id="edit-pay-basis" title={PAY_BASIS_TEXT.title}>
      <p className="mb-4 text-sm text-muted dark:text-mist">{PAY_BASIS_TEXT.intro}</p>
      <fetcher.Form method="post" {...formProps} className="space-y-4" autoComplete="off">
        <input type="hidden" name="intent" value={PAY_BASIS_INTENT} />
        <FormMessage message={answer?.formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField meta={fields.employmentType} label={PAY_BASIS_TEXT.employmentLegend}>
            {EMPLOYMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {EMPLOYMENT_LABELS[type]}
              </option>
            ))}
          </SelectField>
          <TextField
            meta={fields.hourlyRate}
            label="Hourly rate ($)"
            inputMode="decimal"
            hint={PAY_BASIS_TEXT.rateHint}
          />
          <TextField
            meta={fields.abn}
            label="ABN (contractors)"
            inputMode="numeric"
            hint="11 digits"
          />
          <TextField
            meta={fields.tfn}
            label="Tax file number (employees)"
            inputMode="numeric"
            autoComplete="off"
            hint={hasTfn ? PAY_BASIS_TEXT.tfnKeep("•••••••••") : "9 digits"}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-semibold">Rates per service type ($ an hour)</legend>
          <p className="mt-1 text-sm text-muted dark:text-mist">{PAY_BASIS_TEXT.serviceRateHint}</p>
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            {SERVICE_RATE_FIELDS.map(({ field, label }) => (
              <TextField key={field} meta={fields[field]} label={label} inputMode="decimal" />
            ))}
          </div>
        </fieldset>
        <p className="text-sm text-muted dark:text-mist">{PAY_BASIS_TEXT.noTax}</p>
        <SubmitButton
          busy={fetcher.state !== "idle"}
          busyLabel={EDIT_TEXT.saving}
          className={`${PRIMARY} disabled:cursor-wait`}
        >
          {PAY_BASIS_TEXT.submit}
        </SubmitButton>
      </fetcher.Form>
    </Section>
  );
}
